import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CommentPageSchema,
  CommentSchema,
  DELETED_COMMENT_TEXT,
  LIMITS,
  SYSTEM_USER_ID,
  type Comment,
  type CommentPage,
} from '@otakura/shared';
import { comments, media, posts } from '../../db/schema';
import { newId } from '../../lib/ids';
import { buildTestApp, type TestApp } from '../../test/app';
import { expectCursorRefused } from '../../test/expect-error';
import {
  counterMismatches,
  createComment,
  createMedia,
  createPost,
  createUser,
  withCookie,
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

const postComment = (who: TestUser, postId: string, json: unknown) =>
  who.http(`/api/posts/${postId}/comments`, { method: 'POST', json });

async function commentOn(
  who: TestUser,
  postId: string,
  body: string,
  replyToId?: string,
): Promise<Comment> {
  const res = await postComment(who, postId, { body, replyToId });
  expect(res.status).toBe(201);
  return CommentSchema.parse(await res.json());
}

async function listPage(who: TestUser, path: string): Promise<CommentPage> {
  const res = await who.http(path);
  expect(res.status).toBe(200);
  return CommentPageSchema.parse(await res.json());
}

async function commentRow(id: string) {
  const [row] = await t.database.db.select().from(comments).where(eq(comments.id, id));
  return row!;
}

async function postCommentCount(id: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: posts.commentCount })
    .from(posts)
    .where(eq(posts.id, id));
  return row!.n;
}

