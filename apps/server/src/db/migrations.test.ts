import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_USER_ID } from '../lib/ids';
import { createTestDatabase } from '../test/db';
import {
  migrateDatabase,
  openDatabase,
  queryRows,
  resolveMigrationsFolder,
  type Database,
} from './client';
import { users } from './schema';

async function appliedMigrations(database: Database): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    database.db,
    sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
  );
  return rows[0]!.n;
}

describe('migrations', () => {
  let database: Database;

  beforeAll(async () => {
    // Never migrated: PGlite from scratch, or an empty PostgreSQL database.
    database = await createTestDatabase({ migrated: false });
  });
  afterAll(async () => {
    await database.close();
  });

  it('apply on a fresh database, two at once, and a later run changes nothing (a real race on PostgreSQL; serialised on PGlite)', async () => {
    // On PostgreSQL a second server is a second pool: the advisory lock serialises the two runs.
    const other = database.pool
      ? await openDatabase({ databaseUrl: database.pool.options.connectionString })
      : database;
    try {
      await Promise.all([migrateDatabase(database), migrateDatabase(other)]);
    } finally {
      if (other !== database) await other.close();
    }
    const journal = JSON.parse(
      readFileSync(path.join(resolveMigrationsFolder(), 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    expect(await appliedMigrations(database)).toBe(journal.entries.length);
    await migrateDatabase(database);
    await migrateDatabase(database);
    expect(await appliedMigrations(database)).toBe(journal.entries.length);
    const systemUsers = await database.db.select().from(users);
    expect(systemUsers).toHaveLength(1);
  });

  it('seed the fixed system user', async () => {
    const [system] = await database.db
      .select()
      .from(users)
      .where(sql`${users.id} = ${SYSTEM_USER_ID}`);
    expect(system).toMatchObject({
      id: SYSTEM_USER_ID,
      username: 'system',
      name: 'Otakura',
      email: 'system@localhost.invalid',
    });
  });

  it('install pg_trgm and its GIN indexes', async () => {
    const ext = await queryRows<{ extname: string }>(
      database.db,
      sql`SELECT extname FROM pg_extension WHERE extname = 'pg_trgm'`,
    );
    expect(ext).toHaveLength(1);
    const idx = await queryRows<{ indexname: string }>(
      database.db,
      sql`SELECT indexname FROM pg_indexes WHERE indexdef LIKE '%gin_trgm_ops%' ORDER BY indexname`,
    );
    expect(idx.map((r) => r.indexname)).toEqual([
      'communities_name_trgm_idx',
      'media_search_trgm_idx',
      'shop_items_name_trgm_idx',
      'users_username_trgm_idx',
    ]);
  });
  it('make the post list indexes covering and in DESC NULLS FIRST order (0010, 0011)', async () => {
    const rows = await queryRows<{ indexname: string; indexdef: string }>(
      database.db,
      sql`SELECT indexname, indexdef FROM pg_indexes
          WHERE tablename = 'posts' AND indexname IN ('posts_created_idx', 'posts_likes_idx',
            'posts_community_created_idx',
            'posts_community_likes_idx', 'posts_user_created_idx', 'posts_user_likes_idx')`,
    );
    const defs = Object.fromEntries(
      rows.map((r) => [r.indexname, r.indexdef.replace(/^.*USING btree /, '')]),
    );
    // PostgreSQL prints DESC NULLS FIRST (DESC's default) as plain DESC; DESC NULLS LAST,
    // which ORDER BY … DESC cannot use, would show as such.
    expect(defs).toEqual({
      posts_created_idx:
        '(created_at DESC, id DESC, deleted_at, community_id, user_id, like_count)',
      posts_likes_idx:
        '(like_count DESC, created_at DESC, id DESC, deleted_at, community_id, user_id)',
      posts_community_created_idx:
        '(community_id, created_at DESC, id DESC, deleted_at, user_id, like_count)',
      posts_community_likes_idx:
        '(community_id, like_count DESC, created_at DESC, id DESC, deleted_at, user_id)',
      posts_user_created_idx: '(user_id, created_at DESC, id DESC, deleted_at, like_count)',
      posts_user_likes_idx: '(user_id, like_count DESC, created_at DESC, id DESC, deleted_at)',
    });
  });
});

describe('resolveMigrationsFolder', () => {
  it('finds the folder from src and from a bundle in apps/server/dist', () => {
    const folder = resolveMigrationsFolder();
    expect(folder).toMatch(/apps[/\\]server[/\\]src[/\\]db[/\\]migrations$/);
    const serverDir = folder.replace(/[/\\]src[/\\]db[/\\]migrations$/, '');
    expect(resolveMigrationsFolder(`${serverDir}/dist`)).toBe(folder);
  });
});
