import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userBlocks, userFollows, users, userSettings } from '../../db/schema';
import { visibleUser } from '../../db/visible-user';

export type SettingsRow = typeof userSettings.$inferSelect;

export async function findSettings(db: Db, userId: string): Promise<SettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(userSettings)
    .where(eq(userSettings.userId, userId))
    .limit(1);
  return row;
}

/** Inserts the row with the given values, or updates just those on an existing row. */
export async function upsertSettings(
  db: Db,
  userId: string,
  values: Partial<Omit<SettingsRow, 'userId' | 'updatedAt' | 'lastDigestAt'>>,
  defaults: Omit<SettingsRow, 'userId' | 'updatedAt' | 'lastDigestAt'>,
): Promise<void> {
  await db
    .insert(userSettings)
    .values({ userId, ...defaults, ...values })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...values, updatedAt: sql`now()` } });
}

export async function findUserForSettings(db: Db, userId: string) {
  const [row] = await db
    .select({ id: users.id, birthDate: users.birthDate, nsfwOptIn: users.nsfwOptIn })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function setNsfwOptIn(db: Db, userId: string, value: boolean): Promise<void> {
  await db.update(users).set({ nsfwOptIn: value }).where(eq(users.id, userId));
}

/** True when the user exists and may be seen by others (db/visible-user.ts). */
export async function isVisibleUser(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), visibleUser()))
    .limit(1);
  return rows.length > 0;
}

/** True when `blockerId` blocked `blockedId`. */
export async function hasBlocked(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
    .limit(1);
  return rows.length > 0;
}

export async function insertBlock(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const rows = await db
    .insert(userBlocks)
    .values({ blockerId, blockedId })
    .onConflictDoNothing()
    .returning({ blockerId: userBlocks.blockerId });
  return rows.length > 0;
}

export async function deleteBlock(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const rows = await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
    .returning({ blockerId: userBlocks.blockerId });
  return rows.length > 0;
}

/**
 * Removes follows in both directions between two users and fixes the four
 * counters by exactly the rows removed.
 */
export async function removeFollowsBetween(db: Db, a: string, b: string): Promise<void> {
  const removed = await db
    .delete(userFollows)
    .where(
      or(
        and(eq(userFollows.followerId, a), eq(userFollows.followeeId, b)),
        and(eq(userFollows.followerId, b), eq(userFollows.followeeId, a)),
      ),
    )
    .returning({ followerId: userFollows.followerId, followeeId: userFollows.followeeId });
  for (const f of removed) {
    await db
      .update(users)
      .set({ followingCount: sql`${users.followingCount} - 1` })
      .where(eq(users.id, f.followerId));
    await db
      .update(users)
      .set({ followerCount: sql`${users.followerCount} - 1` })
      .where(eq(users.id, f.followeeId));
  }
}

export async function listBlocks(
  db: Db,
  blockerId: string,
  cursor: { at: string; id: string } | undefined,
  limit: number,
) {
  return db
    .select({
      id: users.id,
      username: users.username,
      displayUsername: users.displayUsername,
      name: users.name,
      profileImageKey: users.profileImageKey,
      blockedAt: userBlocks.createdAt,
      cursorAt: sql<string>`to_char(${userBlocks.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(
      and(
        eq(userBlocks.blockerId, blockerId),
        cursor
          ? or(
              lt(userBlocks.createdAt, sql`${cursor.at}::timestamptz`),
              and(
                eq(userBlocks.createdAt, sql`${cursor.at}::timestamptz`),
                lt(userBlocks.blockedId, cursor.id),
              ),
            )
          : undefined,
      ),
    )
    .orderBy(desc(userBlocks.createdAt), desc(userBlocks.blockedId))
    .limit(limit + 1);
}