describe('comments on a post', () => {
  it('adds a comment with the author, counts it in the same write, and lists it', async () => {
    const author = await createUser(t);
    const reader = await createUser(t);
    const post = await createPost(t, { userId: author.user.id });

    const comment = await commentOn(reader, post.id, '  Great episode!  ');
    expect(comment).toMatchObject({
      postId: post.id,
      mediaId: null,
      body: 'Great episode!',
      author: { id: reader.user.id, username: reader.user.displayUsername },
      likeCount: 0,
      likedByMe: false,
      reportedByMe: false,
      replyTo: null,
      deleted: false,
      edited: false,
    });
    expect(await postCommentCount(post.id)).toBe(1);

    const page = await listPage(author, `/api/posts/${post.id}/comments`);
    expect(page.items.map((c) => c.id)).toEqual([comment.id]);
    expect(page.nextCursor).toBeNull();

    const one = await author.http(`/api/comments/${comment.id}`);
    expect(CommentSchema.parse(await one.json())).toEqual(comment);
    expect(await counterMismatches(t)).toEqual([]);
  });

  it('lists oldest first in keyset pages without gaps or duplicates', async () => {
    const user = await createUser(t);
    const post = await createPost(t, { userId: user.user.id });
    const made: string[] = [];
    for (let i = 0; i < 5; i++)
      made.push(
        (await createComment(t, { userId: user.user.id, postId: post.id, body: `c${i}` })).id,
      );

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await listPage(
        user,
        `/api/posts/${post.id}/comments?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((c) => c.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(made);

    await expectCursorRefused(await user.http(`/api/posts/${post.id}/comments?cursor=bogus`));
  });

  it('accepts 10,000 characters and refuses empty, blank and 10,001-character bodies', async () => {
    const user = await createUser(t);
    const post = await createPost(t, { userId: user.user.id });
    const long = await commentOn(user, post.id, 'x'.repeat(LIMITS.commentMax));
    expect(long.body).toHaveLength(LIMITS.commentMax);

    for (const body of ['', '   \n ', 'x'.repeat(LIMITS.commentMax + 1)]) {
      await expectError(await postComment(user, post.id, { body }), 400, 'validation_error');
    }
    await expectError(await postComment(user, post.id, {}), 400, 'validation_error');
    expect(await postCommentCount(post.id)).toBe(1);
  });

  it('records a reply with the comment and the user it answers', async () => {
    const alice = await createUser(t);
    const bob = await createUser(t);
    const post = await createPost(t, { userId: alice.user.id });
    const parent = await commentOn(alice, post.id, 'First!');
    const reply = await commentOn(bob, post.id, 'Welcome', parent.id);
    expect(reply.replyTo).toEqual({ id: parent.id, username: alice.user.displayUsername });
    expect((await commentRow(reply.id)).replyingUserId).toBe(alice.user.id);
  });

  it('refuses a reply to a comment of another post, an unknown or a deleted comment with 400', async () => {
    const user = await createUser(t);
    const post = await createPost(t, { userId: user.user.id });
    const other = await createPost(t, { userId: user.user.id });
    const elsewhere = await createComment(t, { userId: user.user.id, postId: other.id });
    const onMedia = await createComment(t, {
      userId: user.user.id,
      mediaId: (await createMedia(t)).id,
    });

    for (const replyToId of [elsewhere.id, onMedia.id, newId()]) {
      await expectError(
        await postComment(user, post.id, { body: 'hi', replyToId }),
        400,
        'invalid_reply_to',
      );
    }
    await expectError(
      await postComment(user, post.id, { body: 'hi', replyToId: 'nope' }),
      400,
      'validation_error',
    );

    const gone = await commentOn(user, post.id, 'soon gone');
    expect((await user.http(`/api/comments/${gone.id}`, { method: 'DELETE' })).status).toBe(200);
    await expectError(
      await postComment(user, post.id, { body: 'hi', replyToId: gone.id }),
      400,
      'cannot_reply_to_deleted_comment',
    );
    expect(await postCommentCount(post.id)).toBe(1);
    expect(await counterMismatches(t)).toEqual([]);
  });

  it('answers 404 post_not_found for unknown, malformed and deleted posts, and 401 without a session', async () => {
    const user = await createUser(t);
    const deleted = await createPost(t, { userId: user.user.id, deletedAt: new Date() });
    for (const id of [newId(), 'nope', deleted.id]) {
      await expectError(await user.http(`/api/posts/${id}/comments`), 404, 'post_not_found');
      await expectError(await postComment(user, id, { body: 'hi' }), 404, 'post_not_found');
    }
    // A post deleted after it was commented: the page query's own visibility check answers.
    const commented = await createPost(t, { userId: user.user.id });
    expect((await postComment(user, commented.id, { body: 'first' })).status).toBe(201);
    expect(
      (
        (await (await user.http(`/api/posts/${commented.id}/comments`)).json()) as {
          items: unknown[];
        }
      ).items,
    ).toHaveLength(1);
    // Deleted by its author through the API (counters move as they should).
    expect((await user.http(`/api/posts/${commented.id}`, { method: 'DELETE' })).status).toBe(204);
    await expectError(
      await user.http(`/api/posts/${commented.id}/comments`),
      404,
      'post_not_found',
    );
    // An unknown post answers 404 before a bad cursor is looked at; a visible one 400.
    await expectError(
      await user.http(`/api/posts/${newId()}/comments?cursor=forged`),
      404,
      'post_not_found',
    );
    const post = await createPost(t, { userId: user.user.id });
    await expectCursorRefused(await user.http(`/api/posts/${post.id}/comments?cursor=forged`));
    const anonymous = withCookie(t, '');
    await expectError(await anonymous(`/api/posts/${post.id}/comments`), 401, 'unauthorized');
    await expectError(
      await anonymous(`/api/posts/${post.id}/comments`, { method: 'POST', json: { body: 'hi' } }),
      401,
      'unauthorized',
    );
  });

  it('limits new comments to 20 a minute per user', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const post = await createPost(t, { userId: user.user.id });
    for (let i = 0; i < 20; i++)
      expect((await postComment(user, post.id, { body: `n${i}` })).status).toBe(201);
    const res = await postComment(user, post.id, { body: 'one too many' });
    await expectError(res, 429, 'rate_limited');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    // Counted per user: someone else still may.
    expect((await postComment(other, post.id, { body: 'me too' })).status).toBe(201);
    expect(await postCommentCount(post.id)).toBe(21);
  });
});

describe('comments on a media entry', () => {
  it('have the same shape and rules, and move media.comment_count', async () => {
    const user = await createUser(t);
    const entry = await createMedia(t);
    const res = await user.http(`/api/media/${entry.id}/comments`, {
      method: 'POST',
      json: { body: 'Best arc' },
    });
    expect(res.status).toBe(201);
    const comment = CommentSchema.parse(await res.json());
    expect(comment).toMatchObject({ mediaId: entry.id, postId: null, body: 'Best arc' });

    const reply = await user.http(`/api/media/${entry.id}/comments`, {
      method: 'POST',
      json: { body: 'Agreed', replyToId: comment.id },
    });
    expect(reply.status).toBe(201);

    const page = await listPage(user, `/api/media/${entry.id}/comments`);
    expect(page.items.map((c) => c.body)).toEqual(['Best arc', 'Agreed']);
    const [row] = await t.database.db.select().from(media).where(eq(media.id, entry.id));
    expect(row!.commentCount).toBe(2);

    await expectError(await user.http(`/api/media/${newId()}/comments`), 404, 'media_not_found');
    await expectError(
      await user.http(`/api/media/${entry.id}/comments`, { method: 'POST', json: { body: ' ' } }),
      400,
      'validation_error',
    );
    expect(await counterMismatches(t)).toEqual([]);
  });
});

describe('PATCH /api/comments/:commentId', () => {
  it('lets the author edit, trimmed, and marks the comment edited', async () => {
    const user = await createUser(t);
    const post = await createPost(t, { userId: user.user.id });
    const comment = await commentOn(user, post.id, 'tpyo');
    const res = await user.http(`/api/comments/${comment.id}`, {
      method: 'PATCH',
      json: { body: ' typo ' },
    });
    expect(res.status).toBe(200);
    expect(CommentSchema.parse(await res.json())).toMatchObject({
      id: comment.id,
      body: 'typo',
      edited: true,
    });
  });

  it("refuses another user's edit with 403 and changes nothing", async () => {
    const author = await createUser(t);
    const other = await createUser(t);
    const post = await createPost(t, { userId: author.user.id });
    const comment = await commentOn(author, post.id, 'mine');
    await expectError(
      await other.http(`/api/comments/${comment.id}`, {
        method: 'PATCH',
        json: { body: 'hacked' },
      }),
      403,
      'not_comment_author',
    );
    const row = await commentRow(comment.id);
    expect({ body: row.body, editedAt: row.editedAt, userId: row.userId }).toEqual({
      body: 'mine',
      editedAt: null,
      userId: author.user.id,
    });
  });

  it('refuses empty and 10,001-character text, deleted comments and unknown ids', async () => {
    const user = await createUser(t);
    const post = await createPost(t, { userId: user.user.id });
    const comment = await commentOn(user, post.id, 'keep');
    for (const body of ['', '  ', 'x'.repeat(LIMITS.commentMax + 1)]) {
      await expectError(
        await user.http(`/api/comments/${comment.id}`, { method: 'PATCH', json: { body } }),
        400,
        'validation_error',
      );
    }
    expect((await commentRow(comment.id)).body).toBe('keep');

    await user.http(`/api/comments/${comment.id}`, { method: 'DELETE' });
    await expectError(
      await user.http(`/api/comments/${comment.id}`, { method: 'PATCH', json: { body: 'back' } }),
      409,
      'comment_deleted',
    );
    expect((await commentRow(comment.id)).body).toBe(DELETED_COMMENT_TEXT);
    for (const id of [newId(), 'nope']) {
      await expectError(
        await user.http(`/api/comments/${id}`, { method: 'PATCH', json: { body: 'x' } }),
        404,
        'comment_not_found',
      );
    }
  });
});

describe('DELETE /api/comments/:commentId', () => {
  it('turns the comment into a tombstone by the system user; replies and the count stay', async () => {
    const alice = await createUser(t);
    const bob = await createUser(t);
    const post = await createPost(t, { userId: alice.user.id });
    const parent = await commentOn(alice, post.id, 'Something I regret');
    const reply = await commentOn(bob, post.id, 'Oh no', parent.id);

    const res = await alice.http(`/api/comments/${parent.id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    const tombstone = CommentSchema.parse(await res.json());
    expect(tombstone).toMatchObject({
      id: parent.id,
      body: 'User deleted this comment :(',
      deleted: true,
      author: { id: SYSTEM_USER_ID, username: 'system' },
    });
    const row = await commentRow(parent.id);
    expect(row.userId).toBe(SYSTEM_USER_ID);
    expect(row.body).toBe(DELETED_COMMENT_TEXT);
    expect(row.deletedAt).toBeInstanceOf(Date);

    const page = await listPage(bob, `/api/posts/${post.id}/comments`);
    expect(page.items.map((c) => [c.id, c.body])).toEqual([
      [parent.id, DELETED_COMMENT_TEXT],
      [reply.id, 'Oh no'],
    ]);
    expect(page.items[1]!.replyTo).toEqual({ id: parent.id, username: alice.user.displayUsername });
    expect(await postCommentCount(post.id)).toBe(2);

    // A retried delete succeeds and changes nothing.
    const again = await alice.http(`/api/comments/${parent.id}`, { method: 'DELETE' });
    expect(again.status).toBe(200);
    expect(CommentSchema.parse(await again.json())).toMatchObject({
      deleted: true,
      body: DELETED_COMMENT_TEXT,
    });
    expect(await counterMismatches(t)).toEqual([]);
  });

  it("refuses another user's delete with 403 and changes nothing", async () => {
    const author = await createUser(t);
    const other = await createUser(t);
    const post = await createPost(t, { userId: other.user.id });
    const comment = await commentOn(author, post.id, 'still here');
    // Not even the post's author may delete someone else's comment.
    await expectError(
      await other.http(`/api/comments/${comment.id}`, { method: 'DELETE' }),
      403,
      'not_comment_author',
    );
    const row = await commentRow(comment.id);
    expect({ body: row.body, userId: row.userId, deletedAt: row.deletedAt }).toEqual({
      body: 'still here',
      userId: author.user.id,
      deletedAt: null,
    });
    await expectError(
      await other.http(`/api/comments/${newId()}`, { method: 'DELETE' }),
      404,
      'comment_not_found',
    );
  });
});
