/**
 * Who can be seen (docs/users.md): an account other than the system account that is not
 * banned right now (a ban with an expiry in the past no longer hides anyone). Every module
 * that asks "may this user be shown?" uses this one condition.
 */
import { and, ne, sql, type SQL } from 'drizzle-orm';
import { SYSTEM_USER_ID } from '@otakura/shared';
import { users } from './schema';

/** True while the user's ban holds. */
export const isBannedNow = sql<boolean>`(${users.banned} and (${users.banExpires} is null or ${users.banExpires} > now()))`;

/** WHERE condition on `users`: the row may be shown to others. */
export function visibleUser(): SQL {
  return and(ne(users.id, SYSTEM_USER_ID), sql`not ${isBannedNow}`)!;
}
