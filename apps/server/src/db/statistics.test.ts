/**
 * Planner statistics on both engines: ANALYZE after a migration that ran, a pass over the
 * tables that changed, and PGlite's schedule. What the statistics change in the All feed's
 * plan is shown in seed/statistics.test.ts (this layer may not import the feed's query).
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/db';
import { migrateDatabase, queryRows, type Database, type Db } from './client';
import { analyzeAll, analyzeStaleTables, scheduleStatistics, staleTables } from './statistics';

async function reltuples(db: Db, table: string): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select reltuples::float8 as n from pg_class where oid = ${`public.${table}`}::regclass`,
  );
  return Number(row?.n);
}

async function addPosts(db: Db, n: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO posts (id, user_id, community_id, type, title, like_count, created_at)
    SELECT gen_random_uuid(), (select id from users where username = 'stats_user'),
           (select id from communities where name = 'Stats community'),
           0, 'post ' || g, g % 97, now() - g * interval '61 seconds'
    FROM generate_series(1, ${n}) AS g`);
}

describe('planner statistics', () => {
  let database: Database;
  let db: Db;
  let folder: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await db.execute(sql`
      INSERT INTO users (id, name, email, username, display_username)
      VALUES (gen_random_uuid(), 'Stats', 'stats@example.test', 'stats_user', 'stats_user')`);
    await db.execute(
      sql`INSERT INTO communities (id, name) VALUES (gen_random_uuid(), 'Stats community')`,
    );
    // PostgreSQL's autovacuum must not gather what this file checks we gathered.
    if (database.kind === 'postgres')
      await db.execute(sql`ALTER TABLE posts SET (autovacuum_enabled = false)`);
    folder = await mkdtemp(path.join(os.tmpdir(), 'otakura-stats-migrations-'));
  });
  afterAll(async () => {
    await database?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  /** A migrations folder with the app's migrations' journal replaced by one new migration. */
  async function oneMigration(tag: string, statement: string): Promise<string> {
    const dir = path.join(folder, tag);
    await mkdir(path.join(dir, 'meta'), { recursive: true });
    await writeFile(path.join(dir, `${tag}.sql`), statement);
    await writeFile(
      path.join(dir, 'meta', '_journal.json'),
      JSON.stringify({
        version: '7',
        dialect: 'postgresql',
        entries: [{ idx: 0, version: '7', when: Date.now(), tag, breakpoints: true }],
      }),
    );
    return dir;
  }

  it('ANALYZEs after a migration that ran', async () => {
    await addPosts(db, 4000);
    expect(await staleTables(db)).toContainEqual({
      name: 'public.posts',
      reason: 'never analyzed',
    });

    const result = await migrateDatabase(database, {
      migrationsFolder: await oneMigration(
        '0900_stats_probe',
        'CREATE TABLE stats_probe AS SELECT g FROM generate_series(1, 1000) AS g;',
      ),
    });
    expect(result.applied).toBe(1);
    expect(await reltuples(db, 'posts')).toBe(4000);
    expect(await reltuples(db, 'stats_probe')).toBe(1000);
    const [stats] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from pg_stats where schemaname = 'public' and tablename = 'posts'`,
    );
    expect(stats!.n).toBeGreaterThan(0);
    expect(await staleTables(db)).toEqual([]);
  });

  it('does not ANALYZE when no migration ran', async () => {
    await addPosts(db, 1000);
    const again = await migrateDatabase(database, {
      migrationsFolder: path.join(folder, '0900_stats_probe'),
    });
    expect(again.applied).toBe(0);
    expect(await reltuples(db, 'posts')).toBe(4000);
  });

  it('finds the tables that changed or grew and ANALYZEs only those', async () => {
    await analyzeAll(db);
    expect(await staleTables(db)).toEqual([]);
    expect(await analyzeStaleTables(db)).toEqual([]);

    await addPosts(db, 5000); // 5,000 rows on 5,000: well past 50 + 10 %
    const stale = await staleTables(db);
    expect(stale.map((t) => t.name)).toEqual(['public.posts']);
    expect(['changed', 'grew']).toContain(stale[0]!.reason);

    const done = await analyzeStaleTables(db);
    expect(done.map((t) => t.name)).toEqual(['public.posts']);
    expect(await reltuples(db, 'posts')).toBe(10_000);
    expect(await staleTables(db)).toEqual([]);
  });

  it('finds a table never analyzed once it holds rows', async () => {
    await db.execute(sql`CREATE TABLE stats_never AS SELECT g FROM generate_series(1, 300) AS g`);
    expect(await staleTables(db)).toContainEqual({
      name: 'public.stats_never',
      reason: database.kind === 'pglite' ? 'never analyzed' : expect.any(String),
    });
    await analyzeStaleTables(db);
    expect(await reltuples(db, 'stats_never')).toBe(300);
  });

  it('runs on a schedule on PGlite until stopped (PostgreSQL leaves it to autovacuum)', async () => {
    await addPosts(db, 5000);
    const schedule = scheduleStatistics(database, { firstPassMs: 1, intervalMs: 20 });
    if (database.kind === 'pglite') {
      await expect.poll(() => reltuples(db, 'posts'), { timeout: 10_000 }).toBe(15_000);
    }
    await schedule.stop();
    await addPosts(db, 5000);
    // Stopped: a pass asked for now does nothing, and no timer runs one later.
    expect(await schedule.runNow()).toEqual([]);
    // Proving an absence: give a leftover timer (20 ms period) time to fire, were there one.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await reltuples(db, 'posts')).toBe(database.kind === 'pglite' ? 15_000 : 10_000);
  });
});
