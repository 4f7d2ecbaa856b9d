import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../lib/ids';
import { createTestDatabase } from '../test/db';
import { isUniqueViolation, sqlState, type Database, type Db } from './client';
import { comments, communities, media, postLikes, posts, shopItems, users } from './schema';

async function makeUser(db: Db, username = `user_${newId().slice(-8)}`) {
  const [user] = await db
    .insert(users)
    .values({
      name: 'Test User',
      email: `${newId()}@example.test`,
      username,
      displayUsername: username,
    })
    .returning();
  return user!;
}

async function expectSqlState(promise: Promise<unknown>, state: string) {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, `expected SQLSTATE ${state}`).toBeDefined();
  expect(sqlState(err)).toBe(state);
}

describe('schema constraints', () => {
  let database: Database;
  let db: Db;
  let userId: string;
  let communityId: string;
  let postId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    userId = (await makeUser(db)).id;
    const [community] = await db.insert(communities).values({ name: 'Test Community' }).returning();
    communityId = community!.id;
    const [post] = await db
      .insert(posts)
      .values({ userId, communityId, type: 0, title: 'Hello' })
      .returning();
    postId = post!.id;
  });
  afterAll(async () => {
    await database.close();
  });

  it('generates UUIDv7 ids in the app', async () => {
    expect(postId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('refuses a second like of the same post by the same user', async () => {
    await db.insert(postLikes).values({ userId, postId });
    const err = await db
      .insert(postLikes)
      .values({ userId, postId })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(isUniqueViolation(err)).toBe(true);
    const inserted = await db
      .insert(postLikes)
      .values({ userId, postId })
      .onConflictDoNothing()
      .returning();
    expect(inserted).toHaveLength(0);
  });

  it('keeps usernames unique regardless of case', async () => {
    await makeUser(db, 'SakuraFan');
    await expectSqlState(makeUser(db, 'sakurafan'), '23505');
  });

  it('rejects a post type outside 0, 1, 2, 4, 5', async () => {
    await expectSqlState(
      db.insert(posts).values({ userId, communityId, type: 3, title: 'x' }),
      '23514',
    );
  });

  it('rejects negative counters and negative stock', async () => {
    await expectSqlState(
      db
        .update(posts)
        .set({ likeCount: -1 })
        .where(sql`${posts.id} = ${postId}`),
      '23514',
    );
    await expectSqlState(
      db
        .update(users)
        .set({ followerCount: -1 })
        .where(sql`${users.id} = ${userId}`),
      '23514',
    );
    await expectSqlState(
      db
        .insert(shopItems)
        .values({ sellerId: userId, name: 'Figure', priceCents: 1000, quantity: -1 }),
      '23514',
    );
  });

  it('requires a comment to be on exactly one of a post or a media entry', async () => {
    const [entry] = await db.insert(media).values({ kind: 'video', title: 'A series' }).returning();
    await expectSqlState(db.insert(comments).values({ userId, body: 'orphan' }), '23514');
    await expectSqlState(
      db.insert(comments).values({ userId, postId, mediaId: entry!.id, body: 'both' }),
      '23514',
    );
    const ok = await db
      .insert(comments)
      .values({ userId, mediaId: entry!.id, body: 'fine' })
      .returning();
    expect(ok).toHaveLength(1);
  });

  it('cascades likes when their post is deleted', async () => {
    const [post] = await db
      .insert(posts)
      .values({ userId, communityId, type: 0, title: 'Doomed' })
      .returning();
    await db.insert(postLikes).values({ userId, postId: post!.id });
    await db.delete(posts).where(sql`${posts.id} = ${post!.id}`);
    const left = await db
      .select()
      .from(postLikes)
      .where(sql`${postLikes.postId} = ${post!.id}`);
    expect(left).toHaveLength(0);
  });
});
