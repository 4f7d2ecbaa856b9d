/**
 * The following feed (feedQuery: the filtered walk of the global index, else the bounded merge,
 * each path forced by its tuning as well as the default) against the reference it replaced
 * (lateralFollowingQuery: `limit` rows of every followed source, merged): random worlds —
 * random memberships, follows, blocks, deleted posts, timestamps and like counts with many
 * ties — and every page of both sorts, for several viewers and page sizes, must be identical
 * row for row. Seeded, so a failure names the world that shows it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database, type Db } from '../../db/client';
import type { PostCursor, PostSort } from '../../lib/cursor';
import { createTestDatabase } from '../../test/db';
import {
  FOLLOWING_TUNING,
  feedQuery,
  followedSources,
  lateralFollowingQuery,
  listPostRows,
  type FollowingTuning,
} from './feed.repository';
import { readPostRows, type PostRow } from './posts.repository';

/** mulberry32: a small seeded PRNG. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function cursorOf(sort: PostSort, row: PostRow): PostCursor {
  return sort === 'new'
    ? { sort: 'new', at: row.cursorAt, id: row.id }
    : { sort: 'top', likes: row.likeCount, at: row.cursorAt, id: row.id };
}

type Page = { ids: string[]; rows: PostRow[] };

/** Every page of a following feed, as the service pages it (limit + 1 rows, cursor from the last shown). */
async function allPages(
  read: (cursor: PostCursor | undefined, n: number) => Promise<PostRow[]>,
  sort: PostSort,
  limit: number,
): Promise<Page[]> {
  const pages: Page[] = [];
  let cursor: PostCursor | undefined;
  for (;;) {
    const rows = await read(cursor, limit + 1);
    const shown = rows.slice(0, limit);
    pages.push({ ids: shown.map((r) => r.id), rows: shown });
    const last = shown[shown.length - 1];
    if (rows.length <= limit || !last) return pages;
    cursor = cursorOf(sort, last);
    expect(pages.length).toBeLessThan(500);
  }
}

const TUNINGS: [string, FollowingTuning][] = [
  ['walk only (long)', { scanFrom: 0, scanRows: 100_000 }],
  ['walk then merge (short walk)', { scanFrom: 0, scanRows: 6 }],
  ['merge only', { scanFrom: 1_000_000, scanRows: FOLLOWING_TUNING.scanRows }],
];

