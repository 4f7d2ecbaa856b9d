/**
 * In-app notifications (issue 09, docs/notifications.md). Other modules tell the notifier what
 * happened after their write commits; it stores (grouping likes and follows), publishes
 * `notification.created` on `user:{id}`, and hands the notification to the deliverers (push).
 */
import {
  DEFAULT_NOTIFICATIONS,
  LIMITS,
  liveTopics,
  SYSTEM_USER_ID,
  type MarkReadInput,
  type Notification,
  type NotificationPage,
  type NotificationPrefs,
  type NotificationsQuery,
  type NotificationSubtype,
  type NotificationType,
  type UnreadCount,
} from '@otakura/shared';
import { z } from 'zod';
import { runInTransaction, type Db } from '../../db/client';
import { cursorCodec, cursorId, cursorTimestamp, type Cursor } from '../../lib/cursor';
import { newId } from '../../lib/ids';
import type { LiveBus } from '../live/live-bus';
import { publishLive } from '../live/live-publish';
import { actorsById, toNotification } from './notifications.mapper';
import * as repo from './notifications.repository';

/** The notification list's cursor over (updated_at, id); its own tag. */
const notificationCursor = cursorCodec({
  wire: z.tuple([z.literal('nt'), cursorTimestamp, cursorId]),
  read: ([, at, id]): Cursor => ({ at, id }),
  write: (c: Cursor) => ['nt', c.at, c.id] as const,
});

/** One thing that happened, for one recipient. */
export interface NotifyInput {
  recipientId: string;
  type: NotificationType;
  subtype?: NotificationSubtype | null;
  /** Who acted (comments, replies, likes, follows); none for moderation and orders. */
  actorId?: string | null;
  /** Activity with the same key joins an unread notification (likes, follows); default: unique. */
  groupKey?: string;
  targetType?: string | null;
  targetId?: string | null;
  /** Web path to open. */
  link: string;
  excerpt?: string | null;
  reason?: string | null;
}

/** A stored notification, handed to the deliverers (Web Push) after it is stored. */
export interface DeliveredNotification {
  id: string;
  recipientId: string;
  type: NotificationType;
  subtype: NotificationSubtype | null;
  /** Display name of the newest actor, when there is one. */
  actorName: string | null;
  actorCount: number;
  excerpt: string | null;
  reason: string | null;
  link: string;
  /** The same tag for a grouped notification, so a newer push replaces the older one. */
  groupKey: string;
}

export interface NotificationDeliverer {
  deliver(n: DeliveredNotification): Promise<void>;
}

export interface Notifier {
  /** Never throws into the caller: failures are logged. Respects the recipient's settings and blocks. */
  notify(input: NotifyInput): Promise<void>;
  notifyMany(inputs: NotifyInput[]): Promise<void>;
}

export interface NotifierDeps {
  db: Db;
  live: LiveBus;
  deliverers?: NotificationDeliverer[];
  log?: { error(obj: object, msg: string): void };
}

/** Longest excerpt stored with a notification (the list shows one line). */
export const EXCERPT_MAX = 140;

/** A one-line excerpt of a text for a notification: whitespace collapsed, cut with "…". */
export function notificationExcerpt(text: string | null | undefined): string | null {
  if (!text) return null;
  const line = text.replace(/\s+/g, ' ').trim();
  if (!line) return null;
  const chars = [...line];
  return chars.length > EXCERPT_MAX
    ? `${chars
        .slice(0, EXCERPT_MAX - 1)
        .join('')
        .trimEnd()}…`
    : line;
}

const SETTING_OF: Partial<Record<NotificationType, keyof NotificationPrefs>> = {
  comment: 'comments',
  reply: 'replies',
  like: 'likes',
  follow: 'follows',
};

/** Whether the recipient's switches allow this type (moderation and orders always notify). */
export function allowedBySettings(
  type: NotificationType,
  stored: Record<string, boolean> | null | undefined,
): boolean {
  const key = SETTING_OF[type];
  if (!key) return true;
  return { ...DEFAULT_NOTIFICATIONS, ...(stored ?? {}) }[key] !== false;
}

/**
 * Stores one input in a transaction; the notification's id when something changed (a new
 * notification, or a new actor joined a grouped one), else null (skipped or the same actor again).
 */
async function store(db: Db, input: NotifyInput): Promise<string | null> {
  const actorId = input.actorId ?? null;
  if (actorId && actorId === input.recipientId) return null;
  if (input.recipientId === SYSTEM_USER_ID) return null;
  return runInTransaction(db, async (tx) => {
    const recipient = await repo.findRecipient(
      tx,
      input.recipientId,
      actorId,
      input.type === 'moderation',
    );
    if (!recipient || recipient.blocked) return null;
    if (!allowedBySettings(input.type, recipient.prefs)) return null;
    const id = await repo.upsertGroup(tx, {
      userId: input.recipientId,
      type: input.type,
      subtype: input.subtype ?? null,
      groupKey: input.groupKey ?? `unique:${newId()}`,
      targetType: input.targetType ?? null,
      targetId: input.targetId ?? null,
      link: input.link,
      excerpt: input.excerpt ?? null,
      reason: input.reason ?? null,
    });
    if (actorId && !(await repo.addActor(tx, id, actorId))) return null;
    await repo.touchGroup(tx, id, { link: input.link, excerpt: input.excerpt });
    return id;
  });
}

