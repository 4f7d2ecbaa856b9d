/** The auth module's own queries (Better Auth runs the rest through its adapter). */
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, importRecords, users, verifications } from '../../db/schema';

/** Whether an account already uses this username (any case) and whether one uses this email. */
export async function findTaken(
  db: Db,
  username: string,
  email: string,
): Promise<{ username: boolean; email: boolean }> {
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(or(sql`lower(${users.username}) = ${username.toLowerCase()}`, eq(users.email, email)))
    .limit(2);
  return {
    username: rows.some((r) => r.username?.toLowerCase() === username.toLowerCase()),
    email: rows.some((r) => r.email === email),
  };
}

/** Whether another account than `userId` has this username, in any case. */
export async function usernameTakenByOther(
  db: Db,
  username: string,
  userId: string,
): Promise<boolean> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()} and ${users.id} <> ${userId}`)
    .limit(1);
  return other !== undefined;
}

/** The account with this (normalised) email: its name, for a mail. */
export async function findUserByEmail(
  db: Db,
  email: string,
): Promise<{ id: string; name: string } | undefined> {
  const [row] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return row;
}

/** Whether the newest reset-token row of `token` has expired (false when there is none). */
export async function resetTokenExpired(db: Db, token: string): Promise<boolean> {
  const [row] = await db
    .select({ expiresAt: verifications.expiresAt })
    .from(verifications)
    .where(eq(verifications.identifier, `reset-password:${token}`))
    .orderBy(desc(verifications.createdAt))
    .limit(1);
  return row !== undefined && row.expiresAt.getTime() < Date.now();
}

/**
 * Whether `email` is an account brought in from the first build (import_records) that has no
 * password yet: no credential account until "Forgot password" makes one (docs/import-firebase.md).
 */
export async function importedWithoutPassword(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(
      importRecords,
      and(eq(importRecords.collection, 'users'), eq(importRecords.localId, sql`${users.id}::text`)),
    )
    .where(
      and(
        eq(users.email, email),
        sql`not exists (select 1 from ${accounts} a where a.user_id = ${users.id} and a.provider_id = 'credential')`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
