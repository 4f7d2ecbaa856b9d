/**
 * The comments page's query with `withCompiledRows` (db/prepared.ts) gives the rows Drizzle's own
 * mapping gives: the same query prepared twice, once each way. Runs on both engines.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCompiledRows } from '../../db/prepared';
import { comments } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { createComment, createPost, createUser, uniqueName } from '../../test/factories';
import { selectViews } from './comments.repository';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the comments page with compiled rows', () => {
  it("maps a comments page to the rows Drizzle's mapping makes", async () => {
    const author = await createUser(t);
    const viewer = await createUser(t);
    const post = await createPost(t, { userId: author.user.id });
    const first = await createComment(t, { postId: post.id, userId: author.user.id });
    await createComment(t, {
      postId: post.id,
      userId: viewer.user.id,
      replyToId: first.id,
      replyingUserId: author.user.id,
    });
    const gone = await createComment(t, { postId: post.id, userId: viewer.user.id });
    await t.database.db
      .update(comments)
      .set({ deletedAt: new Date(), editedAt: new Date() })
      .where(eq(comments.id, gone.id));

    const page = (name: string) =>
      selectViews(t.database.db, sql.placeholder('viewer'))
        .where(eq(comments.postId, sql.placeholder('post')))
        .orderBy(asc(comments.createdAt), asc(comments.id))
        .prepare(name);
    const values = { viewer: viewer.user.id, post: post.id };
    const plain = await page(uniqueName('plain_page')).execute(values);
    const compiled = await withCompiledRows(page(uniqueName('compiled_page'))).execute(values);
    expect(plain).toHaveLength(3);
    expect(compiled).toEqual(plain);
    expect(compiled[2]!.deletedAt).toBeInstanceOf(Date);
    expect(compiled[0]!.replyingUsername).toBeNull();
    expect(compiled[1]!.replyingUsername).not.toBeNull();
  });
});
