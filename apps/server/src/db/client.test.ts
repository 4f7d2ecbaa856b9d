import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/db';
import {
  defaultPoolMax,
  localSocketDir,
  openDatabase,
  queryRows,
  runInTransaction,
  sqlState,
  type Database,
} from './client';
import { communities } from './schema';

function pgError(code: string): Error {
  return Object.assign(new Error(`simulated ${code}`), { code });
}

describe('database client', () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('answers ping and exposes the raw client of its engine', async () => {
    await database.ping();
    if (database.kind === 'pglite') expect(database.pglite).toBeDefined();
    else expect(database.pool).toBeDefined();
  });

  it('reads the SQLSTATE through Drizzle’s error wrapping', async () => {
    const err = await database.db.execute(sql`SELECT 1/0`).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(sqlState(err)).toBe('22012');
  });

  it('retries a transaction after serialization failures and deadlocks, rolling back each try', async () => {
    let attempts = 0;
    const name = await runInTransaction(database.db, async (tx) => {
      attempts++;
      await tx.insert(communities).values({ name: `retry ${attempts}` });
      if (attempts === 1) throw pgError('40001');
      if (attempts === 2) throw pgError('40P01');
      return `retry ${attempts}`;
    });
    expect(attempts).toBe(3);
    const rows = await queryRows<{ name: string }>(
      database.db,
      sql`SELECT name FROM communities WHERE name LIKE 'retry %'`,
    );
    expect(rows).toEqual([{ name }]);
  });

  it('gives up after the retry cap, and does not retry other errors', async () => {
    let attempts = 0;
    await expect(
      runInTransaction(
        database.db,
        async () => {
          attempts++;
          throw pgError('40001');
        },
        { retries: 3 },
      ),
    ).rejects.toThrow('simulated 40001');
    expect(attempts).toBe(4);

    attempts = 0;
    await expect(
      runInTransaction(database.db, async () => {
        attempts++;
        throw pgError('23505');
      }),
    ).rejects.toThrow('simulated 23505');
    expect(attempts).toBe(1);
  });

  it.runIf(process.env.DATABASE_URL)(
    'retries a real serialization failure on PostgreSQL',
    async () => {
      const [row] = await database.db.insert(communities).values({ name: 'counter' }).returning();
      const id = row!.id;
      let attempts = 0;
      const bump = () =>
        runInTransaction(
          database.db,
          async (tx) => {
            attempts++;
            const [c] = await tx
              .select()
              .from(communities)
              .where(sql`id = ${id}`);
            await new Promise((r) => setTimeout(r, 50));
            await tx
              .update(communities)
              .set({ memberCount: c!.memberCount + 1 })
              .where(sql`id = ${id}`);
          },
          { isolationLevel: 'serializable' },
        );
      await Promise.all([bump(), bump(), bump()]);
      const [after] = await database.db
        .select()
        .from(communities)
        .where(sql`id = ${id}`);
      expect(after!.memberCount).toBe(3);
      expect(attempts).toBeGreaterThan(3);
    },
  );
});

describe('connection settings', () => {
  it('sizes the PostgreSQL pool to the cores: 2 × cores + 1, at least 5, at most 20', () => {
    expect(defaultPoolMax(1)).toBe(5);
    expect(defaultPoolMax(2)).toBe(5);
    expect(defaultPoolMax(4)).toBe(9);
    expect(defaultPoolMax(8)).toBe(17);
    expect(defaultPoolMax(64)).toBe(20);
  });

  it('finds the Unix socket of a PostgreSQL on this machine only', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'otakura-socket-'));
    try {
      await writeFile(path.join(dir, '.s.PGSQL.5433'), '');
      const dirs = ['/nonexistent', dir];
      expect(localSocketDir('postgres://u@127.0.0.1:5433/db', dirs)).toBe(dir);
      expect(localSocketDir('postgres://u@localhost:5433/db', dirs)).toBe(dir);
      expect(localSocketDir('postgres://u@[::1]:5433/db', dirs)).toBe(dir);
      expect(localSocketDir('postgres://u@127.0.0.1/db', dirs)).toBeUndefined(); // 5432: no socket
      expect(localSocketDir('postgres://u@db.example.net:5433/db', dirs)).toBeUndefined();
      // The URL names its own host (a socket directory, say): left alone.
      expect(localSocketDir('postgres://u@127.0.0.1:5433/db?host=/run/x', dirs)).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it.runIf(process.env.DATABASE_URL)(
    'talks to a local PostgreSQL through its socket, and over TCP when the socket fails',
    async () => {
      const url = process.env.DATABASE_URL!;
      const socketDir = localSocketDir(url);
      const viaSocket = await openDatabase({ databaseUrl: url });
      try {
        const [row] = await queryRows<{ local: boolean }>(
          viaSocket.db,
          sql`select inet_client_addr() is null as local`, // null over a Unix socket
        );
        expect(row!.local).toBe(socketDir !== undefined);
      } finally {
        await viaSocket.close();
      }

      // A "socket" that is a plain file: connecting fails, so the pool uses TCP.
      const dir = await mkdtemp(path.join(os.tmpdir(), 'otakura-socket-'));
      const port = new URL(url).port || '5432';
      await writeFile(path.join(dir, `.s.PGSQL.${port}`), '');
      const fallback = await openDatabase({ databaseUrl: url, socketDirs: [dir] });
      try {
        const [row] = await queryRows<{ local: boolean }>(
          fallback.db,
          sql`select inet_client_addr() is null as local`,
        );
        expect(row!.local).toBe(false);
      } finally {
        await fallback.close();
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});
