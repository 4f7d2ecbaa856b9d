/**
 * Web Push (issue 09, docs/notifications.md): VAPID keys, subscriptions, delivery with the
 * `web-push` package.
 *
 * Keys come from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, or are generated once into
 * `DATA_DIR/vapid.json` (mode 0600) and reused on later starts. The deliverer sends each
 * stored notification (the notifier has already applied the recipient's settings and blocks)
 * as a `PushPayload` to every subscription of the recipient, in the background: it never
 * blocks or fails the caller. 404/410 from the push service drops the subscription; other
 * failures count, and the fifth in a row drops it; a success resets the count.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import type { Agent } from 'node:https';
import path from 'node:path';
import type { PushKey, PushPayload, PushSubscriptionInput } from '@otakura/shared';
import type { AppConfig } from '../../config/env';
import type { Database, Db } from '../../db/client';
import type { DeliveredNotification, NotificationDeliverer } from './notifications.service';
import * as repo from './push.repository';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** How long a push service keeps an undelivered message (seconds). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** Consecutive failures (other than 404/410) after which a subscription is dropped. */
export const PUSH_MAX_FAILURES = 5;
const PUSH_TIMEOUT_MS = 10_000;

const VAPID_FILE = 'vapid.json';
/** Per configuration (one per app): read or made once, then kept. */
const keyCache = new WeakMap<AppConfig, Promise<VapidKeys>>();

function isKeys(v: unknown): v is VapidKeys {
  const o = v as Partial<VapidKeys> | null;
  return typeof o?.publicKey === 'string' && typeof o.privateKey === 'string';
}

