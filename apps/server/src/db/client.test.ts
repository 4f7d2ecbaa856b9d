import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/db';
import { queryRows, runInTransaction, sqlState, type Database } from './client';
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
