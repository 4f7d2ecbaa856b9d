/**
 * How the following feed's page cost scales with the number of followed sources (10 → 1,000),
 * the world's size (10k → 1M posts) and the page's depth (page 1 → page 50), for both sorts,
 * old query against new, on PostgreSQL. Query time only (no HTTP):
 *
 * - old: the followed ids (`followedSources`, one statement) + `lateralFollowingQuery`
 *   (`limit` rows of every source, merged) — two statements per page;
 * - new: `feedQuery(… { kind: 'following' } …)` — one statement (the bounded merge).
 *
 * Each is timed as wall time from Node (node-postgres, SQL rendered once, median of N
 * interleaved rounds) and as EXPLAIN (ANALYZE, BUFFERS) execution time (median of N) with the
 * shared buffers touched. Page 50's cursor is found by walking 49 pages, and old and new are
 * checked to answer the same page 50.
 *
 *   npx tsx bench/feed-scaling.ts [--rounds 15] [--url postgres://postgres@127.0.0.1:5432/test]
 *
 * Worlds (generated once, then reused; drop them to regenerate):
 *   otakura_bench_feed  1,000,000 posts, 10,000 communities, 100,000 users (kept)
 *   otakura_feed_small     10,000 posts,  1,000 communities,  10,000 users
 * In each, viewer "v10" is a member of the 5 largest communities and follows 5 users (+ own
 * posts: 11 sources; enough posts for 50 pages in the big world), viewer "v1000" a member of
 * 500 communities spread over all sizes, follows 500 users (1,001 sources) and blocks 20 users.
 * Posts: community n drawn with density ∝ 1/√n (a few large communities, a long tail), uniform
 * author, created over a year, like_count skewed (most 0–5, a few hundreds; synthetic: no
 * post_likes rows), 2 % deleted.
 */
