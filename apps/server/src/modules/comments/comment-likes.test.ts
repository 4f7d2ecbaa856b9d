import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommentPageSchema, LikeStateSchema } from '@otakura/shared';
import { queryRows } from '../../db/client';
import { commentLikes, comments } from '../../db/schema';
import { newId } from '../../lib/ids';
import { buildTestApp, type TestApp } from '../../test/app';
import {
  counterMismatches,
  createComment,
  createPost,
  createUser,
  type TestUser,
} from '../../test/factories';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function expectError(res: Response, status: number, code: string): Promise<void> {
  const body = (await res.json()) as { error?: { code: string } };
  expect({ status: res.status, code: body.error?.code }).toEqual({ status, code });
}

const like = (who: TestUser, id: string) => who.http(`/api/comments/${id}/like`, { method: 'PUT' });
const unlike = (who: TestUser, id: string) =>
  who.http(`/api/comments/${id}/like`, { method: 'DELETE' });

async function likeRows(commentId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from ${commentLikes} where ${commentLikes.commentId} = ${commentId}`,
  );
  return row!.n;
}

async function likeCount(commentId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: comments.likeCount })
    .from(comments)
    .where(eq(comments.id, commentId));
  return row!.n;
}

describe('PUT/DELETE /api/comments/:commentId/like', () => {
  it('likes and unlikes idempotently, with likedByMe in the list', async () => {
    const author = await createUser(t);
    const fan = await createUser(t);
    const post = await createPost(t, { userId: author.user.id });
    const comment = await createComment(t, { userId: author.user.id, postId: post.id });

    const first = await like(fan, comment.id);
    expect(first.status).toBe(200);
    expect(LikeStateSchema.parse(await first.json())).toEqual({ liked: true, likeCount: 1 });
    expect(await (await like(fan, comment.id)).json()).toEqual({ liked: true, likeCount: 1 });

    const page = CommentPageSchema.parse(
      await (await fan.http(`/api/posts/${post.id}/comments`)).json(),
    );
    expect(page.items[0]).toMatchObject({ id: comment.id, likedByMe: true, likeCount: 1 });
    const authorView = CommentPageSchema.parse(
      await (await author.http(`/api/posts/${post.id}/comments`)).json(),
    );
    expect(authorView.items[0]).toMatchObject({ likedByMe: false, likeCount: 1 });

    expect(await (await unlike(fan, comment.id)).json()).toEqual({ liked: false, likeCount: 0 });
    expect(await (await unlike(fan, comment.id)).json()).toEqual({ liked: false, likeCount: 0 });
    expect(await likeRows(comment.id)).toBe(0);
    expect(await counterMismatches(t)).toEqual([]);
  });

  it('refuses liking your own comment with 403 cannot_like_own_comment', async () => {
    const author = await createUser(t);
    const post = await createPost(t, { userId: author.user.id });
    const comment = await createComment(t, { userId: author.user.id, postId: post.id });
    await expectError(await like(author, comment.id), 403, 'cannot_like_own_comment');
    expect(await likeRows(comment.id)).toBe(0);
    expect(await likeCount(comment.id)).toBe(0);
  });

  it('refuses liking a deleted (system user) comment, and 404s unknown ones', async () => {
    const author = await createUser(t);
    const fan = await createUser(t);
    const post = await createPost(t, { userId: author.user.id });
    const comment = await createComment(t, { userId: author.user.id, postId: post.id });
    expect((await author.http(`/api/comments/${comment.id}`, { method: 'DELETE' })).status).toBe(
      200,
    );
    await expectError(await like(fan, comment.id), 403, 'cannot_like_deleted_comment');
    expect(await likeRows(comment.id)).toBe(0);
    for (const id of [newId(), 'nope'])
      await expectError(await like(fan, id), 404, 'comment_not_found');
  });

  it('keeps like_count equal to the rows under many concurrent likes and toggles (a real race on PostgreSQL; serialised on PGlite)', async () => {
    const author = await createUser(t);
    const post = await createPost(t, { userId: author.user.id });
    const comment = await createComment(t, { userId: author.user.id, postId: post.id });
    const fans = await Promise.all(Array.from({ length: 12 }, () => createUser(t)));

    // Everyone likes at once, each twice.
    const results = await Promise.all(
      fans.flatMap((f) => [like(f, comment.id), like(f, comment.id)]),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await likeCount(comment.id)).toBe(12);
    expect(await likeRows(comment.id)).toBe(12);

    // Half unlike while the others hammer like/unlike/like.
    await Promise.all(
      fans.flatMap((f, i) =>
        i % 2 === 0
          ? [unlike(f, comment.id), unlike(f, comment.id)]
          : [like(f, comment.id), unlike(f, comment.id), like(f, comment.id)],
      ),
    );
    const rows = await likeRows(comment.id);
    expect(await likeCount(comment.id)).toBe(rows);
    expect(await counterMismatches(t)).toEqual([]);
  });
});
