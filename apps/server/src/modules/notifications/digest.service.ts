/**
 * The daily email digest (docs/notifications.md, "Email digest"): users with "Also by email" on
 * get, at most once a day, one mail listing their unread notifications not mailed before.
 * Every process runs the job; an advisory lock on PostgreSQL lets one of them send, and each
 * user is claimed by a conditional update of `last_digest_at`, so a mail never goes out twice.
 */
import { sql } from 'drizzle-orm';
import type { Notification } from '@otakura/shared';
import type { AppConfig } from '../../config/env';
import type { Db } from '../../db/client';
import type { Mailer } from '../mail/mailer';
import { digestMail } from '../mail/templates';
import { actorsById, toNotification } from './notifications.mapper';
import * as repo from './notifications.repository';

export interface DigestDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<AppConfig, 'productName' | 'publicUrl'>;
  log?: { error(obj: object, msg: string): void };
}

/** How often every process looks for digests to send. */
export const DIGEST_INTERVAL_MS = 10 * 60 * 1000;
/** At most one digest per user in this window. */
export const DIGEST_PERIOD_MS = 24 * 60 * 60 * 1000;
/** Users handled per tick (the rest wait for the next tick). */
const USERS_PER_TICK = 200;
/** Notifications listed in one mail; the others are counted ("…and 4 more"). */
const LINES_PER_MAIL = 20;
/** Notifications one digest covers (marked mailed); anything beyond waits for tomorrow. */
const NOTIFICATIONS_PER_MAIL = 200;

/** Who acted, as a sentence's subject: "Rin", "Rin and Kai", "Rin and 12 others". */
function actorsPhrase(n: Notification): string {
  const names = n.actors.map((a) => a.name || a.username);
  const first = names[0] ?? 'Someone';
  if (n.actorCount <= 1) return first;
  if (n.actorCount === 2 && names[1]) return `${first} and ${names[1]}`;
  const others = n.actorCount - 1;
  return `${first} and ${others} ${others === 1 ? 'other' : 'others'}`;
}

/** One English sentence for a notification (mail and other plain-text uses). */
export function describeNotification(n: Notification): string {
  const who = actorsPhrase(n);
  const about = n.excerpt ? `: “${n.excerpt}”` : '';
  const reason = n.reason ? ` Reason: ${n.reason}` : '';
  switch (n.type) {
    case 'comment':
      return `${who} commented on your post${about}`;
    case 'reply':
      return `${who} replied to your comment${about}`;
    case 'like':
      return `${who} liked your ${n.subtype === 'comment' ? 'comment' : 'post'}${about}`;
    case 'follow':
      return `${who} started following you`;
    case 'order':
      return `Your order${n.excerpt ? ` “${n.excerpt}”` : ''} was ${n.subtype === 'shipped' ? 'shipped' : 'paid'}`;
    case 'moderation':
      switch (n.subtype) {
        case 'report_actioned':
          return `Thanks for your report: a moderator took action${about}.${reason}`;
        case 'report_dismissed':
          return `A moderator reviewed your report and took no action${about}.${reason}`;
        case 'content_removed':
          return `A moderator removed your content${about}.${reason}`;
        case 'warned':
          return `A moderator warned you.${reason}`;
        case 'suspended':
          return `Your account was suspended.${reason}`;
        case 'unsuspended':
          return 'Your account is no longer suspended.';
        default:
          return `A moderation update${about}.${reason}`;
      }
  }
}

const consoleLog = {
  error(obj: object, msg: string) {
    console.error(msg, obj);
  },
};

/**
 * Sends the digests due at `now`: users with the `email` switch on and a verified address,
 * whose last digest is null or at least 24 hours old, with unread notifications not mailed
 * before. Marks those notifications `emailed_at` and the user's `last_digest_at`. A failed
 * send is logged and the user is tried again on a later tick. Returns how many mails went out.
 */