import { performance } from 'node:perf_hooks';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '../src/db/client';
import type { PostCursor, PostSort } from '../src/lib/cursor';
import {
  FOLLOWING_TUNING,
  feedQuery,
  lateralFollowingQuery,
} from '../src/modules/posts/feed.repository';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const ROUNDS = Number(arg('rounds', '15'));
const BASE_URL = arg('url', process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const LIMIT = 24;

interface WorldSpec {
  name: string;
  db: string;
  posts: number;
  communities: number;
  users: number;
}
const WORLDS: WorldSpec[] = [
  { name: '10k posts', db: 'otakura_feed_small', posts: 10_000, communities: 1_000, users: 10_000 },
  {
    name: '1M posts',
    db: 'otakura_bench_feed',
    posts: 1_000_000,
    communities: 10_000,
    users: 100_000,
  },
];

const urlOf = (db: string) => {
  const u = new URL(BASE_URL);
  u.pathname = `/${db}`;
  return u.toString();
};
const dialect = new PgDialect();
const render = (q: SQL) => dialect.sqlToQuery(q);
const log = (line: string) => process.stdout.write(`${line}\n`);
const uid = (kind: string, n: number | string) => `md5('${kind}' || ${n})::uuid`;

/** Creates and fills the world's database unless it is there already (marker table). */
async function ensureWorld(w: WorldSpec): Promise<void> {
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [w.db]);
  if (!exists.rowCount) await admin.query(`create database ${w.db}`);
  await admin.end();
  const database = await openDatabase({ databaseUrl: urlOf(w.db), poolMax: 2 });
  await migrateDatabase(database, { analyze: false });
  await database.close();
  const c = new pg.Client({ connectionString: urlOf(w.db) });
  await c.connect();
  try {
    await c.query('create table if not exists bench_feed_meta (posts int primary key)');
    const done = await c.query('select posts from bench_feed_meta');
    if (done.rowCount) return;
    const step = async (label: string, text: string) => {
      const start = performance.now();
      await c.query(text);
      log(`  ${w.db}: ${label} ${((performance.now() - start) / 1000).toFixed(1)} s`);
    };
    log(`generating ${w.db} (${w.posts} posts) …`);
    await c.query('begin');
    await step(
      'users',
      `insert into users (id, name, email, username, display_username)
       select ${uid('u', 'g')}, 'Feed user ' || g, 'feed' || g || '@bench.test', 'feed_' || g, 'feed_' || g
       from generate_series(1, ${w.users}) g`,
    );
    await step(
      'viewers',
      `insert into users (id, name, email, username, display_username)
       select ${uid('viewer', 'v')}, 'Viewer ' || v, 'viewer' || v || '@bench.test', 'viewer_' || v, 'viewer_' || v
       from unnest(array[10, 1000]) v`,
    );
    await step(
      'communities',
      `insert into communities (id, name) select ${uid('c', 'g')}, 'Feed bench ' || g
       from generate_series(1, ${w.communities}) g`,
    );
    // Build the post indexes once after the load instead of row by row.
    const defs = await c.query<{ name: string; def: string }>(
      `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
       from pg_index i where i.indrelid = 'posts'::regclass
         and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
    );
    for (const r of defs.rows) await c.query(`drop index ${r.name}`);
    const h = (expr: string) => `(hashint4(${expr}) & 2147483647)`;
    await step(
      'posts',
      `insert into posts (id, user_id, community_id, type, title, like_count, created_at, deleted_at)
       select ${uid('p', 'g')}, ${uid('u', `1 + ${h('g')} % ${w.users}`)},
              ${uid('c', `1 + floor(${w.communities} * power(${h('g * 31 + 7')} / 2147483648.0, 2))::int`)}, 0, 'post ' || g,
              floor(power(${h('g * 17 + 1')} / 2147483647.0, 6) * 400)::int,
              timestamptz '2026-06-01' - (${h('g * 13 + 5')} % (365 * 86400)) * interval '1 second'
                - (g % 997) * interval '1 microsecond',
              case when g % 50 = 0 then timestamptz '2026-06-01' end
       from generate_series(1, ${w.posts}) g`,
    );
    for (const r of defs.rows) await step(`index ${r.name}`, r.def);
    const half = Math.min(500, Math.floor(w.communities / 2));
    await step(
      'follows',
      `insert into community_members (community_id, user_id)
         select ${uid('c', 'g')}, ${uid('viewer', 10)} from generate_series(1, 5) g
         union all
         select ${uid('c', `1 + (g * 7) % ${w.communities}`)}, ${uid('viewer', 1000)} from generate_series(1, ${half}) g;
       insert into user_follows (follower_id, followee_id)
         select ${uid('viewer', 10)}, ${uid('u', `1 + (g * 13) % ${w.users}`)} from generate_series(1, 5) g
         union all
         select ${uid('viewer', 1000)}, ${uid('u', `1 + (g * 13) % ${w.users}`)} from generate_series(1, 500) g;
       insert into user_blocks (blocker_id, blocked_id)
         select ${uid('viewer', 1000)}, ${uid('u', `1 + (g * 101 + 3) % ${w.users}`)} from generate_series(1, 20) g
         on conflict do nothing`,
    );
    await step(
      'counters',
      `update communities c set post_count = n from (select community_id, count(*) n from posts
         where deleted_at is null group by 1) x where x.community_id = c.id;
       update users u set post_count = n from (select user_id, count(*) n from posts
         where deleted_at is null group by 1) x where x.user_id = u.id;
       update communities c set member_count = n from (select community_id, count(*) n
         from community_members group by 1) x where x.community_id = c.id`,
    );
    await c.query(`insert into bench_feed_meta values (${w.posts})`);
    await c.query('commit');
    await step('vacuum analyze', 'vacuum analyze');
  } finally {
    await c.end();
  }
}

type Variant = 'old' | 'merge' | 'new';

/** The statements of one page: old = followed ids then the LATERAL page; new = one statement. */
async function statements(
  c: pg.Client,
  variant: Variant,
  viewer: string,
  sort: PostSort,
  cursor: PostCursor | undefined,
): Promise<{ text: string; values: unknown[] }[]> {
  if (variant !== 'old') {
    // merge: the bounded merge alone (the walk of the global index turned off).
    const tuning =
      variant === 'merge' ? { ...FOLLOWING_TUNING, scanFrom: Number.MAX_SAFE_INTEGER } : undefined;
    const q = render(feedQuery(viewer, { kind: 'following' }, sort, cursor, LIMIT + 1, tuning));
    return [{ text: q.sql, values: q.params }];
  }
  const followedSql = `select
      coalesce((select json_agg(m.community_id) from community_members m where m.user_id = $1::uuid), '[]'::json) as "communityIds",
      coalesce((select json_agg(f.followee_id) from user_follows f where f.follower_id = $1::uuid), '[]'::json) as "userIds"`;
  const { rows } = await c.query<{ communityIds: string[]; userIds: string[] }>(followedSql, [
    viewer,
  ]);
  const q = render(
    lateralFollowingQuery(
      viewer,
      rows[0]!.communityIds,
      [...rows[0]!.userIds, viewer],
      sort,
      cursor,
      LIMIT + 1,
    ),
  );
  return [
    { text: followedSql, values: [viewer] },
    { text: q.sql, values: q.params },
  ];
}

interface Row {
  id: string;
  cursorAt: string;
  likeCount: number;
}

async function runPage(
  c: pg.Client,
  variant: Variant,
  viewer: string,
  sort: PostSort,
  cursor: PostCursor | undefined,
): Promise<Row[]> {
  const stmts = await statements(c, variant, viewer, sort, cursor);
  let rows: Row[] = [];
  for (const s of stmts) rows = (await c.query<Row>(s.text, s.values)).rows;
  return rows;
}

/** The cursor of page `n` (walking n−1 pages with `variant`); null when there are fewer pages. */
async function cursorOfPage(
  c: pg.Client,
  variant: Variant,
  viewer: string,
  sort: PostSort,
  n: number,
): Promise<PostCursor | undefined | null> {
  let cursor: PostCursor | undefined;
  for (let i = 1; i < n; i++) {
    const rows = await runPage(c, variant, viewer, sort, cursor);
    const last = rows[LIMIT - 1];
    if (!last || rows.length <= LIMIT) return null; // fewer than n pages
    cursor =
      sort === 'new'
        ? { sort: 'new', at: last.cursorAt, id: last.id }
        : { sort: 'top', likes: last.likeCount, at: last.cursorAt, id: last.id };
  }
  return cursor;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)]!;
};

interface Measure {
  wall: number;
  exec: number;
  plan: number;
  buffers: number;
}

async function measure(
  c: pg.Client,
  variant: Variant,
  viewer: string,
  sort: PostSort,
  cursor: PostCursor | undefined,
  rounds: number,
): Promise<Measure> {
  const stmts = await statements(c, variant, viewer, sort, cursor);
  const wall: number[] = [];
  const exec: number[] = [];
  const planning: number[] = [];
  let buffers = 0;
  for (let r = 0; r < rounds + 2; r++) {
    const start = performance.now();
    for (const s of stmts) await c.query(s.text, s.values);
    const t = performance.now() - start;
    let e = 0;
    let pl = 0;
    let b = 0;
    for (const s of stmts) {
      const plan = await c.query<Record<string, string>>(
        `explain (analyze, buffers, timing off) ${s.text}`,
        s.values,
      );
      const lines = plan.rows.map((row) => Object.values(row)[0]!);
      e += Number(/Execution Time: ([\d.]+)/.exec(lines.join('\n'))?.[1] ?? NaN);
      pl += Number(/Planning Time: ([\d.]+)/.exec(lines.join('\n'))?.[1] ?? NaN);
      // The top node's buffers are the statement's total.
      const top = lines.find((l) => /Buffers: shared/.test(l)) ?? '';
      b += Number(/hit=(\d+)/.exec(top)?.[1] ?? 0) + Number(/read=(\d+)/.exec(top)?.[1] ?? 0);
    }
    if (r >= 2) {
      wall.push(t);
      exec.push(e);
      planning.push(pl);
      buffers = b;
    }
  }
  return { wall: median(wall), exec: median(exec), plan: median(planning), buffers };
}

async function main() {
  for (const w of WORLDS) await ensureWorld(w);
  const results: {
    world: string;
    sources: number;
    sort: PostSort;
    page: number;
    old: Measure;
    merge: Measure;
    new: Measure;
  }[] = [];
  for (const w of WORLDS) {
    const c = new pg.Client({ connectionString: urlOf(w.db) });
    await c.connect();
    try {
      for (const [sources, viewerNo] of [
        [11, 10],
        [1001, 1000],
      ] as const) {
        const viewer = (await c.query<{ id: string }>(`select ${uid('viewer', viewerNo)} as id`))
          .rows[0]!.id;
        for (const sort of ['new', 'top'] as const) {
          for (const page of [1, 50]) {
            const cursor = await cursorOfPage(c, 'new', viewer, sort, page);
            if (cursor === null) {
              log(`${w.name} ${sources} sources ${sort}: fewer than ${page} pages, skipped`);
              continue;
            }
            // Same page from both queries (the equivalence test's claim, at this scale).
            const a = (await runPage(c, 'old', viewer, sort, cursor)).map((r) => r.id);
            const b = (await runPage(c, 'new', viewer, sort, cursor)).map((r) => r.id);
            if (a.join() !== b.join())
              throw new Error(`old and new differ: ${w.db} ${sort} ${page}`);
            const m = (await runPage(c, 'merge', viewer, sort, cursor)).map((r) => r.id);
            if (a.join() !== m.join())
              throw new Error(`old and merge differ: ${w.db} ${sort} ${page}`);
            const old = await measure(c, 'old', viewer, sort, cursor, ROUNDS);
            const merge = await measure(c, 'merge', viewer, sort, cursor, ROUNDS);
            const neu = await measure(c, 'new', viewer, sort, cursor, ROUNDS);
            results.push({ world: w.name, sources, sort, page, old, merge, new: neu });
            log(
              `${w.name.padEnd(9)} ${String(sources).padStart(4)} sources ${sort} p${String(page).padEnd(2)}  ` +
                `old wall ${old.wall.toFixed(2)} exec ${old.exec.toFixed(2)} plan ${old.plan.toFixed(2)} buf ${old.buffers}  |  ` +
                `merge wall ${merge.wall.toFixed(2)} exec ${merge.exec.toFixed(2)} buf ${merge.buffers}  |  ` +
                `new wall ${neu.wall.toFixed(2)} exec ${neu.exec.toFixed(2)} plan ${neu.plan.toFixed(2)} buf ${neu.buffers}`,
            );
          }
        }
      }
    } finally {
      await c.end();
    }
  }
  // Markdown: times in ms (median of ROUNDS), then the goal's ratios.
  log(
    `\n| world | sources | sort | page | old wall | old exec | old buffers | merge wall | merge exec | merge buffers | new wall | new exec | new buffers |`,
  );
  log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    log(
      `| ${r.world} | ${r.sources} | ${r.sort} | ${r.page} | ${r.old.wall.toFixed(2)} | ${r.old.exec.toFixed(2)} | ${r.old.buffers} | ${r.merge.wall.toFixed(2)} | ${r.merge.exec.toFixed(2)} | ${r.merge.buffers} | ${r.new.wall.toFixed(2)} | ${r.new.exec.toFixed(2)} | ${r.new.buffers} |`,
    );
  }
  const find = (world: string, sources: number, sort: PostSort, page: number) =>
    results.find(
      (r) => r.world === world && r.sources === sources && r.sort === sort && r.page === page,
    );
  log('\nRatios (wall / exec), goal in brackets:');
  log('| ratio | sort | page | old | merge | new |');
  log('|---|---|---|---|---|---|');
  const ratio = (x: Measure | undefined, y: Measure | undefined) =>
    x && y ? `${(x.wall / y.wall).toFixed(2)} / ${(x.exec / y.exec).toFixed(2)}` : '–';
  for (const sort of ['new', 'top'] as const) {
    for (const page of [1, 50]) {
      const a = find('1M posts', 1001, sort, page);
      const b = find('1M posts', 11, sort, page);
      log(
        `| 1,001 ÷ 11 sources, 1M posts [≤ 1.5] | ${sort} | ${page} | ${ratio(a?.old, b?.old)} | ${ratio(a?.merge, b?.merge)} | ${ratio(a?.new, b?.new)} |`,
      );
    }
  }
  for (const sort of ['new', 'top'] as const) {
    for (const sources of [11, 1001]) {
      const a = find('1M posts', sources, sort, 1);
      const b = find('10k posts', sources, sort, 1);
      log(
        `| 1M ÷ 10k posts, ${sources} sources [≤ 1.3] | ${sort} | 1 | ${ratio(a?.old, b?.old)} | ${ratio(a?.merge, b?.merge)} | ${ratio(a?.new, b?.new)} |`,
      );
    }
  }
  for (const sort of ['new', 'top'] as const) {
    for (const sources of [11, 1001]) {
      const a = find('1M posts', sources, sort, 50);
      const b = find('1M posts', sources, sort, 1);
      log(
        `| page 50 ÷ page 1, ${sources} sources [0.8–1.2] | ${sort} | – | ${ratio(a?.old, b?.old)} | ${ratio(a?.merge, b?.merge)} | ${ratio(a?.new, b?.new)} |`,
      );
    }
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
