import { verifyPassword } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../db/client';
import { createTestDatabase } from '../test/db';
import { counterMismatches } from '../test/factories';
import { BULK_PASSWORD, bulkSeed, type BulkSeedCounts } from './bulk-seed';
import { parseSeedArgs, SeedCliError } from './cli';

let database: Database;
let first: BulkSeedCounts;
let second: BulkSeedCounts;

const count = async (query: ReturnType<typeof sql>) =>
  Number(
    (
      await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from (${query}) q`)
    )[0]!.n,
  );

beforeAll(async () => {
  database = await createTestDatabase();
  first = await bulkSeed({
    db: database.db,
    users: 120,
    posts: 2000,
    communities: 6,
    comments: 3000,
    chunkSize: 1000,
  });
  // A second run adds to the first without touching its counters.
  second = await bulkSeed({
    db: database.db,
    users: 30,
    posts: 500,
    likesPerPost: 2,
    followsPerUser: 4,
    membershipsPerUser: 2,
  });
}, 300_000);

afterAll(async () => {
  await database?.close();
});

describe('bulkSeed', () => {
  it('makes exactly the asked users, communities and posts', async () => {
    expect(first).toMatchObject({
      users: 120,
      communities: 6,
      posts: 2000,
      communityMembers: 120 * 5,
      follows: 120 * 10,
    });
    expect(second).toMatchObject({
      users: 30,
      communities: 5,
      posts: 500,
      communityMembers: 30 * 2,
      follows: 30 * 4,
    });
    expect(await count(sql`select 1 from users where email like '%@bulk.otakura.local'`)).toBe(150);
    expect(await count(sql`select 1 from accounts where provider_id = 'credential'`)).toBe(150);
    expect(await count(sql`select 1 from communities`)).toBe(11);
    expect(await count(sql`select 1 from posts`)).toBe(2500);
    expect(await count(sql`select 1 from post_likes`)).toBe(first.postLikes + second.postLikes);
    expect(await count(sql`select 1 from comments`)).toBe(first.comments + second.comments);
    expect(await count(sql`select 1 from community_members`)).toBe(
      first.communityMembers + second.communityMembers,
    );
    expect(await count(sql`select 1 from user_follows`)).toBe(first.follows + second.follows);
    // About the asked numbers of comments and likes (random per post).
    expect(first.comments).toBeGreaterThan(2400);
    expect(first.comments).toBeLessThan(3600);
    expect(first.postLikes).toBeGreaterThan(4800);
    expect(first.postLikes).toBeLessThan(7200);
  });

  it('keeps every counter equal to its rows', async () => {
    expect(await counterMismatches({ database })).toEqual([]);
    expect(await count(sql`select 1 from users where post_count > 0`)).toBeGreaterThan(100);
  });

  it('writes text and link posts with UUIDv7 ids over the last 60 days', async () => {
    expect(await count(sql`select 1 from posts where type not in (0, 5)`)).toBe(0);
    expect(await count(sql`select 1 from posts where type = 5 and url is null`)).toBe(0);
    expect(
      await count(sql`select 1 from posts where id::text !~ '^[0-9a-f]{8}-[0-9a-f]{4}-7'`),
    ).toBe(0);
    expect(
      await count(
        sql`select 1 from posts where created_at < now() - interval '61 days' or created_at > now()`,
      ),
    ).toBe(0);
    // The id's time prefix is the row's created_at, as for ids made by the app.
    const [row] = await queryRows<{ id: string; ms: string }>(
      database.db,
      sql`select id::text as id, floor(extract(epoch from created_at) * 1000)::bigint::text as ms from posts limit 1`,
    );
    expect(parseInt(row!.id.replace(/-/g, '').slice(0, 12), 16)).toBe(Number(row!.ms));
  });

  it('gives bulk accounts a working password', async () => {
    const [acc] = await queryRows<{ password: string }>(
      database.db,
      sql`select a.password from accounts a join users u on u.id = a.user_id where u.email like '%@bulk.otakura.local' limit 1`,
    );
    expect(await verifyPassword({ hash: acc!.password, password: BULK_PASSWORD })).toBe(true);
  });
});

describe('seed CLI arguments', () => {
  it('reads bulk options, with separators and suffixes', () => {
    expect(parseSeedArgs([])).toEqual({ mode: 'demo', bulk: {} });
    expect(parseSeedArgs(['--demo']).mode).toBe('demo');
    expect(parseSeedArgs(['--help']).mode).toBe('help');
    expect(
      parseSeedArgs([
        '--users',
        '10k',
        '--posts=1_000_000',
        '--communities',
        '50',
        '--comments',
        '2m',
      ]),
    ).toEqual({
      mode: 'bulk',
      bulk: { users: 10_000, posts: 1_000_000, communities: 50, comments: 2_000_000 },
    });
    expect(parseSeedArgs(['--likes', '5', '--follows', '3', '--chunk', '5000']).bulk).toEqual({
      likesPerPost: 5,
      followsPerUser: 3,
      chunkSize: 5000,
    });
  });

  it('refuses unknown options and missing numbers', () => {
    expect(() => parseSeedArgs(['--nope'])).toThrow(SeedCliError);
    expect(() => parseSeedArgs(['--posts'])).toThrow(/needs a number/);
    expect(() => parseSeedArgs(['--posts', 'many'])).toThrow(/needs a number/);
  });
});