/** One notification as the API shows it (actors newest first, at most 3), with its group key. */
async function loadNotification(
  db: Db,
  id: string,
): Promise<{ notification: Notification; groupKey: string } | undefined> {
  const row = await repo.findById(db, id);
  if (!row) return undefined;
  const actors = actorsById(await repo.listActors(db, [id])).get(id) ?? [];
  return { notification: toNotification(row, actors), groupKey: row.groupKey };
}

function toDelivered(
  n: Notification,
  recipientId: string,
  groupKey: string,
): DeliveredNotification {
  const newest = n.actors[0];
  return {
    id: n.id,
    recipientId,
    type: n.type,
    subtype: n.subtype,
    actorName: newest ? newest.name || newest.username : null,
    actorCount: n.actorCount,
    excerpt: n.excerpt,
    reason: n.reason,
    link: n.link,
    groupKey,
  };
}

const consoleLog = {
  error(obj: object, msg: string) {
    console.error(msg, obj);
  },
};

/**
 * The real notifier: stores (grouping by key while unread, safe under concurrent calls),
 * publishes `notification.created` with the unread count on `user:{id}`, then hands the
 * notification to each deliverer. Nothing it does throws into the caller.
 */
export function createNotifier(deps: NotifierDeps): Notifier {
  const log = deps.log ?? consoleLog;
  const deliverers = deps.deliverers ?? [];

  async function notify(input: NotifyInput): Promise<void> {
    let delivered: DeliveredNotification;
    try {
      const id = await store(deps.db, input);
      if (!id) return;
      const loaded = await loadNotification(deps.db, id);
      if (!loaded) return;
      const { notification, groupKey } = loaded;
      delivered = toDelivered(notification, input.recipientId, groupKey);
      const unread = await repo.countUnread(deps.db, input.recipientId);
      await deps.live
        .publish({
          type: 'notification.created',
          topic: liveTopics.user(input.recipientId),
          notification,
          unread,
        })
        .catch((err: unknown) => log.error({ err }, 'notification live event failed'));
    } catch (err) {
      log.error({ err, type: input.type }, 'notification failed');
      return;
    }
    await Promise.all(
      deliverers.map(async (d) => {
        try {
          await d.deliver(delivered);
        } catch (err) {
          log.error({ err, notificationId: delivered.id }, 'notification delivery failed');
        }
      }),
    );
  }

  return {
    notify,
    async notifyMany(inputs) {
      for (const input of inputs) await notify(input);
    },
  };
}

// ---- The API (routes) --------------------------------------------------------------------

/** `GET /api/notifications`: newest activity first, keyset over (updated_at, id). */
export async function listNotifications(
  db: Db,
  userId: string,
  query: NotificationsQuery,
): Promise<NotificationPage> {
  const cursor = notificationCursor.decode(query.cursor);
  const limit = Math.min(Math.max(query.limit ?? LIMITS.pageSizeDefault, 1), LIMITS.pageSizeMax);
  const rows = await repo.listForUser(db, userId, {
    cursor,
    limit,
    unreadOnly: query.unread === 'true',
  });
  const page = rows.slice(0, limit);
  const actors = actorsById(
    await repo.listActors(
      db,
      page.map((r) => r.id),
    ),
  );
  const last = page[page.length - 1];
  return {
    items: page.map((r) => toNotification(r, actors.get(r.id) ?? [])),
    nextCursor:
      rows.length > limit && last
        ? notificationCursor.encode({ at: last.cursorAt, id: last.id })
        : null,
  };
}

/** `GET /api/notifications/unread-count` */
export async function unreadCount(db: Db, userId: string): Promise<UnreadCount> {
  return { unread: await repo.countUnread(db, userId) };
}

/**
 * `POST /api/notifications/read`: the given ids of the user's own notifications (others' are
 * ignored), or all; publishes `notification.read` with the new count for the user's other tabs.
 */
export async function markRead(
  deps: { db: Db; live: LiveBus },
  userId: string,
  input: MarkReadInput,
): Promise<UnreadCount> {
  await repo.markRead(deps.db, userId, 'all' in input ? 'all' : input.ids);
  const unread = await repo.countUnread(deps.db, userId);
  await publishLive(deps.live, [liveTopics.user(userId)], (topic) => ({
    type: 'notification.read' as const,
    topic,
    unread,
  }));
  return { unread };
}
