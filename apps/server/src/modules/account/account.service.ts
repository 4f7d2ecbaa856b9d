/**
 * The account as a whole: statistics counted from the rows, "Download my data" and account
 * deletion (Better Auth's delete-user calls `deleteAccount` through
 * `ctx.hooks.beforeDeleteUser`, installed by account.routes). Queries in account.repository,
 * the export's shape in account.mapper.
 */
import { SYSTEM_USER_ID, type AccountExport, type AccountStats } from '@otakura/shared';
import { runInTransaction, type Db } from '../../db/client';
import { badRequest, unauthorized } from '../../lib/errors';
import type { Storage } from '../../storage/storage';
import { listOrdersForExport } from '../orders/orders.service';
import { uploadPrefix } from '../uploads/upload.service';
import { toAccountExport } from './account.mapper';
import * as repo from './account.repository';

export interface AccountDeps {
  db: Db;
  storage: Storage;
}

/** Account Statistics, counted from the rows. */
export async function getStats(db: Db, userId: string): Promise<AccountStats> {
  const user = await repo.findAccountUser(db, userId);
  if (!user) throw unauthorized();
  const s = await repo.accountStats(db, userId);
  return {
    posts: s.posts,
    comments: s.comments,
    likesGiven: s.likesGiven,
    likesReceived: s.likesReceived,
    followers: s.followers,
    following: s.following,
    communities: s.communities,
    memberSince: user.createdAt.toISOString(),
  };
}

/**
 * "Download my data": everything held about the user, read in one read-only
 * snapshot. The mapper leaves out password hashes, tokens and two-factor secrets.
 */
export async function exportAccount(db: Db, userId: string): Promise<AccountExport> {
  return runInTransaction(
    db,
    async (tx) => {
      const user = await repo.findAccountUser(tx, userId);
      if (!user) throw unauthorized();
      const data = await repo.exportData(tx, userId);
      return toAccountExport(user, data, await listOrdersForExport(tx, userId), new Date());
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The storage folders that hold a user's files (spec §7 layout). */
export function userFilePrefixes(userId: string): string[] {
  return (['user-profile-images', 'post-images', 'post-videos'] as const).map((f) =>
    uploadPrefix(f, userId),
  );
}

/**
 * Deletes an account (called by Better Auth's delete-user through
 * `ctx.hooks.beforeDeleteUser`). In one transaction: comments become tombstones
 * (spec §4); likes, follows, memberships and posts are removed with every counter
 * moved by exactly the rows removed; then the user row itself (sessions, accounts
 * and two-factor go with it), so no new comment can slip in and block the delete.
 * After the commit, their files are deleted; a storage failure is reported, not
 * thrown, since the account is gone either way.
 */
export async function deleteAccount(
  deps: AccountDeps,
  userId: string,
): Promise<{ deleted: boolean; storageErrors: unknown[] }> {
  if (userId === SYSTEM_USER_ID) throw badRequest('cannot_delete_system_user');
  const deleted = await runInTransaction(deps.db, (tx) => repo.deleteUserAndContent(tx, userId));
  const results = await Promise.allSettled(
    userFilePrefixes(userId).map((p) => deps.storage.deletePrefix(p)),
  );
  const storageErrors = results.flatMap((r) =>
    r.status === 'rejected' ? [r.reason as unknown] : [],
  );
  return { deleted, storageErrors };
}