describe('following feed: walk or bounded merge = LATERAL over every source', () => {
  let database: Database;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
  });
  afterAll(async () => {
    await database?.close();
  });

  async function buildWorld(seed: number): Promise<string[]> {
    const rnd = prng(seed);
    const pick = <T>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)]!;
    const tag = `eq${seed}`;
    const userCount = 14 + Math.floor(rnd() * 10);
    const communityCount = 6 + Math.floor(rnd() * 8);
    await db.execute(sql`
      insert into users (id, name, email, username, display_username)
      select gen_random_uuid(), 'U ' || g, ${tag} || '_' || g || '@example.test', ${tag} || '_u' || g, ${tag} || '_u' || g
      from generate_series(1, ${userCount}) as g`);
    await db.execute(sql`
      insert into communities (id, name) select gen_random_uuid(), ${tag} || ' community ' || g
      from generate_series(1, ${communityCount}) as g`);
    const users = (
      await queryRows<{ id: string }>(
        db,
        sql`select id from users where username like ${tag + '\\_u%'} order by username`,
      )
    ).map((r) => r.id);
    const communities = (
      await queryRows<{ id: string }>(
        db,
        sql`select id from communities where name like ${tag + ' community %'} order by name`,
      )
    ).map((r) => r.id);
    // Posts: a few hot sources, many ties on created_at (a dozen distinct instants) and likes.
    const postCount = 120 + Math.floor(rnd() * 120);
    const base = Date.UTC(2026, 0, 1);
    const rows = Array.from({ length: postCount }, () => ({
      user: rnd() < 0.3 ? users[0]! : pick(users),
      community: rnd() < 0.3 ? communities[0]! : pick(communities),
      at: new Date(base + Math.floor(rnd() * 12) * 60_000 + Math.floor(rnd() * 3)).toISOString(),
      likes: Math.floor(rnd() * 5),
      deleted: rnd() < 0.1,
    }));
    await db.execute(sql`
      insert into posts (id, user_id, community_id, type, title, like_count, created_at, deleted_at)
      select gen_random_uuid(), r.u, r.c, 0, 'p', r.l, r.a, case when r.d then now() end
      from unnest(${sql.param(rows.map((r) => r.user))}::uuid[], ${sql.param(rows.map((r) => r.community))}::uuid[],
                  ${sql.param(rows.map((r) => r.likes))}::int[], ${sql.param(rows.map((r) => r.at))}::timestamptz[],
                  ${sql.param(rows.map((r) => r.deleted))}::boolean[]) as r(u, c, l, a, d)`);
    // Viewers: the first few users, each with random memberships, follows and blocks
    // (a blocked user is not followed: blocking ends follows).
    const viewers = users.slice(0, 2);
    for (const viewer of viewers) {
      const others = users.filter((u) => u !== viewer);
      const blocked = others.filter(() => rnd() < 0.15);
      const followed = others.filter((u) => !blocked.includes(u) && rnd() < 0.4);
      const joined = communities.filter(() => rnd() < 0.5);
      for (const c of joined) {
        await db.execute(
          sql`insert into community_members (community_id, user_id) values (${c}, ${viewer})`,
        );
      }
      for (const u of followed) {
        await db.execute(
          sql`insert into user_follows (follower_id, followee_id) values (${viewer}, ${u})`,
        );
      }
      for (const u of blocked) {
        await db.execute(
          sql`insert into user_blocks (blocker_id, blocked_id) values (${viewer}, ${u})`,
        );
      }
    }
    return viewers;
  }

  it.each([1, 2, 3])(
    'world %i: every page of both sorts is identical',
    async (seed) => {
      const viewers = await buildWorld(seed);
      let compared = 0;
      for (const viewer of viewers) {
        const followed = await followedSources(db, viewer);
        const userIds = [...followed.userIds, viewer];
        for (const sort of ['new', 'top'] as const) {
          for (const limit of [3, 8]) {
            const expected = await allPages(
              (cursor, n) =>
                readPostRows(
                  db,
                  lateralFollowingQuery(viewer, followed.communityIds, userIds, sort, cursor, n),
                ),
              sort,
              limit,
            );
            const actual = await allPages(
              (cursor, n) => listPostRows(db, viewer, { kind: 'following' }, sort, cursor, n),
              sort,
              limit,
            );
            expect(
              actual.map((p) => p.ids),
              `seed ${seed} ${sort} limit ${limit}`,
            ).toEqual(expected.map((p) => p.ids));
            expect(actual.map((p) => p.rows)).toEqual(expected.map((p) => p.rows));
            // Each path on its own: always the walk (a short and a long one), never the walk.
            for (const [name, tuning] of TUNINGS) {
              const forced = await allPages(
                (cursor, n) =>
                  readPostRows(
                    db,
                    feedQuery(viewer, { kind: 'following' }, sort, cursor, n, tuning),
                  ),
                sort,
                limit,
              );
              expect(
                forced.map((p) => p.ids),
                `seed ${seed} ${sort} limit ${limit} ${name}`,
              ).toEqual(expected.map((p) => p.ids));
            }
            compared += expected.reduce((n, p) => n + p.ids.length, 0);
          }
        }
      }
      // The worlds are not empty: something was compared.
      expect(compared).toBeGreaterThan(100);
      // And the statement itself is the one the feed runs.
      const viewer = viewers[0]!;
      const direct = await readPostRows(
        db,
        feedQuery(viewer, { kind: 'following' }, 'new', undefined, 5),
      );
      expect(direct.length).toBeLessThanOrEqual(5);
      // Hundreds of statements per world on the embedded database: ~10 s alone, 30+ s beside a build.
    },
    120_000,
  );
});
