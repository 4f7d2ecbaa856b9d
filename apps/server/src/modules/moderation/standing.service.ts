/**
 * A user's standing as moderators see it (`UserStanding`): byline, role, whether a suspension
 * holds now (and until when, why) and how many warnings the audit log holds for them. The queue
 * (case authors), the user actions and the people search all present users through here.
 *
 * A suspension whose `ban_expires` has passed no longer holds (Better Auth clears the columns at
 * the next sign-in; until then they are read as "not suspended", like `isBannedNow`).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Role, UserStanding } from '@otakura/shared';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { isId } from '../../lib/ids';
import { toUserSummary, type UserSummaryRow } from '../../lib/user-summary';

/** The `users` columns (and the warning count) a standing needs, as Drizzle selects them. */
export interface StandingRow extends UserSummaryRow {
  role: string;
  banned: boolean;
  banReason: string | null;
  banExpires: Date | null;
  createdAt: Date;
  warningCount: number;
}

/**
 * Columns for `db.select(standingColumns).from(users)`: reuse them in any query over `users`
 * (the people search adds its own conditions and order) and present rows with `toUserStanding`.
 */
export const standingColumns = {
  id: users.id,
  name: users.name,
  username: users.username,
  displayUsername: users.displayUsername,
  profileImageKey: users.profileImageKey,
  role: users.role,
  banned: users.banned,
  banReason: users.banReason,
  banExpires: users.banExpires,
  createdAt: users.createdAt,
  // Written out in full: Drizzle leaves the columns of a one-table select unqualified, and an
  // unqualified "id" inside the subquery would be audit_log's.
  warningCount: sql<number>`(select count(*)::int from audit_log w
    where w.subject_id = "users"."id" and w.action = 'user.warn')`.mapWith(Number),
};

/** The role as the API names it (the admin plugin's column may hold anything). */
export function roleOf(role: string | null | undefined): Role {
  return role === 'admin' || role === 'moderator' ? role : 'user';
}

/** True while a suspension holds at `now`. */
export function isSuspended(
  row: Pick<StandingRow, 'banned' | 'banExpires'>,
  now: Date = new Date(),
): boolean {
  return row.banned && (row.banExpires === null || row.banExpires.getTime() > now.getTime());
}

/** Presents a standing row. */
export function toUserStanding(row: StandingRow, now: Date = new Date()): UserStanding {
  const suspended = isSuspended(row, now);
  return {
    ...toUserSummary(row),
    role: roleOf(row.role),
    suspended,
    suspendedUntil: suspended && row.banExpires ? row.banExpires.toISOString() : null,
    suspensionReason: suspended ? row.banReason : null,
    warningCount: row.warningCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Standings of several users by id (missing ids are simply absent). */
export async function findStandings(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, UserStanding>> {
  const ids = [...new Set(userIds)].filter(isId);
  if (!ids.length) return new Map();
  const rows = await db.select(standingColumns).from(users).where(inArray(users.id, ids));
  const now = new Date();
  return new Map(rows.map((r) => [r.id, toUserStanding(r, now)]));
}

/** One user's standing; undefined when there is no such account. */
export async function findStanding(db: Db, userId: string): Promise<UserStanding | undefined> {
  if (!isId(userId)) return undefined;
  const [row] = await db.select(standingColumns).from(users).where(eq(users.id, userId));
  return row ? toUserStanding(row) : undefined;
}

/** One user's standing; 404 `user_not_found` when there is no such account. */
export async function getStanding(db: Db, userId: string): Promise<UserStanding> {
  const standing = await findStanding(db, userId);
  if (!standing) throw notFound('user_not_found');
  return standing;
}