export async function sendDailyDigests(deps: DigestDeps, now = new Date()): Promise<number> {
  const log = deps.log ?? consoleLog;
  const due = await repo.findDigestRecipients(
    deps.db,
    new Date(now.getTime() - DIGEST_PERIOD_MS),
    USERS_PER_TICK,
  );
  let sent = 0;
  for (const user of due) {
    try {
      if (await sendOne(deps, user, now)) sent += 1;
    } catch (err) {
      log.error({ err, userId: user.id }, 'notification digest failed');
    }
  }
  return sent;
}

async function sendOne(deps: DigestDeps, user: repo.DigestRecipient, now: Date): Promise<boolean> {
  const before = new Date(now.getTime() - DIGEST_PERIOD_MS);
  // The claim: only one caller moves last_digest_at for this period.
  if (!(await repo.claimDigest(deps.db, user.id, now, before))) return false;
  try {
    const rows = await repo.listUnmailed(deps.db, user.id, NOTIFICATIONS_PER_MAIL);
    if (!rows.length) {
      await repo.setLastDigest(deps.db, user.id, user.lastDigestAt);
      return false;
    }
    const listed = rows.slice(0, LINES_PER_MAIL);
    const actors = actorsById(
      await repo.listActors(
        deps.db,
        listed.map((r) => r.id),
      ),
    );
    const base = deps.config.publicUrl.replace(/\/$/, '');
    const mail = digestMail(
      deps.config.productName,
      user.name,
      listed.map((r) => ({
        text: describeNotification(toNotification(r, actors.get(r.id) ?? [])),
        url: `${base}${r.link.startsWith('/') ? r.link : `/${r.link}`}`,
      })),
      rows.length - listed.length,
      { notifications: `${base}/notifications`, settings: `${base}/notifications` },
    );
    await deps.mailer.send({ to: user.email, ...mail });
    await repo.markEmailed(
      deps.db,
      rows.map((r) => r.id),
      now,
    );
    return true;
  } catch (err) {
    // Not sent: give the period back so a later tick tries again.
    await repo.setLastDigest(deps.db, user.id, user.lastDigestAt).catch(() => undefined);
    throw err;
  }
}

/** A 64-bit advisory lock key of its own. */
const DIGEST_LOCK = sql`hashtextextended('otakura:notification-digest', 0)`;

/**
 * Starts the digest job: a tick every 10 minutes (unref'd, so it never holds the process open)
 * and one shortly after start. On PostgreSQL a tick sends only when it takes the advisory lock
 * (another server sending meanwhile skips its tick). Returns the stop function, which waits for
 * a running tick.
 */
export function startDigestJob(
  deps: DigestDeps & { kind: 'pglite' | 'postgres' },
  intervalMs = DIGEST_INTERVAL_MS,
): () => Promise<void> {
  const log = deps.log ?? consoleLog;
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = runDigestTick(deps)
      .then(() => undefined)
      .catch((err: unknown) => log.error({ err }, 'notification digest job failed'))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(tick, Math.min(60_000, intervalMs));
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}

/**
 * One tick of the job: sends the due digests unless another process holds the digest lock
 * (PostgreSQL). How many mails went out, or null when it skipped.
 */
export async function runDigestTick(
  deps: DigestDeps & { kind: 'pglite' | 'postgres' },
  now = new Date(),
): Promise<number | null> {
  // PGlite is one process (the data directory is locked), so there is nobody to exclude.
  if (deps.kind === 'pglite') return sendDailyDigests(deps, now);
  // The transaction-level lock lives as long as this transaction (one pooled connection);
  // the digests themselves use other connections.
  return deps.db.transaction(async (tx) => {
    const result = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${DIGEST_LOCK}) as got`,
    )) as unknown as { rows: { got: boolean }[] };
    if (!result.rows[0]?.got) return null;
    return sendDailyDigests(deps, now);
  });
}
