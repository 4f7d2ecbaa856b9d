/**
 * Drizzle queries of the users module (profiles, pictures, follows). Every function takes a `Db`, which may be a
 * transaction; the service decides the transactions.
 */
import { and, desc, eq, getTableColumns, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { userFollows, users } from '../../db/schema';
import type { Cursor } from '../../lib/cursor';
import type { UserSummaryRow } from '../../lib/user-summary';
import { isBannedNow, visibleUser } from '../../db/visible-user';
import type { UserRow } from './users.mapper';

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * A user others may see: exists, is not the system account, is not banned.
 * Undefined otherwise, so callers answer 404 whatever the reason.
 */
export async function findVisibleUser(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), visibleUser()))
    .limit(1);
  return row;
}

/** A visible user and whether `viewerId` follows them, in one statement (the profile page). */
const visibleUserForViewer = preparedFor((db) =>
  db
    .select({
      ...getTableColumns(users),
      followedByViewer: sql<boolean>`exists (select 1 from ${userFollows} where ${userFollows.followerId} = ${sql.placeholder('viewerId')} and ${userFollows.followeeId} = ${users.id})`,
    })
    .from(users)
    .where(and(eq(users.id, sql.placeholder('id')), visibleUser()))
    .limit(1)
    .prepare('visible_user_for_viewer'),
);

/** The profile's one statement (prepared: db/prepared.ts). */
export async function findVisibleUserForViewer(
  db: Db,
  id: string,
  viewerId: string,
): Promise<(UserRow & { followedByViewer: boolean }) | undefined> {
  const [row] = await visibleUserForViewer(db).execute({ id, viewerId });
  return row;
}

export async function isFollowing(
  db: Db,
  followerId: string,
  followeeId: string,
): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(userFollows)
    .where(and(eq(userFollows.followerId, followerId), eq(userFollows.followeeId, followeeId)))
    .limit(1);
  return rows.length > 0;
}

export interface ProfileFields {
  bio?: string;
  birthday?: string;
  /** `yyyy-mm-dd`, set together with `birthday`. */
  birthDate?: string;
}

/**
 * Sets bio and/or birthday in one statement, only where every field given is
 * still empty: either all are written or none (then undefined is returned).
 */
export async function setProfileFieldsIfEmpty(
  db: Db,
  id: string,
  fields: ProfileFields,
): Promise<UserRow | undefined> {
  const conditions: SQL[] = [eq(users.id, id)];
  const set: Partial<typeof users.$inferInsert> = {};
  if (fields.bio !== undefined) {
    conditions.push(sql`coalesce(btrim(${users.bio}), '') = ''`);
    set.bio = fields.bio;
  }
  if (fields.birthday !== undefined) {
    conditions.push(sql`coalesce(btrim(${users.birthday}), '') = ''`);
    set.birthday = fields.birthday;
    set.birthDate = fields.birthDate;
  }
  const [row] = await db
    .update(users)
    .set(set)
    .where(and(...conditions))
    .returning();
  return row;
}

export interface AccountFields {
  /** Lower-case, as Better Auth's username plugin stores it. */
  username?: string;
  displayUsername?: string;
  name?: string;
  phone?: string | null;
}

export async function updateAccountFields(
  db: Db,
  id: string,
  fields: AccountFields,
): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(fields).where(eq(users.id, id)).returning();
  return row;
}

/** True when another user holds this username in any case. */
export async function usernameTakenByOther(db: Db, username: string, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, ne(users.id, id)))
    .limit(1);
  return rows.length > 0;
}

export type ImageColumn = 'profileImageKey' | 'bannerImageKey';

/**
 * Points the user's avatar or banner at `newKey` and answers the key it replaced.
 * The row is locked first, so two uploads racing each get the other's key as the
 * old one and no file is left behind.
 */
export async function replaceImageKey(
  db: Db,
  id: string,
  column: ImageColumn,
  newKey: string,
): Promise<{ row: UserRow; oldKey: string | null } | undefined> {
  const [current] = await db
    .select({ key: users[column] })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  if (!current) return undefined;
  const [row] = await db
    .update(users)
    .set({ [column]: newKey })
    .where(eq(users.id, id))
    .returning();
  return row ? { row, oldKey: current.key } : undefined;
}

/** Inserts the follow row; true only when it was really inserted (not already there). */
export async function insertFollow(
  db: Db,
  followerId: string,
  followeeId: string,
): Promise<boolean> {
  const rows = await db
    .insert(userFollows)
    .values({ followerId, followeeId })
    .onConflictDoNothing()
    .returning({ followerId: userFollows.followerId });
  return rows.length > 0;
}

/** Deletes the follow row; true only when there was one to delete. */
export async function deleteFollow(
  db: Db,
  followerId: string,
  followeeId: string,
): Promise<boolean> {
  const rows = await db
    .delete(userFollows)
    .where(and(eq(userFollows.followerId, followerId), eq(userFollows.followeeId, followeeId)))
    .returning({ followerId: userFollows.followerId });
  return rows.length > 0;
}

/**
 * Moves followee.follower_count and follower.following_count by `delta`. The two rows
 * are updated in id order, so a follow A→B racing B→A cannot deadlock.
 */
export async function shiftFollowCounters(
  db: Db,
  followerId: string,
  followeeId: string,
  delta: 1 | -1,
): Promise<void> {
  const updates = [
    { id: followerId, set: { followingCount: sql`${users.followingCount} + ${delta}` } },
    { id: followeeId, set: { followerCount: sql`${users.followerCount} + ${delta}` } },
  ].sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const u of updates) await db.update(users).set(u.set).where(eq(users.id, u.id));
}

export async function followerCountOf(db: Db, id: string): Promise<number> {
  const [row] = await db.select({ n: users.followerCount }).from(users).where(eq(users.id, id));
  return row?.n ?? 0;
}

/** `created_at` as the cursor carries it: UTC with microseconds. */
const cursorAt = (column: typeof userFollows.createdAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export type FollowListRow = UserSummaryRow & { cursorAt: string };

/**
 * One keyset page of the people on one side of a user's follows, newest follow
 * first: `followers` of `userId`, or those `userId` is `following`. Banned users
 * are left out. Returns up to `limit + 1` rows so the caller knows if more follow.
 */
export async function listFollows(
  db: Db,
  side: 'followers' | 'following',
  userId: string,
  cursor: Cursor | undefined,
  limit: number,
): Promise<FollowListRow[]> {
  const own = side === 'followers' ? userFollows.followeeId : userFollows.followerId;
  const other = side === 'followers' ? userFollows.followerId : userFollows.followeeId;
  return db
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      displayUsername: users.displayUsername,
      profileImageKey: users.profileImageKey,
      cursorAt: cursorAt(userFollows.createdAt),
    })
    .from(userFollows)
    .innerJoin(users, eq(users.id, other))
    .where(
      and(
        eq(own, userId),
        sql`not ${isBannedNow}`,
        cursor
          ? sql`(${userFollows.createdAt}, ${other}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(userFollows.createdAt), desc(other))
    .limit(limit + 1);
}
