import { openAsBlob } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../../db/client';
import { acquireDataDirLock } from '../../db/lock';
import { LocalStorage } from '../../storage/local-storage';
import { S3Storage } from '../../storage/s3-storage';
import { startLocalS3, type LocalS3 } from '../../storage/s3rver.test-helper';
import { buildTemplateDump, createTestDatabase } from '../../test/db';
import { countRows, foreignKeyOrder, listStoredFiles, OpsError } from './inventory';
import { seedSmallWorld } from './small-world.test-helper';
import { copyToPostgres } from './to-postgres';

describe('foreignKeyOrder', () => {
  const fk = (table: string, refTable: string) => ({
    name: `${table}_fk`,
    table,
    refTable,
    definition: '',
  });

  it('put each table after the tables it refers to, ignoring a table referring to itself', () => {
    expect(
      foreignKeyOrder(
        ['comments', 'posts', 'users'],
        [fk('comments', 'posts'), fk('posts', 'users'), fk('comments', 'comments')],
      ),
    ).toEqual(['users', 'posts', 'comments']);
  });

  it('refuse a cycle between tables, naming it', () => {
    expect(() => foreignKeyOrder(['a', 'b'], [fk('a', 'b'), fk('b', 'a')])).toThrow(OpsError);
    expect(() => foreignKeyOrder(['a', 'b'], [fk('a', 'b'), fk('b', 'a')])).toThrow(/a → b → a/);
  });
});

describe('migrate-to-postgres refusals before any database is opened', () => {
  it('refuse while the server holds the data folder, and with no embedded database', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'otakura-to-pg-locked-'));
    try {
      const unreachable = 'postgres://nobody@127.0.0.1:1/none';
      await expect(copyToPostgres({ dataDir: dir, databaseUrl: unreachable })).rejects.toThrow(
        /There is no embedded database in .*: nothing to copy/,
      );
      await mkdir(path.join(dir, 'db'));
      const release = await acquireDataDirLock(dir); // this process plays the running server
      try {
        await expect(copyToPostgres({ dataDir: dir, databaseUrl: unreachable })).rejects.toThrow(
          /Stop the server first/,
        );
      } finally {
        await release();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('npm run migrate-to-postgres', () => {
  let root: string;
  let dataDir: string;
  let s3: LocalS3;
  let target: Database;
  let expected: Record<string, number>;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'otakura-to-pg-'));
    dataDir = path.join(root, 'data');
    const embedded = await openDatabase({
      dataDir: path.join(dataDir, 'db'),
      loadDataDir: await openAsBlob(await buildTemplateDump()),
    });
    try {
      await seedSmallWorld(embedded);
      expected = await countRows(embedded.db);
    } finally {
      await embedded.close();
    }
    const files = new LocalStorage(path.join(dataDir, 'files'));
    await files.put('post-images/u1/a-640.webp', Buffer.from('image bytes'), {
      contentType: 'image/webp',
    });
    await files.put('avatars/u2/b.webp', Buffer.alloc(70_000, 7), { contentType: 'image/webp' });
    s3 = await startLocalS3('otakura-move');
    // An empty, never migrated database of its own (dropped on close).
    target = await createTestDatabase({ migrated: false });
  }, 180_000);

  afterAll(async () => {
    await target?.close();
    await s3?.close();
    await rm(root, { recursive: true, force: true });
  });

  const targetUrl = () => String(target.pool!.options.connectionString);

  it('copy every row into an empty PostgreSQL database and every file into S3, with counts checked', async () => {
    const lines: string[] = [];
    const result = await copyToPostgres({
      dataDir,
      databaseUrl: targetUrl(),
      s3: s3.options,
      batchSize: 2, // several batches per table
      log: (line) => lines.push(line),
    });
    expect(result.rows).toEqual(expected);
    expect(await countRows(target.db)).toEqual(expected);
    expect(result.files).toEqual({ count: 2, bytes: 11 + 70_000, copiedTo: 's3' });
    expect(lines).toContain('  comments: 3 rows');

    // Values keep their types: the reply's reference, jsonb arrays, text[], generated columns.
    const [reply] = await queryRows<{ n: number }>(
      target.db,
      sql`SELECT count(*)::int AS n FROM comments c JOIN comments p ON p.id = c.reply_to_id`,
    );
    expect(reply!.n).toBe(1);
    const details = await queryRows<{ details: unknown }>(
      target.db,
      sql`SELECT details FROM audit_log ORDER BY action`,
    );
    expect(details.map((r) => r.details)).toEqual([
      { from: 'user', to: 'admin' },
      { list: [1, 'two', null] },
    ]);
    const [video] = await queryRows<{ keywords: string[]; search_text: string }>(
      target.db,
      sql`SELECT keywords, search_text FROM media`,
    );
    expect(video!.keywords).toEqual(['mecha', 'space']);
    expect(video!.search_text).toContain('space');
    // The self-reference was re-created: a reply to a missing comment is refused.
    await expect(
      target.db.execute(
        sql`UPDATE comments SET reply_to_id = '00000000-0000-7000-8000-0000000000ff' WHERE reply_to_id IS NOT NULL`,
      ),
    ).rejects.toThrow();

    const remote = new S3Storage(s3.options);
    for (const f of await listStoredFiles(path.join(dataDir, 'files'))) {
      const object = await remote.get(f.key);
      expect(object?.info).toMatchObject({ size: f.size, contentType: 'image/webp' });
      expect((await text(object!.body)).length).toBe(f.size);
    }
  }, 180_000);

  it('refuse a second copy into the now filled database, changing nothing', async () => {
    await expect(
      copyToPostgres({ dataDir, databaseUrl: targetUrl(), s3: s3.options }),
    ).rejects.toThrow(/already holds data \(/);
    expect(await countRows(target.db)).toEqual(expected);
  }, 120_000);

  it('refuse a database with tables that are not Otakura’s', async () => {
    const other = await createTestDatabase({ migrated: false });
    try {
      await other.db.execute(sql`CREATE TABLE invoices (id int PRIMARY KEY)`);
      await expect(
        copyToPostgres({ dataDir, databaseUrl: String(other.pool!.options.connectionString) }),
      ).rejects.toThrow(/not an Otakura database/);
      const tables = await queryRows<{ n: number }>(
        other.db,
        sql`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`,
      );
      expect(tables[0]!.n).toBe(1);
    } finally {
      await other.close();
    }
  }, 120_000);
});
