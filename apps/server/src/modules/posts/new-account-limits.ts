/**
 * Anti-spam for new accounts (issue 09, docs/moderation.md): an account younger than a day may
 * create at most `postsPerHour` posts in any rolling hour (429 `new_account_post_limit`; its
 * deleted posts count too, so deleting does not make room) and, until its email is verified,
 * may not post links — a URL post, or `http(s)://` in the title or body (403
 * `new_account_links_need_verification`). The general write rate limits apply on top.
 */
import { and, count, eq, gt, min } from 'drizzle-orm';
import type { CreatePostInput } from '@otakura/shared';
import type { Db } from '../../db/client';
import { posts, users } from '../../db/schema';
import { AppError } from '../../lib/errors';

/** Accounts younger than this are "new". */
export const NEW_ACCOUNT_AGE_MS = 24 * 60 * 60 * 1000;
/** The rolling window of the post limit. */
export const NEW_ACCOUNT_WINDOW_MS = 60 * 60 * 1000;

const LINK = /https?:\/\//i;

/** Whether a post would carry a link: a URL post, or http(s):// in its title or body. */
export function postHasLink(input: Pick<CreatePostInput, 'url' | 'title' | 'body'>): boolean {
  return Boolean(input.url) || LINK.test(input.title ?? '') || LINK.test(input.body ?? '');
}

/**
 * Throws when `userId`, a new account, may not create this post now. `lock`: take the user's
 * row lock first (inside the create transaction), so parallel posts of one account are
 * counted one after another.
 */
export async function enforceNewAccountLimits(
  db: Db,
  userId: string,
  input: Pick<CreatePostInput, 'url' | 'title' | 'body'>,
  postsPerHour: number,
  options: { lock?: boolean; now?: Date } = {},
): Promise<void> {
  const now = options.now ?? new Date();
  const query = db
    .select({ createdAt: users.createdAt, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId));
  const [user] = options.lock ? await query.for('update') : await query;
  if (!user || now.getTime() - user.createdAt.getTime() >= NEW_ACCOUNT_AGE_MS) return;

  if (!user.emailVerified && postHasLink(input))
    throw new AppError('new_account_links_need_verification');

  const since = new Date(now.getTime() - NEW_ACCOUNT_WINDOW_MS);
  const [recent] = await db
    .select({ n: count(), oldest: min(posts.createdAt) })
    .from(posts)
    .where(and(eq(posts.userId, userId), gt(posts.createdAt, since)));
  if ((recent?.n ?? 0) < postsPerHour) return;
  const oldest = recent?.oldest ? new Date(recent.oldest).getTime() : now.getTime();
  const retryAfter = Math.max(
    1,
    Math.ceil((oldest + NEW_ACCOUNT_WINDOW_MS - now.getTime()) / 1000),
  );
  throw new AppError('new_account_post_limit', undefined, undefined, retryAfter);
}
