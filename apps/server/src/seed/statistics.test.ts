/**
 * Why statistics matter (issue 10): with a few thousand posts and no statistics, PGlite's
 * planner sorts every post for the All feed (230 ms on the demo world grown to bench size)
 * instead of reading posts_created_idx in order (6.6 ms). A bulk load, like the demo seed and
 * any migration that ran, ends with ANALYZE, and the plan is the index's.
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database, type Db } from '../db/client';
import { analyzeStaleTables, staleTables } from '../db/statistics';
import { feedQuery } from '../modules/posts/feed.repository';
import { createTestDatabase } from '../test/db';
import { bulkSeed } from './bulk-seed';

async function plan(db: Db, query: SQL): Promise<string> {
  const rows = await queryRows<Record<string, string>>(db, sql`EXPLAIN ${query}`);
  return rows.map((r) => Object.values(r)[0]).join('\n');
}

describe('statistics after loading posts', () => {
  let database: Database;
  let viewer: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    await bulkSeed({ db: database.db, users: 60, posts: 4000, communities: 5, comments: 200 });
    const [u] = await queryRows<{ id: string }>(
      database.db,
      sql`select id from users where username <> 'system' order by created_at limit 1`,
    );
    viewer = u!.id;
  }, 300_000);
  afterAll(async () => {
    await database?.close();
  });

  const allFeed = () => feedQuery(viewer, { kind: 'all' }, 'new', undefined, 25);

  it('leaves the bulk-loaded tables analyzed: the All feed reads the index, no sort', async () => {
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`select reltuples::int as n from pg_class where oid = 'public.posts'::regclass`,
    );
    expect(row!.n).toBeGreaterThanOrEqual(4000);
    expect(await staleTables(database.db)).toEqual([]);
    const p = await plan(database.db, allFeed());
    expect(p).toMatch(/Index Scan using posts_created_idx on posts/);
    expect(p).not.toMatch(/Sort|Seq Scan on posts/);
  });

  it.runIf(!process.env.DATABASE_URL)(
    'on PGlite, sorts every post without statistics, and reads the index again after a pass',
    async () => {
      const db = database.db;
      // Forget the statistics, as a world loaded before this change had none.
      await db.execute(sql`DELETE FROM pg_statistic WHERE starelid = 'public.posts'::regclass`);
      await db.execute(
        sql`UPDATE pg_class SET reltuples = -1, relpages = 0 WHERE oid = 'public.posts'::regclass`,
      );
      expect(await plan(db, allFeed())).toMatch(/Sort/);

      expect((await analyzeStaleTables(db)).map((t) => t.name)).toContain('public.posts');
      const p = await plan(db, allFeed());
      expect(p).toMatch(/Index Scan using posts_created_idx on posts/);
      expect(p).not.toMatch(/Sort|Seq Scan on posts/);
    },
  );
});
