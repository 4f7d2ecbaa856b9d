/**
 * The feed's plans on a realistic volume: every single-source page is an index range
 * read in order (no Sort of the table), and the following feed is one statement of index
 * ranges only (the first row of every followed source, then full ranges of the chosen few),
 * with no Sort over posts' rows beyond those ranges. Run with SHOW_PLANS=1 to print them
 * (as in docs/posts-and-feed.md).
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database, type Db } from '../../db/client';
import { createTestDatabase } from '../../test/db';
import type { PostCursor } from '../../lib/cursor';
import {
  FOLLOWING_TUNING,
  feedQuery,
  followedSources,
  listPostRows,
  type FeedSource,
} from './feed.repository';
import type { PostRow } from './posts.repository';

async function plan(db: Db, query: SQL, analyze = false): Promise<string> {
  const rows = await queryRows<Record<string, string>>(
    db,
    analyze ? sql`EXPLAIN (ANALYZE, COSTS OFF) ${query}` : sql`EXPLAIN ${query}`,
  );
  return rows.map((r) => Object.values(r)[0]).join('\n');
}

describe('feed query plans', () => {
  let database: Database;
  let db: Db;
  let viewer: string;
  let community: string;
  let followedIds: Set<string>;
  const following: FeedSource = { kind: 'following' };

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    // 300 users, 100 communities, 30,000 posts over 30 days; the viewer follows 10 communities and 20 users.
    await db.execute(sql`
      INSERT INTO users (id, name, email, username, display_username)
      SELECT gen_random_uuid(), 'User ' || g, 'u' || g || '@example.test', 'plan_user_' || g, 'plan_user_' || g
      FROM generate_series(1, 300) AS g`);
    await db.execute(sql`
      INSERT INTO communities (id, name) SELECT gen_random_uuid(), 'Plan community ' || g FROM generate_series(1, 100) AS g`);
    const users = (
      await queryRows<{ id: string }>(
        db,
        sql`SELECT id FROM users WHERE username LIKE 'plan_user_%' ORDER BY username`,
      )
    ).map((r) => r.id);
    const communities = (
      await queryRows<{ id: string }>(
        db,
        sql`SELECT id FROM communities WHERE name LIKE 'Plan community %' ORDER BY name`,
      )
    ).map((r) => r.id);
    viewer = users[0]!;
    community = communities[0]!;
    await db.execute(sql`
      INSERT INTO posts (id, user_id, community_id, type, title, like_count, created_at)
      SELECT gen_random_uuid(), (${sql.param(users)}::uuid[])[1 + g % 300], (${sql.param(communities)}::uuid[])[1 + (g * 7) % 100],
             0, 'post ' || g, (g * 13) % 97, now() - g * interval '86 seconds'
      FROM generate_series(1, 30000) AS g`);
    await db.execute(sql`
      INSERT INTO community_members (community_id, user_id)
      SELECT c, ${viewer}::uuid FROM unnest((${sql.param(communities)}::uuid[])[1:10]) AS c`);
    await db.execute(sql`
      INSERT INTO user_follows (follower_id, followee_id)
      SELECT ${viewer}::uuid, u FROM unnest((${sql.param(users)}::uuid[])[2:21]) AS u`);
    await db.execute(sql`VACUUM ANALYZE posts`);
    await db.execute(sql`ANALYZE community_members`);
    await db.execute(sql`ANALYZE user_follows`);
    const followed = await followedSources(db, viewer);
    expect(followed.communityIds).toHaveLength(10);
    expect(followed.userIds).toHaveLength(20);
    followedIds = new Set([...followed.communityIds, ...followed.userIds, viewer]);
  });
  afterAll(async () => {
    await database?.close();
  });

  const cursorNew: PostCursor = {
    sort: 'new',
    at: new Date(Date.now() - 5 * 86_400_000).toISOString().replace('Z', '000Z'),
    id: 'ffffffff-ffff-7fff-bfff-ffffffffffff',
  };
  const cursorTop: PostCursor = { sort: 'top', likes: 50, at: cursorNew.at, id: cursorNew.id };

  it.each([
    ['all, new', { kind: 'all' } as FeedSource, 'new', 'posts_created_idx'],
    ['all, top', { kind: 'all' } as FeedSource, 'top', 'posts_likes_idx'],
    ['community, new', null, 'new', 'posts_community_created_idx'],
    ['community, top', null, 'top', 'posts_community_likes_idx'],
  ] as const)(
    '%s: an index range scan in order, no sort, on the first and a later page',
    async (_n, given, sort, index) => {
      const source: FeedSource = given ?? { kind: 'community', communityId: community };
      for (const cursor of [undefined, sort === 'new' ? cursorNew : cursorTop]) {
        const p = await plan(db, feedQuery(viewer, source, sort, cursor, 25));
        expect(p).toMatch(new RegExp(`Index Scan using ${index} on posts`));
        expect(p).not.toMatch(/Sort|Seq Scan on posts/);
      }
    },
  );

  it('user pages use posts_user_*_idx', async () => {
    const p = await plan(
      db,
      feedQuery(viewer, { kind: 'user', userId: viewer }, 'new', cursorNew, 25),
    );
    expect(p).toMatch(/Index Scan using posts_user_created_idx on posts/);
    expect(p).not.toMatch(/Sort|Seq Scan on posts/);
  });

  it.each(['new', 'top'] as const)(
    'following, %s: one statement of index ranges, merged and limited, on either path',
    async (sort) => {
      const suffix = sort === 'new' ? 'created' : 'likes';
      const global = sort === 'new' ? 'posts_created_idx' : 'posts_likes_idx';
      for (const cursor of [undefined, sort === 'new' ? cursorNew : cursorTop]) {
        const p = await plan(db, feedQuery(viewer, following, sort, cursor, 25));
        // The followed ids are read inside the page's statement.
        expect(p).toMatch(/community_members/);
        expect(p).toMatch(/user_follows/);
        // Each source an index range in the sort's order, on the covering index.
        expect(p).toMatch(
          new RegExp(`Index (Only )?Scan using posts_community_${suffix}_idx on posts`),
        );
        expect(p).toMatch(new RegExp(`Index (Only )?Scan using posts_user_${suffix}_idx on posts`));
        expect(p).toMatch(new RegExp(`Index (Only )?Scan using ${global} on posts`));
        expect(p).not.toMatch(/Seq Scan on posts|Bitmap Heap Scan on posts/);
        // Executed, by default (31 sources: the bounded merge) and with the walk forced:
        // every read of posts is a bounded range — a page per source probe, at most `scanRows`
        // for the walk — and the path not needed is never executed.
        for (const [tuning, skipped] of [
          [FOLLOWING_TUNING, new RegExp(global)],
          [{ ...FOLLOWING_TUNING, scanFrom: 0 }, /posts_(community|user)_\w+_idx/],
        ] as const) {
          const run = await plan(db, feedQuery(viewer, following, sort, cursor, 25, tuning), true);
          const scans = run.split('\n').filter((l) => /Scan using posts_\w+ on posts/.test(l));
          expect(scans.length, run).toBeGreaterThan(0);
          for (const line of scans) {
            if (skipped.test(line)) {
              expect(line, run).toMatch(/never executed/);
              continue;
            }
            const bound = line.includes(global) ? tuning.scanRows : 25;
            expect(Number(/rows=(\d+)/.exec(line)?.[1]), line).toBeLessThanOrEqual(bound);
          }
          expect(run).not.toMatch(
            /Sort.*\n\s*->\s+(Index|Index Only|Seq|Bitmap Heap) Scan .*on posts/,
          );
          if (process.env.SHOW_PLANS && !cursor) {
            console.log(
              `--- following, ${sort}, scanFrom ${tuning.scanFrom} (${database.kind})\n${run}`,
            );
          }
        }
      }
    },
  );

  it('answers a full page in the sort order for every source; plans and timings printed with SHOW_PLANS', async () => {
    const show = Boolean(process.env.SHOW_PLANS);
    const sources: [string, FeedSource][] = [
      ['all', { kind: 'all' }],
      ['community', { kind: 'community', communityId: community }],
      ['following', following],
    ];
    for (const [name, source] of sources) {
      for (const sort of ['new', 'top'] as const) {
        const times: number[] = [];
        let rows: PostRow[] = [];
        // Timed runs only when printing them; otherwise one run is the check.
        for (let i = 0; i < (show ? 30 : 1); i++) {
          const start = performance.now();
          rows = await listPostRows(db, viewer, source, sort, undefined, 25);
          times.push(performance.now() - start);
        }
        expect(rows, `${name} ${sort}`).toHaveLength(25);
        expect(new Set(rows.map((r) => r.id)).size).toBe(25);
        const key = (r: (typeof rows)[number]) =>
          [sort === 'top' ? String(r.likeCount).padStart(6, '0') : '', r.cursorAt, r.id].join('|');
        const keys = rows.map(key);
        expect(keys, `${name} ${sort} is in order`).toEqual([...keys].sort().reverse());
        if (name === 'community') expect(rows.every((r) => r.communityId === community)).toBe(true);
        if (name === 'following') {
          expect(
            rows.every((r) => followedIds.has(r.communityId) || followedIds.has(r.authorId)),
          ).toBe(true);
        }
        if (show) {
          times.sort((a, b) => a - b);
          console.log(
            `${database.kind} ${name} ${sort}: median ${times[15]!.toFixed(2)} ms, p90 ${times[27]!.toFixed(2)} ms`,
          );
        }
      }
    }
    // Executed (EXPLAIN ANALYZE), a later page still reads its index range in order.
    for (const [name, source, index] of [
      ['all, new', { kind: 'all' }, 'posts_created_idx'],
      [
        'community, new',
        { kind: 'community', communityId: community },
        'posts_community_created_idx',
      ],
    ] as const) {
      const p = await plan(db, feedQuery(viewer, source as FeedSource, 'new', cursorNew, 25), true);
      expect(p, p).toMatch(new RegExp(`Index Scan using ${index} on posts`));
      expect(p, p).not.toMatch(/Sort|Seq Scan on posts/);
      if (show) console.log(`--- ${name} (${database.kind})\n${p}`);
    }
  });
});
