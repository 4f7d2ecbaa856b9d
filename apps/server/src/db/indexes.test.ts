import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/db';
import { queryRows, type Database, type Db } from './client';
import { communities, posts, users } from './schema';

async function plan(db: Db, query: SQL): Promise<string> {
  const rows = await queryRows<Record<string, string>>(db, sql`EXPLAIN ${query}`);
  return rows.map((r) => Object.values(r)[0]).join('\n');
}

describe('indexes', () => {
  let database: Database;
  let db: Db;
  let communityId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    const [user] = await db
      .insert(users)
      .values({ name: 'Poster', email: 'poster@example.test', username: 'poster' })
      .returning();
    const [onePiece] = await db.insert(communities).values({ name: 'One Piece' }).returning();
    communityId = onePiece!.id;
    // 20,000 more communities with generated names; 6,000 posts spread over 60 of them.
    await db.execute(sql`
      INSERT INTO communities (id, name, created_at)
      SELECT gen_random_uuid(), 'community ' || md5(g::text), now() - g * interval '1 second'
      FROM generate_series(1, 20000) AS g`);
    const ids = (
      await queryRows<{ id: string }>(
        db,
        sql`SELECT id FROM communities ORDER BY created_at DESC LIMIT 60`,
      )
    ).map((r) => r.id);
    await db.execute(sql`
      INSERT INTO posts (id, user_id, community_id, type, title, like_count, created_at)
      SELECT gen_random_uuid(), ${user!.id}, (${sql.param(ids)}::uuid[])[1 + g % 60], 0,
             'post ' || g, g % 50, now() - g * interval '1 minute'
      FROM generate_series(1, 6000) AS g`);
    // VACUUM also moves the GIN pending list (fast inserts) into the index, as autovacuum would.
    await db.execute(sql`VACUUM ANALYZE posts`);
    await db.execute(sql`VACUUM ANALYZE communities`);
  });
  afterAll(async () => {
    await database.close();
  });

  it('serves the newest-first keyset page from posts_created_idx without sorting', async () => {
    const p = await plan(
      db,
      sql`SELECT id FROM ${posts} ORDER BY created_at DESC, id DESC LIMIT 24`,
    );
    expect(p).toMatch(/Index (Only )?Scan using posts_created_idx/);
    expect(p).not.toMatch(/Sort/);
    const next = await plan(
      db,
      sql`SELECT id FROM ${posts} WHERE (created_at, id) < (now() - interval '3000 minutes', 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid)
          ORDER BY created_at DESC, id DESC LIMIT 24`,
    );
    expect(next).toMatch(/Index (Only )?Scan using posts_created_idx/);
    expect(next).not.toMatch(/Sort/);
  });

  it('serves a community page from posts_community_created_idx without sorting', async () => {
    const p = await plan(
      db,
      sql`SELECT id FROM ${posts} WHERE community_id = ${communityId} ORDER BY created_at DESC, id DESC LIMIT 24`,
    );
    expect(p).toMatch(/Index (Only )?Scan using posts_community_created_idx/);
    expect(p).not.toMatch(/Sort/);
  });

  it('serves the top page from posts_likes_idx without sorting', async () => {
    const p = await plan(
      db,
      sql`SELECT id FROM ${posts} ORDER BY like_count DESC, created_at DESC, id DESC LIMIT 24`,
    );
    expect(p).toMatch(/Index (Only )?Scan using posts_likes_idx/);
    expect(p).not.toMatch(/Sort/);
  });

  it('reads a followed source range of the following feed from the covering index alone', async () => {
    // What the feed's per-source probes select: the blocked-author check (user_id), the
    // deleted filter and the sort keys all come from the index, so no heap fetch (after VACUUM).
    for (const [order, index] of [
      ['created_at desc, id desc', 'posts_community_created_idx'],
      ['like_count desc, created_at desc, id desc', 'posts_community_likes_idx'],
    ] as const) {
      const p = await plan(
        db,
        sql`SELECT id, created_at, like_count, user_id FROM ${posts}
            WHERE community_id = ${communityId} AND deleted_at IS NULL
            ORDER BY ${sql.raw(order)} LIMIT 24`,
      );
      expect(p).toMatch(new RegExp(`Index Only Scan using ${index}`));
      expect(p).not.toMatch(/Sort/);
    }
  });

  it('answers a case-insensitive substring search on communities from the trigram index', async () => {
    const p = await plan(db, sql`SELECT id FROM ${communities} WHERE name ILIKE ${'%piec%'}`);
    expect(p).toMatch(/Bitmap Index Scan on communities_name_trgm_idx/);
    const rows = await db
      .select({ name: communities.name })
      .from(communities)
      .where(sql`name ILIKE ${'%PIEC%'}`);
    expect(rows).toEqual([{ name: 'One Piece' }]);
  });
});
