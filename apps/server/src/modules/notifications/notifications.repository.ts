/** Drizzle queries of notifications (docs/notifications.md); each takes a db or a transaction. */
import { and, desc, eq, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  notificationActors,
  notifications,
  userBlocks,
  users,
  userSettings,
} from '../../db/schema';
import { SYSTEM_USER_ID } from '@otakura/shared';
import { visibleUser } from '../../db/visible-user';
import type { Cursor } from '../../lib/cursor';

export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationInsert = Omit<
  typeof notifications.$inferInsert,
  'id' | 'actorCount' | 'readAt' | 'emailedAt' | 'createdAt' | 'updatedAt'
>;

/** The microsecond UTC text of a timestamp (the keyset cursor's form, lib/cursor.ts). */
const cursorAt = sql<string>`to_char(${notifications.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export interface Recipient {
  /** The stored switches (missing keys take the defaults). */
  prefs: Record<string, boolean>;
  /** Either of recipient and actor blocked the other. */
  blocked: boolean;
}

/**
 * The recipient when they may be notified at all (exists, not the system account, not banned),
 * with their notification switches and whether a block stands between them and `actorId`.
 */
export async function findRecipient(
  db: Db,
  recipientId: string,
  actorId: string | null,
  /** Moderation outcomes reach a suspended user too: they read them when they are back. */
  evenIfSuspended = false,
): Promise<Recipient | undefined> {
  const blocked = actorId
    ? sql<boolean>`exists (select 1 from ${userBlocks} where (${userBlocks.blockerId} = ${recipientId} and ${userBlocks.blockedId} = ${actorId}) or (${userBlocks.blockerId} = ${actorId} and ${userBlocks.blockedId} = ${recipientId}))`
    : sql<boolean>`false`;
  const [row] = await db
    .select({ prefs: userSettings.notifications, blocked })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(
      and(
        eq(users.id, recipientId),
        evenIfSuspended ? ne(users.id, SYSTEM_USER_ID) : visibleUser(),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  return { prefs: row.prefs ?? {}, blocked: Boolean(row.blocked) };
}

/**
 * Inserts the notification, or — when an unread one with the same group key exists — takes
 * that one (locking its row until the transaction ends, so concurrent joins serialise).
 */
export async function upsertGroup(db: Db, values: NotificationInsert): Promise<string> {
  const [row] = await db
    .insert(notifications)
    .values(values)
    .onConflictDoUpdate({
      target: [notifications.userId, notifications.groupKey],
      targetWhere: isNull(notifications.readAt),
      // A no-op write: it only takes the row lock and returns the id.
      set: { groupKey: sql`excluded.group_key` },
    })
    .returning({ id: notifications.id });
  return row!.id;
}

/** Adds the actor to the notification; false when they were in it already. */
export async function addActor(db: Db, notificationId: string, actorId: string): Promise<boolean> {
  const rows = await db
    .insert(notificationActors)
    .values({ notificationId, actorId })
    .onConflictDoNothing()
    .returning({ actorId: notificationActors.actorId });
  return rows.length > 0;
}

/**
 * New activity: actor_count = the distinct actors, moved to the top, with the newest activity's
 * link and excerpt (a grouped follow opens the newest follower).
 */
export async function touchGroup(
  db: Db,
  notificationId: string,
  latest: { link: string; excerpt?: string | null },
): Promise<void> {
  await db
    .update(notifications)
    .set({
      actorCount: sql`(select count(*)::int from ${notificationActors} where ${notificationActors.notificationId} = ${notificationId})`,
      updatedAt: sql`now()`,
      link: latest.link,
      ...(latest.excerpt !== undefined ? { excerpt: latest.excerpt } : {}),
    })
    .where(eq(notifications.id, notificationId));
}

export interface ActorRow {
  notificationId: string;
  id: string;
  name: string;
  username: string | null;
  displayUsername: string | null;
  profileImageKey: string | null;
}

/** The newest `perNotification` actors of each notification (newest first). */
export async function listActors(
  db: Db,
  notificationIds: string[],
  perNotification = 3,
): Promise<ActorRow[]> {
  if (!notificationIds.length) return [];
  const ranked = db
    .select({
      notificationId: notificationActors.notificationId,
      id: users.id,
      name: users.name,
      username: users.username,
      displayUsername: users.displayUsername,
      profileImageKey: users.profileImageKey,
      createdAt: notificationActors.createdAt,
      rank: sql<number>`row_number() over (partition by ${notificationActors.notificationId} order by ${notificationActors.createdAt} desc, ${notificationActors.actorId} desc)`.as(
        'rank',
      ),
    })
    .from(notificationActors)
    .innerJoin(users, eq(users.id, notificationActors.actorId))
    // A banned or deleted actor is not shown (the count keeps them: it says what happened).
    .where(and(inArray(notificationActors.notificationId, notificationIds), visibleUser()))
    .as('ranked');
  return db
    .select({
      notificationId: ranked.notificationId,
      id: ranked.id,
      name: ranked.name,
      username: ranked.username,
      displayUsername: ranked.displayUsername,
      profileImageKey: ranked.profileImageKey,
    })
    .from(ranked)
    .where(sql`${ranked.rank} <= ${perNotification}`)
    .orderBy(ranked.notificationId, desc(ranked.createdAt), desc(ranked.id));
}

export async function findById(db: Db, id: string): Promise<NotificationRow | undefined> {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id)).limit(1);
  return row;
}

/** A page of the user's notifications, newest activity first (`limit + 1` rows). */
export async function listForUser(
  db: Db,
  userId: string,
  opts: { cursor?: Cursor; limit: number; unreadOnly: boolean },
): Promise<(NotificationRow & { cursorAt: string })[]> {
  const { cursor } = opts;
  return db
    .select({ ...notificationColumns, cursorAt })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        opts.unreadOnly ? isNull(notifications.readAt) : undefined,
        cursor
          ? or(
              lt(notifications.updatedAt, sql`${cursor.at}::timestamptz`),
              and(
                eq(notifications.updatedAt, sql`${cursor.at}::timestamptz`),
                lt(notifications.id, cursor.id),
              ),
            )
          : undefined,
      ),
    )
    .orderBy(desc(notifications.updatedAt), desc(notifications.id))
    .limit(opts.limit + 1);
}

const notificationColumns = {
  id: notifications.id,
  userId: notifications.userId,
  type: notifications.type,
  subtype: notifications.subtype,
  groupKey: notifications.groupKey,
  targetType: notifications.targetType,
  targetId: notifications.targetId,
  link: notifications.link,
  excerpt: notifications.excerpt,
  reason: notifications.reason,
  actorCount: notifications.actorCount,
  readAt: notifications.readAt,
  emailedAt: notifications.emailedAt,
  createdAt: notifications.createdAt,
  updatedAt: notifications.updatedAt,
};

export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** Marks some of the user's notifications read (ids of others are ignored). */
export async function markRead(db: Db, userId: string, ids: string[] | 'all'): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids === 'all' ? undefined : inArray(notifications.id, ids),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

// ---- The daily digest -------------------------------------------------------------------

export interface DigestRecipient {
  id: string;
  email: string;
  name: string;
  lastDigestAt: Date | null;
}

/**
 * Users due a digest: the `email` switch on, a verified address, visible (not banned), the last
 * digest at or before `before` (or never), and unread notifications not mailed yet.
 */
export async function findDigestRecipients(
  db: Db,
  before: Date,
  limit: number,
): Promise<DigestRecipient[]> {
  return db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      lastDigestAt: userSettings.lastDigestAt,
    })
    .from(userSettings)
    .innerJoin(users, eq(users.id, userSettings.userId))
    .where(
      and(
        sql`coalesce((${userSettings.notifications}->>'email')::boolean, false)`,
        eq(users.emailVerified, true),
        visibleUser(),
        or(
          isNull(userSettings.lastDigestAt),
          lte(userSettings.lastDigestAt, sql`${before.toISOString()}::timestamptz`),
        ),
        sql`exists (select 1 from ${notifications} where ${notifications.userId} = ${users.id} and ${notifications.readAt} is null and ${notifications.emailedAt} is null)`,
      ),
    )
    .orderBy(userSettings.userId)
    .limit(limit);
}

/** Takes this period's digest for the user: true when nobody else took it. */
export async function claimDigest(
  db: Db,
  userId: string,
  now: Date,
  before: Date,
): Promise<boolean> {
  const rows = await db
    .update(userSettings)
    .set({ lastDigestAt: now })
    .where(
      and(
        eq(userSettings.userId, userId),
        or(
          isNull(userSettings.lastDigestAt),
          lte(userSettings.lastDigestAt, sql`${before.toISOString()}::timestamptz`),
        ),
      ),
    )
    .returning({ userId: userSettings.userId });
  return rows.length > 0;
}

/** Puts `last_digest_at` back (the digest was not sent). */
export async function setLastDigest(db: Db, userId: string, at: Date | null): Promise<void> {
  await db.update(userSettings).set({ lastDigestAt: at }).where(eq(userSettings.userId, userId));
}

/** The user's unread notifications not mailed yet, newest activity first. */
export async function listUnmailed(db: Db, userId: string, limit: number) {
  return db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        isNull(notifications.emailedAt),
      ),
    )
    .orderBy(desc(notifications.updatedAt), desc(notifications.id))
    .limit(limit);
}

export async function markEmailed(db: Db, ids: string[], at: Date): Promise<void> {
  if (!ids.length) return;
  await db.update(notifications).set({ emailedAt: at }).where(inArray(notifications.id, ids));
}
