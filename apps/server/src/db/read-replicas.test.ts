/**
 * Read replicas (issue 11, docs/read-replicas.md). The rules (which statements may go to a
 * replica, the lag arithmetic, the fallback) everywhere; on PostgreSQL also a real streaming
 * replica made with pg_basebackup on a second port: a marked read is served by it, a user's
 * read right after their own post comes from the primary, a replica whose replay is paused is
 * skipped, a stopped one falls back to the primary with 200s and is used again once back.
 */
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostPageSchema } from '@otakura/shared';
import { loadConfig } from '../config/env';
import { startTestServer, type TestApp } from '../test/app';
import { createTestDatabase } from '../test/db';
import {
  createCommunity,
  createMedia,
  createPost,
  createShopItem,
  cookiesFrom,
  createUser,
  joinCommunity,
  type TestUser,
} from '../test/factories';
import { startReplica, type PgReplica } from '../test/pg-replica';
import { openDatabase, queryRows, type Database } from './client';
import {
  CLOCK_MARGIN_MS,
  FRESH_COOKIE,
  isReplicaSafeRead,
  freshAsOf,
  parseLsn,
  ReadRoutingPool,
  withReplicaReads,
  type ReadReplicas,
} from './read-replicas';

describe('read replica rules', () => {
  it('sends only plain reads of non-auth tables to a replica', () => {
    expect(isReplicaSafeRead('select "id" from "posts" where "id" = $1')).toBe(true);
    expect(isReplicaSafeRead('  SELECT 1')).toBe(true);
    expect(isReplicaSafeRead('with x as (select 1) select * from x')).toBe(true);
    expect(isReplicaSafeRead('insert into "posts" values (1)')).toBe(false);
    expect(isReplicaSafeRead('update "users" set "name" = $1')).toBe(false);
    expect(isReplicaSafeRead('with d as (delete from "posts" returning *) select * from d')).toBe(
      false,
    );
    expect(isReplicaSafeRead('select * from "posts" for update')).toBe(false);
    expect(isReplicaSafeRead('select * from "posts" for no key update skip locked')).toBe(false);
    expect(isReplicaSafeRead("select pg_notify('x', 'y')")).toBe(false);
    expect(isReplicaSafeRead('select pg_advisory_xact_lock(1)')).toBe(false);
    expect(isReplicaSafeRead('select * from "sessions" where "token" = $1')).toBe(false);
    expect(isReplicaSafeRead('select "updated_at" from "posts"')).toBe(true);
    expect(isReplicaSafeRead('begin')).toBe(false);
  });

  it('reads DATABASE_READ_URL and its settings, naming a bad value', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://db/app',
      DATABASE_READ_URL: 'postgres://r1/app, postgresql://r2/app',
      DATABASE_READ_MAX_LAG_MS: '250',
    });
    expect(config.databaseReadUrls).toEqual(['postgres://r1/app', 'postgresql://r2/app']);
    expect(config.databaseReadMaxLagMs).toBe(250);
    expect(config.databaseReadCheckMs).toBe(1000);
    expect(loadConfig({}).databaseReadUrls).toEqual([]);
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://r1/app' })).toThrow(
      /DATABASE_READ_URL: read replicas need DATABASE_URL/,
    );
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://db/app', DATABASE_READ_URL: 'mysql://r1/app' }),
    ).toThrow(/DATABASE_READ_URL\.0: each URL must start with postgres:\/\//);
    expect(() => loadConfig({ DATABASE_READ_CHECK_MS: '10' })).toThrow(
      /DATABASE_READ_CHECK_MS: must be 50 or more/,
    );
  });

  it('measures lag against the primary positions sampled over time', () => {
    expect(parseLsn('0/10')).toBe(16n);
    expect(parseLsn('1/0')).toBe(2n ** 32n);
    expect(() => parseLsn('nope')).toThrow();
    const samples = [
      { at: 1000, lsn: 100n },
      { at: 2000, lsn: 200n },
      { at: 3000, lsn: 300n },
    ];
    expect(freshAsOf(samples, 300n)).toBe(3000); // caught up with the last sample
    expect(freshAsOf(samples, 250n)).toBe(2000); // has what the primary had at 2000
    expect(freshAsOf(samples, 99n)).toBe(Number.NEGATIVE_INFINITY); // behind them all
  });

  it('retries a read that failed on a replica on the primary', async () => {
    const answer = { rows: [{ from: 'primary' }] };
    const primary = {
      query: async () => answer,
      connect: async () => ({}),
    } as unknown as pg.Pool;
    const broken = {
      query: () => Promise.reject(new Error('connection refused')),
    } as unknown as pg.Pool;
    const failed: unknown[] = [];
    const replicas = {
      pick: () => broken,
      usable: () => true,
      failed: (_pool: pg.Pool, err: unknown) => failed.push(err),
      served: () => {
        throw new Error('not served by the replica');
      },
    } as unknown as ReadReplicas;
    const routing = new ReadRoutingPool(primary, replicas);
    await expect(withReplicaReads(() => routing.query('select 1', []))).resolves.toBe(answer);
    expect(failed).toHaveLength(1);
    // Outside a replica-read scope the replica is never asked.
    await expect(routing.query('select 1', [])).resolves.toBe(answer);
    expect(failed).toHaveLength(1);
  });
});

