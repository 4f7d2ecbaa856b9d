/**
 * `withCompiledRows` (db/prepared.ts) maps a prepared query's rows to exactly the objects
 * Drizzle's own mapping makes: the same query prepared twice, once each way, over rows with
 * nulls, timestamps, booleans and mapped SQL. Runs on both engines.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectViews } from '../modules/comments/comments.repository';
import { buildTestApp, type TestApp } from '../test/app';
import { createComment, createPost, createUser, uniqueName } from '../test/factories';
import { withCompiledRows } from './prepared';
import { comments, users } from './schema';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('withCompiledRows', () => {
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

  it('decodes columns, mapped SQL and aliased SQL as Drizzle does, nulls included', async () => {
    const someone = await createUser(t, { bio: null });
    const query = (name: string) =>
      t.database.db
        .select({
          id: users.id,
          createdAt: users.createdAt,
          bio: users.bio,
          twice: sql<number>`${users.postCount} * 2`.mapWith(Number),
          when: sql<Date>`${users.createdAt}`.mapWith(users.createdAt),
          label: sql<string>`upper(${users.name})`.as('label'),
          nothing: sql<string | null>`null::text`,
        })
        .from(users)
        .where(eq(users.id, sql.placeholder('id')))
        .prepare(name);
    const plain = await query(uniqueName('plain_user')).execute({ id: someone.user.id });
    const compiled = await withCompiledRows(query(uniqueName('compiled_user'))).execute({
      id: someone.user.id,
    });
    expect(compiled).toEqual(plain);
    expect(compiled[0]!.when).toBeInstanceOf(Date);
    expect(compiled[0]!.nothing).toBeNull();
  });

  it('refuses a nested selection, whose rows it would not shape as Drizzle does', () => {
    const nested = t.database.db
      .select({ user: { id: users.id, name: users.name } })
      .from(users)
      .prepare(uniqueName('nested'));
    expect(() => withCompiledRows(nested)).toThrow(/nested field user.id/);
  });
});
