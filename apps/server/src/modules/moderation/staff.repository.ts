/** People search for moderators and the staff-role writes (docs/moderation.md). */
import { and, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { SYSTEM_USER_ID } from '@otakura/shared';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema';
import { isBannedNow } from '../../db/visible-user';
import type { Cursor } from '../../lib/cursor';
import { standingColumns } from './standing.service';

const peopleColumns = {
  ...standingColumns,
  cursorAt: sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
};

export interface PeopleFilter {
  /** An ILIKE pattern matched against username and name; undefined lists everyone. */
  pattern?: string;
  filter: 'all' | 'suspended' | 'staff';
}

/** One page of accounts, newest first over `(created_at, id)`; never the system account. */
export async function listPeople(
  db: Db,
  opts: PeopleFilter,
  after: Cursor | undefined,
  limit: number,
) {
  const where: SQL[] = [ne(users.id, SYSTEM_USER_ID)];
  if (opts.pattern !== undefined) {
    where.push(
      or(
        ilike(users.username, opts.pattern),
        ilike(users.displayUsername, opts.pattern),
        ilike(users.name, opts.pattern),
      )!,
    );
  }
  if (opts.filter === 'suspended') where.push(isBannedNow);
  if (opts.filter === 'staff') where.push(inArray(users.role, ['moderator', 'admin']));
  if (after)
    where.push(
      sql`(${users.createdAt}, ${users.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`,
    );
  return db
    .select(peopleColumns)
    .from(users)
    .where(and(...where))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit);
}

/** The account's role, the row locked FOR UPDATE; undefined for no such account (or the system one). */
export async function lockRole(
  tx: Tx,
  userId: string,
): Promise<{ role: string; username: string | null; displayUsername: string | null } | undefined> {
  const [row] = await tx
    .select({ role: users.role, username: users.username, displayUsername: users.displayUsername })
    .from(users)
    .where(and(eq(users.id, userId), ne(users.id, SYSTEM_USER_ID)))
    .for('update');
  return row;
}

export async function updateRole(tx: Tx, userId: string, role: string): Promise<void> {
  await tx.update(users).set({ role }).where(eq(users.id, userId));
}