/** Polls `fn` until it answers true (every 50 ms, up to `ms`). */
async function waitFor(what: string, fn: () => boolean | Promise<boolean>, ms = 20_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await fn()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.runIf(process.env.DATABASE_URL)('read replicas on a streaming replica', () => {
  let replica: PgReplica | undefined;
  let testDb: Database | undefined;
  let database: Database | undefined;
  let t: TestApp;
  let dbName: string;
  let author: TestUser;
  let reader: TestUser;
  let communityId: string;
  const status = () => database!.replicas!.status()[0]!;

  beforeAll(async () => {
    replica = await startReplica(process.env.DATABASE_URL!);
    // The test database is created on the primary after the replica started: it streams over.
    testDb = await createTestDatabase();
    const [row] = await queryRows<{ name: string }>(
      testDb.db,
      sql`select current_database() as name`,
    );
    dbName = row!.name;
    const primaryUrl = new URL(process.env.DATABASE_URL!);
    primaryUrl.pathname = `/${dbName}`;
    database = await openDatabase({
      databaseUrl: primaryUrl.toString(),
      poolMax: 4,
      readUrls: [replica.url(dbName)],
      readMaxLagMs: 1000,
      readCheckMs: 100,
      onReplicaStateChange: () => {},
    });
    t = await startTestServer(database, {}, false);
    author = await createUser(t);
    reader = await createUser(t);
    communityId = (await createCommunity(t)).id;
    await joinCommunity(t, author.user.id, communityId);
    await waitFor('the replica to be healthy', () => status().healthy);
  }, 120_000);

  afterAll(async () => {
    try {
      await t?.close();
      await database?.close();
      await testDb?.close();
    } finally {
      await replica?.remove();
    }
  }, 60_000);

  const onReplica = async (postId: string) =>
    (await replica!.query(`select 1 from posts where id = '${postId}'`, dbName)).length > 0;

  /** The author's posts as `who` sees them (`extraCookie`: e.g. the fresh_until cookie). */
  /**
   * Repeats `request` until the replica serves it (its read counter moves). A usable replica
   * answers at once; on a loaded machine a late check can make it briefly unusable (then the
   * primary answers, by design), so one try would be flaky.
   */
  async function servedByReplica(what: string, request: () => Promise<unknown>) {
    await waitFor(`${what} to be served by the replica`, async () => {
      const before = status().reads;
      await request();
      return status().reads > before;
    });
  }

  async function authorPosts(who: TestUser, extraCookie?: string) {
    const res = await t.http(`/api/users/${author.user.id}/posts`, {
      headers: { cookie: extraCookie ? `${who.cookie}; ${extraCookie}` : who.cookie },
    });
    expect(res.status).toBe(200);
    return PostPageSchema.parse(await res.json()).items.map((p) => p.id);
  }

  it('serves a marked read from the replica and an unmarked one from the primary', async () => {
    const post = await createPost(t, { userId: author.user.id, communityId });
    await waitFor('the post to reach the replica', () => onReplica(post.id));

    await servedByReplica("the author's posts", async () =>
      expect(await authorPosts(reader)).toContain(post.id),
    );

    const afterMarked = status().reads;
    const one = await reader.http(`/api/posts/${post.id}`);
    expect(one.status).toBe(200);
    expect(status().reads).toBe(afterMarked);
    expect(database!.replicas!.fallbacks).toBe(0);
  });

  it('reads every marked route from the replica, and only those', async () => {
    const item = await createShopItem(t, { sellerId: author.user.id });
    const entry = await createMedia(t);
    const post = await createPost(t, { userId: author.user.id, communityId });
    await waitFor('the rows to reach the replica', () => onReplica(post.id));
    await waitFor('the replica to be usable', () => status().healthy);
    const marked = [
      '/api/feed?tab=all',
      `/api/communities/${communityId}/posts`,
      `/api/users/${author.user.id}/posts`,
      `/api/users/${author.user.id}`,
      '/api/communities?q=Community',
      '/api/media',
      `/api/media/${entry.id}`,
      '/api/shop/items',
      `/api/shop/items/${item.id}`,
    ];
    for (const url of marked)
      await servedByReplica(url, async () => {
        const res = await t.http(url, { headers: { cookie: reader.cookie } });
        expect(res.status, url).toBe(200);
      });
    for (const url of [`/api/posts/${post.id}`, '/api/me', `/api/communities/${communityId}`]) {
      const before = status().reads;
      const res = await t.http(url, { headers: { cookie: reader.cookie } });
      expect(res.status, url).toBe(200);
      expect(status().reads, url).toBe(before);
    }
  });

  it('adds wrote_at to a write answer without losing its other cookies', async () => {
    const res = await t.http('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: reader.user.email, password: reader.password },
    });
    expect(res.status).toBe(200);
    const names = res.headers.getSetCookie().map((c) => c.split('=')[0] ?? '');
    expect(names).toContain(FRESH_COOKIE);
    expect(names.some((n) => n.includes('session_token'))).toBe(true);
    const reads = await t.http('/api/me', { headers: { cookie: cookiesFrom(res) } });
    expect(reads.status).toBe(200);
  });

  it('reads a user’s own post from the primary right after the write; a lagging replica is skipped', async () => {
    await replica!.query('select pg_wal_replay_pause()');
    await waitFor(
      'replay to pause',
      async () =>
        (await replica!.query<{ s: string }>('select pg_get_wal_replay_pause_state() as s'))[0]!
          .s === 'paused',
    );
    try {
      const res = await author.http('/api/posts', {
        method: 'POST',
        json: { title: 'Fresh', communityId },
      });
      expect(res.status).toBe(201);
      const fresh = res.headers.getSetCookie().find((c) => c.startsWith(`${FRESH_COOKIE}=`));
      expect(fresh).toBeDefined();
      const postId = ((await res.json()) as { id: string }).id;
      expect(await onReplica(postId)).toBe(false);

      // Right after: the author's next read carries the cookie and goes to the primary.
      const wroteAt = fresh!.split(';')[0]!;
      const readsBefore = status().reads;
      const ids = await authorPosts(author, wroteAt);
      expect(ids).toContain(postId);
      expect(status().reads).toBe(readsBefore);

      // Replay paused while the primary moves on: the check finds it behind and skips it.
      await waitFor('the paused replica to be skipped', () => !status().healthy);
      expect(status().reason).toMatch(/behind the primary/);
      expect(await authorPosts(reader)).toContain(postId);
      expect(status().reads).toBe(readsBefore);
    } finally {
      await replica!.query('select pg_wal_replay_resume()');
    }
    await waitFor('the replica to catch up', () => status().healthy);
    await servedByReplica('a read after replay resumed', () => authorPosts(reader));
  });

  it('serves a writer from the replica again once it holds their write', async () => {
    const res = await author.http(`/api/users/${reader.user.id}/follow`, { method: 'PUT' });
    expect(res.status).toBeLessThan(300);
    const wroteAt = res.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${FRESH_COOKIE}=`))!
      .split(';')[0]!;
    const at = Number(wroteAt.split('=')[1]);
    // Until the replica is fresh as of the write (plus the clock margin): the primary.
    await waitFor('the replica to be fresh as of the write', async () => {
      const before = status().reads;
      await authorPosts(author, wroteAt);
      const served = status().reads > before;
      if (served) expect(Date.now()).toBeGreaterThanOrEqual(at + CLOCK_MARGIN_MS);
      return served;
    });
  });

  it('answers from the primary when a read fails on a replica it believed healthy', async () => {
    // A second view of the same replica that checks rarely and tolerates a minute of lag: it
    // keeps using the replica while replay is paused, so a table created on the primary since
    // is missing there and the read fails on the replica (42P01) — then is retried on the primary.
    const primaryUrl = new URL(process.env.DATABASE_URL!);
    primaryUrl.pathname = `/${dbName}`;
    const slow = await openDatabase({
      databaseUrl: primaryUrl.toString(),
      poolMax: 2,
      readUrls: [replica!.url(dbName)],
      readCheckMs: 60_000,
      readMaxLagMs: 60_000,
      onReplicaStateChange: () => {},
    });
    // Its first check may find the replica a few WAL records behind: check again until caught up.
    await waitFor('the second view to see the replica healthy', async () => {
      await slow.replicas!.check();
      return slow.replicas!.status()[0]!.healthy;
    });
    await replica!.query('select pg_wal_replay_pause()');
    try {
      await t.database.db.execute(sql`create table replica_probe (n int)`);
      await t.database.db.execute(sql`insert into replica_probe values (42)`);
      const rows = await withReplicaReads(() =>
        queryRows<{ n: number }>(slow.db, sql`select n from replica_probe`),
      );
      expect(rows).toEqual([{ n: 42 }]);
      expect(slow.replicas!.fallbacks).toBe(1);
      const [state] = slow.replicas!.status();
      expect(state).toMatchObject({ healthy: false, failures: 1 });
      expect(state!.reason).toMatch(/replica_probe/);
    } finally {
      await replica!.query('select pg_wal_replay_resume()');
      await slow.close();
    }
    await waitFor('the replica to catch up', () => status().healthy);
  });

  it('falls back to the primary while the replica is down and uses it again when it returns', async () => {
    const post = await createPost(t, { userId: author.user.id, communityId });
    await waitFor('the post to reach the replica', () => onReplica(post.id));
    await replica!.stop();
    // 200s with the post at once, whether or not a check has noticed yet.
    for (let i = 0; i < 3; i++) expect(await authorPosts(reader)).toContain(post.id);
    await waitFor('the stopped replica to be skipped', () => !status().healthy);
    expect(status().reason).toMatch(/unreachable|query failed|connection/);
    const readsWhileDown = status().reads;
    expect(await authorPosts(reader)).toContain(post.id);
    expect(status().reads).toBe(readsWhileDown);

    await replica!.start();
    await waitFor('the replica to be healthy again', () => status().healthy);
    await servedByReplica('a read after the restart', async () =>
      expect(await authorPosts(reader)).toContain(post.id),
    );
  });
});