async function readOrCreateKeys(dataDir: string): Promise<VapidKeys> {
  const file = path.join(dataDir, VAPID_FILE);
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (isKeys(parsed)) return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
    throw new Error(`${file} does not hold VAPID keys; delete it to generate new ones`);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const { default: webPush } = await import('web-push');
  const keys = webPush.generateVAPIDKeys();
  await mkdir(dataDir, { recursive: true });
  try {
    // 'wx': if another process wrote the file meanwhile, theirs wins and is read back.
    await writeFile(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    return keys;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return readOrCreateKeys(dataDir);
  }
}

/** The VAPID keys in force: the configured ones, else those of `DATA_DIR/vapid.json` (made on first use). */
export function vapidKeys(config: AppConfig): Promise<VapidKeys> {
  if (config.vapid) return Promise.resolve(config.vapid);
  let keys = keyCache.get(config);
  if (!keys) {
    keys = readOrCreateKeys(config.dataDir);
    keyCache.set(config, keys);
    keys.catch(() => keyCache.delete(config));
  }
  return keys;
}

/** `GET /api/push/key`; null when push is off (no keys could be read or made: the start logged why). */
export async function getPushKey(config: AppConfig): Promise<PushKey> {
  try {
    return { publicKey: (await vapidKeys(config)).publicKey };
  } catch {
    return { publicKey: null };
  }
}

/** `POST /api/push/subscriptions`: stores the subscription; an endpoint seen before moves to `userId`. */
export async function subscribe(
  db: Db,
  userId: string,
  input: PushSubscriptionInput,
  userAgent: string | undefined,
): Promise<void> {
  await repo.upsertSubscription(db, {
    userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
}

/** `DELETE /api/push/subscriptions`: removes the endpoint if it is `userId`'s (silently nothing otherwise). */
export async function unsubscribe(db: Db, userId: string, endpoint: string): Promise<void> {
  await repo.deleteOwnSubscription(db, userId, endpoint);
}

// ---------------------------------------------------------------- what a push says

const others = (n: number) => (n === 1 ? '1 other' : `${n} others`);

/** "Rin", "Rin and 1 other", "Rin and 12 others". */
function actorsPhrase(n: DeliveredNotification): string {
  const first = n.actorName ?? 'Someone';
  return n.actorCount > 1 ? `${first} and ${others(n.actorCount - 1)}` : first;
}

function withExcerpt(sentence: string, excerpt: string | null): string {
  return excerpt ? `${sentence}: “${excerpt}”` : `${sentence}.`;
}

function withReason(sentence: string, reason: string | null): string {
  return reason ? `${sentence} Reason: ${reason}` : sentence;
}

/** The plain English sentence a push shows (the web's list words the same events). */
export function pushBody(n: DeliveredNotification): string {
  const who = actorsPhrase(n);
  switch (n.type) {
    case 'comment':
      return withExcerpt(`${who} commented on your post`, n.excerpt);
    case 'reply':
      return withExcerpt(`${who} replied to your comment`, n.excerpt);
    case 'like':
      return `${who} liked your ${n.subtype === 'comment' ? 'comment' : 'post'}.`;
    case 'follow':
      return `${who} started following you.`;
    case 'order': {
      const order = n.excerpt ? `Your order ${n.excerpt}` : 'Your order';
      return n.subtype === 'shipped' ? `${order} has shipped.` : `${order} is paid.`;
    }
    case 'moderation':
      switch (n.subtype) {
        case 'report_actioned':
          return 'Thanks for your report: a moderator took action.';
        case 'report_dismissed':
          return 'A moderator reviewed your report and left the content up.';
        case 'content_removed':
          return withReason('A moderator removed your content.', n.reason);
        case 'warned':
          return withReason('A moderator sent you a warning.', n.reason);
        case 'suspended':
          return withReason('Your account has been suspended.', n.reason);
        case 'unsuspended':
          return 'Your account is no longer suspended.';
        default:
          return 'There is news about your account.';
      }
  }
}

/** What the service worker receives for a stored notification. */
export function pushPayload(productName: string, n: DeliveredNotification): PushPayload {
  return { title: productName, body: pushBody(n), link: n.link, tag: n.groupKey };
}

/** The push service's Topic header (≤ 32 URL-safe characters): a newer grouped push replaces the pending one. */
const topicOf = (groupKey: string) =>
  createHash('sha256').update(groupKey).digest('base64url').slice(0, 32);

// ---------------------------------------------------------------- delivery

/**
 * Per-database delivery settings. `agent`: the HTTPS agent web-push uses (tests hand in the
 * loopback agent of the stand-in push service; unset in production). `pending`: deliveries
 * in flight, so a test (or a shutdown) can wait for them with `pushIdle`.
 */
export interface PushSettings {
  agent?: Agent;
  pending: Set<Promise<void>>;
}

const settings = new WeakMap<Database, PushSettings>();

export function pushSettings(database: Database): PushSettings {
  let s = settings.get(database);
  if (!s) {
    s = { pending: new Set() };
    settings.set(database, s);
  }
  return s;
}

/** Resolves once every delivery started so far (and any they started) has finished. */
export async function pushIdle(database: Database): Promise<void> {
  const s = pushSettings(database);
  while (s.pending.size) await Promise.allSettled([...s.pending]);
}

function statusOf(err: unknown): number | undefined {
  const code = (err as { statusCode?: unknown } | null)?.statusCode;
  return typeof code === 'number' ? code : undefined;
}

async function sendToAll(
  config: AppConfig,
  database: Database,
  n: DeliveredNotification,
  log: PushLog,
): Promise<void> {
  const db = database.db;
  const subscriptions = await repo.listForUser(db, n.recipientId);
  if (!subscriptions.length) return;
  const keys = await vapidKeys(config);
  const payload = JSON.stringify(pushPayload(config.productName, n));
  const agent = pushSettings(database).agent;
  const { default: webPush } = await import('web-push'); // loaded with the first push, not at start
  await Promise.all(
    subscriptions.map(async (s) => {
      try {
        await webPush.sendNotification(
          { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
          payload,
          {
            vapidDetails: {
              subject: config.vapidSubject,
              publicKey: keys.publicKey,
              privateKey: keys.privateKey,
            },
            TTL: PUSH_TTL_SECONDS,
            topic: topicOf(n.groupKey),
            timeout: PUSH_TIMEOUT_MS,
            ...(agent ? { agent } : {}),
          },
        );
        await repo.recordSuccess(db, s.id, new Date());
      } catch (err) {
        const status = statusOf(err);
        if (status === 404 || status === 410) {
          // The browser unsubscribed or the subscription expired: it will never work again.
          await repo.deleteById(db, s.id);
        } else {
          log.warn({ err, status, subscriptionId: s.id }, 'web push delivery failed');
          await repo.recordFailure(db, s.id, PUSH_MAX_FAILURES);
        }
      }
    }),
  );
}

export interface PushLog {
  warn(obj: object, msg: string): void;
}

/**
 * The Web Push deliverer handed to the notifier. `deliver` returns at once; the sending runs
 * in the background and its errors are logged, never thrown.
 */
export function createPushDeliverer(
  config: AppConfig,
  database: Database,
  log: PushLog = { warn: (obj, msg) => console.warn(msg, obj) },
): NotificationDeliverer {
  // Made (or read) at start, so the file exists before the first browser asks for the key.
  vapidKeys(config).catch((err: unknown) => log.warn({ err }, 'VAPID keys unavailable'));
  return {
    async deliver(n) {
      const { pending } = pushSettings(database);
      const job = sendToAll(config, database, n, log)
        .catch((err: unknown) => log.warn({ err }, 'web push delivery failed'))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
  };
}
