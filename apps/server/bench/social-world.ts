/**
 * The named social world of the API benchmark (`api.suite.ts`) on PostgreSQL: database
 * `otakura_bench_world_<name>`, generated once with set-based SQL (generate_series), kept
 * after the run and reused while its fingerprint (sizes, generator version, the migration
 * files) matches the one recorded in its `bench_world_meta` table; `--fresh` regenerates.
 *
 * Users 1–3 are the viewers: 1 follows 200 communities and 500 users, 2 follows 10 sources
 * (5 + 5), 3 follows 1,000 (500 + 500). Community 1 is large (2 % of the posts) and post 1,
 * its newest, is "hot" (1,000 likes, 2,000 comments). Every other user joins 3 communities
 * and follows 5 users; posts have 0–4 likes (≈ 2) and 0–3 comments (≈ 0.7). Media (a tenth
 * videos with 12 episodes) and shop items complete the read endpoints.
 *
 * Likes, comments, memberships and follows are inserted first; the counters of posts,
 * users and communities are then computed from those rows by the INSERTs of their owners,
 * and checked against the rows at the end. Foreign-key triggers are off during the load
 * (`session_replication_role = replica`, the ids are consistent by construction) and the
 * secondary indexes are dropped and rebuilt once.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { hashPassword } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { migrateDatabase, openDatabase, queryRows, type Db } from '../src/db/client';
import { timed } from './stats';
import type { WorldName } from './suite';

/** Bump when the generated rows change shape: a world of another version is regenerated. */
const GENERATOR_VERSION = 3;
export const VIEWER_PASSWORD = 'otakura-bench-viewer';

export interface SocialSizes {
  users: number;
  communities: number;
  posts: number;
  media: number;
  shopItems: number;
}

export const SOCIAL_SIZES: Record<WorldName, SocialSizes> = {
  big: { users: 100_000, communities: 10_000, posts: 1_000_000, media: 2_000, shopItems: 5_000 },
  small: { users: 10_000, communities: 1_000, posts: 10_000, media: 200, shopItems: 500 },
};

export interface SocialWorld {
  name: WorldName;
  databaseUrl: string;
  sizes: SocialSizes;
  /** Rows per table after generation. */
  counts: Record<string, number>;
  viewers: { main: Viewer; follows10: Viewer; follows1000: Viewer };
  bigCommunityId: string;
  hotPostId: string;
  /** An author with many posts (for the profile and user posts endpoints). */
  authorId: string;
  mediaId: string;
  shopItemId: string;
  /** Seconds per generation step (empty when reused). */
  timings: Record<string, number>;
  reused: boolean;
  fingerprint: string;
}

export interface Viewer {
  id: string;
  email: string;
  communities: number;
  users: number;
}

const VIEWER_FOLLOWS = [
  { n: 1, communities: 200, users: 500 },
  { n: 2, communities: 5, users: 5 },
  { n: 3, communities: 500, users: 500 },
] as const;

/** md5 of the migration files (names and contents), the sizes and the generator version. */
export function worldFingerprint(sizes: SocialSizes): string {
  const dir = path.resolve(import.meta.dirname, '../src/db/migrations');
  const h = createHash('md5');
  h.update(JSON.stringify({ sizes, version: GENERATOR_VERSION, follows: VIEWER_FOLLOWS }));
  for (const f of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
    if (!f.endsWith('.sql') && !f.endsWith('.json')) continue;
    h.update(f);
    h.update(readFileSync(path.join(dir, f)));
  }
  return h.digest('hex');
}

async function adminQuery(serverUrl: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** Opens (or generates) the named world and answers its facts. */
export async function ensureSocialWorld(
  serverUrl: string,
  name: WorldName,
  opts: { fresh: boolean; log: (line: string) => void },
): Promise<SocialWorld> {
  const sizes = SOCIAL_SIZES[name];
  const dbName = `otakura_bench_world_${name}`;
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const fingerprint = worldFingerprint(sizes);

  const exists =
    (await adminQuery(serverUrl, `select 1 from pg_database where datname = '${dbName}'`))
      .rowCount === 1;
  if (exists && !opts.fresh) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const r = await client
        .query<{ value: SocialWorld }>(`select value from bench_world_meta where key = 'world'`)
        .catch(() => undefined);
      const world = r?.rows[0]?.value;
      if (world && world.fingerprint === fingerprint) {
        opts.log(`world ${dbName}: reused (fingerprint ${fingerprint.slice(0, 8)})`);
        return { ...world, databaseUrl, reused: true, timings: {} };
      }
      opts.log(`world ${dbName}: stale or incomplete, regenerating`);
    } finally {
      await client.end();
    }
  }
  if (exists) await adminQuery(serverUrl, `drop database "${dbName}" with (force)`);
  await adminQuery(serverUrl, `create database "${dbName}"`);
  opts.log(`world ${dbName}: generating ${JSON.stringify(sizes)}`);
  const database = await openDatabase({ databaseUrl, poolMax: 2 });
  try {
    await migrateDatabase(database);
    const world = await generate(database.db, name, sizes, opts.log);
    const full: SocialWorld = { ...world, databaseUrl, fingerprint, reused: false };
    await database.db.execute(
      sql`create table bench_world_meta (key text primary key, value jsonb not null)`,
    );
    await database.db.execute(
      sql`insert into bench_world_meta values ('world', ${JSON.stringify(full)}::jsonb)`,
    );
    return full;
  } finally {
    await database.close();
  }
}

/** Drops the secondary indexes of `table` that back no constraint; answers their definitions. */
async function dropSecondaryIndexes(tx: Db, table: string): Promise<string[]> {
  const rows = await queryRows<{ name: string; def: string }>(
    tx,
    sql`select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
      from pg_index i
      where i.indrelid = ${table}::regclass
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
  );
  for (const r of rows) await tx.execute(sql.raw(`drop index ${r.name}`));
  return rows.map((r) => r.def);
}

/** A UUIDv7 whose time is `ts` (like the app's ids), random otherwise. */
const uuidAt = (ts: string) =>
  `encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing substring(int8send(floor(extract(epoch from ${ts}) * 1000)::bigint) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid`;

async function generate(
  db: Db,
  name: WorldName,
  s: SocialSizes,
  log: (line: string) => void,
): Promise<Omit<SocialWorld, 'databaseUrl' | 'fingerprint' | 'reused'>> {
  const timings: Record<string, number> = {};
  const hash = await hashPassword(VIEWER_PASSWORD);
  const bigShare = 0.02;

  await db.transaction(async (tx) => {
    const step = async (label: string, text: string) => {
      const { ms } = await timed(() => tx.execute(sql.raw(text)));
      timings[label] = (timings[label] ?? 0) + ms / 1000;
      log(`  ${label}: ${(ms / 1000).toFixed(1)} s`);
    };
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`set local work_mem = '256MB'`);
    await step(
      'ids',
      `create temp table w_u on commit drop as
         select i as n, ${uuidAt(`now() - interval '400 days' + i * interval '1 second'`)} as id
         from generate_series(1, ${s.users}) i;
       create unique index on w_u (n);
       create temp table w_c on commit drop as
         select i as n, ${uuidAt(`now() - interval '500 days' + i * interval '1 second'`)} as id
         from generate_series(1, ${s.communities}) i;
       create unique index on w_c (n);
       analyze w_u; analyze w_c;`,
    );
    const rebuild: string[] = [];
    for (const t of [
      'posts',
      'post_likes',
      'comments',
      'users',
      'communities',
      'community_members',
      'user_follows',
      'media',
      'shop_items',
    ]) {
      rebuild.push(...(await dropSecondaryIndexes(tx, t)));
    }

    // Posts: post 1 is the newest (and hot); 2 % go to community 1; created over 60 days.
    await step(
      'post plan',
      `create temp table w_p on commit drop as
         select g as n, created, ${uuidAt('created')} as id,
           case when g = 1 or random() < ${bigShare} then 1
                else 2 + floor(random() * ${s.communities - 1})::int end as ci,
           case when g = 1 then 4 else 1 + floor(random() * ${s.users})::int end as ui,
           case when g = 1 then 1000 else floor(random() * 5)::int end as likes,
           case when g = 1 then 2000 else floor(power(random(), 2) * 3.3)::int end as comments,
           floor(random() * ${s.users})::int as liker
         from (select g, now() - interval '60 days' * ((g - 1)::float8 / ${s.posts}) - random() * interval '1 minute' as created
               from generate_series(1, ${s.posts}) g) x;
       analyze w_p;`,
    );
    await step(
      'post_likes',
      `insert into post_likes (user_id, post_id, created_at)
         select u.id, p.id, p.created + interval '1 minute'
         from w_p p cross join generate_series(1, p.likes) j
         join w_u u on u.n = 1 + (p.liker + j) % ${s.users}`,
    );
    await step(
      'comments',
      `insert into comments (id, post_id, user_id, body, created_at)
         select ${uuidAt('c.created')}, c.post_id, u.id, 'Generated comment ' || c.k, c.created
         from (select p.id as post_id, k, 1 + floor(random() * ${s.users})::int as ui,
                 p.created + k * interval '1 second' as created
               from w_p p cross join generate_series(1, p.comments) k) c
         join w_u u on u.n = c.ui`,
    );
    await step(
      'posts',
      `insert into posts (id, user_id, community_id, type, title, body, like_count, comment_count, created_at, updated_at)
         select p.id, u.id, c.id, 0, 'Generated post ' || p.n,
           'A generated post for the API benchmark, number ' || p.n || '.',
           coalesce(l.n, 0), coalesce(cm.n, 0), p.created, p.created
         from w_p p
         join w_u u on u.n = p.ui
         join w_c c on c.n = p.ci
         left join (select post_id, count(*)::int as n from post_likes group by post_id) l on l.post_id = p.id
         left join (select post_id, count(*)::int as n from comments group by post_id) cm on cm.post_id = p.id`,
    );

    // Viewers: their follows spread over the lists (communities 2.., users 10..).
    const viewerMembers = VIEWER_FOLLOWS.map(
      (v) =>
        `select c.id, u.id from w_u u, w_c c where u.n = ${v.n} and c.n in (select 2 + (k * ${Math.floor((s.communities - 2) / v.communities)}) from generate_series(0, ${v.communities - 1}) k)`,
    ).join(' union all ');
    const viewerFollows = VIEWER_FOLLOWS.map(
      (v) =>
        `select u.id, f.id from w_u u, w_u f where u.n = ${v.n} and f.n in (select 10 + (k * ${Math.floor((s.users - 10) / v.users)}) from generate_series(0, ${v.users - 1}) k)`,
    ).join(' union all ');
    await step(
      'community_members',
      `insert into community_members (community_id, user_id, created_at)
         select x.c, x.u, now() - interval '70 days' from (
           ${viewerMembers}
           union all
           select c.id, u.id from (select n, floor(random() * ${s.communities})::int as off from w_u where n > 3) r
             cross join generate_series(0, 2) j
             join w_u u on u.n = r.n
             join w_c c on c.n = 1 + (r.off + j) % ${s.communities}
         ) x(c, u)`,
    );
    await step(
      'user_follows',
      `insert into user_follows (follower_id, followee_id, created_at)
         select x.a, x.b, now() - interval '70 days' from (
           ${viewerFollows}
           union all
           select u.id, f.id from (select n, floor(random() * ${s.users - 6})::int as off from w_u where n > 3) r
             cross join generate_series(1, 5) j
             join w_u u on u.n = r.n
             join w_u f on f.n = 1 + (r.n - 1 + r.off + j) % ${s.users}
         ) x(a, b)`,
    );
    await step(
      'users',
      `insert into users (id, name, email, email_verified, username, display_username, bio, birthday, birth_date,
                          eula_accepted_at, created_at, updated_at, post_count, follower_count, following_count)
         select u.id, 'Bench User ' || u.n, 'bench' || u.n || '@bench.otakura.local', true,
           'bench_' || u.n, 'Bench_' || u.n, 'Generated for the API benchmark.', 'January 01, 1990',
           date '1990-01-01', now() - interval '400 days', now() - interval '400 days', now() - interval '400 days',
           coalesce(p.n, 0), coalesce(fr.n, 0), coalesce(fg.n, 0)
         from w_u u
         left join (select user_id, count(*)::int as n from posts where deleted_at is null group by user_id) p on p.user_id = u.id
         left join (select followee_id, count(*)::int as n from user_follows group by followee_id) fr on fr.followee_id = u.id
         left join (select follower_id, count(*)::int as n from user_follows group by follower_id) fg on fg.follower_id = u.id;
       insert into accounts (id, account_id, provider_id, user_id, password, created_at, updated_at)
         select gen_random_uuid(), u.id::text, 'credential', u.id, '${hash}', now(), now()
         from w_u u where u.n <= 3;`,
    );
    await step(
      'communities',
      `insert into communities (id, name, about, created_at, member_count, post_count)
         select c.id, (array['Frieren','Naruto','Bleach','One Piece','Gintama','Berserk','Trigun','Haikyuu'])[1 + c.n % 8]
             || ' ' || (array['Fans','Club','Memes','Art','Theories'])[1 + (c.n / 8) % 5] || ' ' || substr(md5(c.n::text), 1, 6),
           'Generated community ' || c.n, now() - interval '500 days',
           coalesce(m.n, 0), coalesce(p.n, 0)
         from w_c c
         left join (select community_id, count(*)::int as n from community_members group by community_id) m on m.community_id = c.id
         left join (select community_id, count(*)::int as n from posts where deleted_at is null group by community_id) p on p.community_id = c.id`,
    );
    await step(
      'media',
      `insert into media (id, kind, title, about, author, language, keywords, created_at)
         select ${uuidAt(`now() - g * interval '1 hour'`)}, case when g % 10 = 0 then 'video' else 'manga' end,
           'Generated series ' || g, 'A generated series.', 'Author ' || (g % 50), 'ja',
           array['bench', 'series' || (g % 20)], now() - g * interval '1 hour'
         from generate_series(1, ${s.media}) g;
       insert into media_episodes (id, media_id, number, title, duration_seconds, created_at)
         select gen_random_uuid(), m.id, e, 'Episode ' || e, 1440, m.created_at + e * interval '1 day'
         from media m cross join generate_series(1, 12) e where m.kind = 'video';
       insert into shop_items (id, seller_id, name, about, condition, price_cents, shipping_cents, quantity, created_at, updated_at)
         select ${uuidAt(`now() - g * interval '1 hour'`)}, u.id, 'Figure ' || g, 'A generated shop item.', 'new',
           1000 + g % 5000, 500, 1 + g % 5, now() - g * interval '1 hour', now() - g * interval '1 hour'
         from generate_series(1, ${s.shopItems}) g join w_u u on u.n = 10 + g % (${s.users} - 10);`,
    );
    for (const def of rebuild) {
      const { ms } = await timed(() => tx.execute(sql.raw(def)));
      timings.indexes = (timings.indexes ?? 0) + ms / 1000;
    }
    log(`  indexes: ${timings.indexes?.toFixed(1)} s`);
    await tx.execute(
      sql.raw(
        `create table bench_world_ids as select
           (select id from w_u where n = 1) as v1, (select id from w_u where n = 2) as v2,
           (select id from w_u where n = 3) as v3, (select id from w_c where n = 1) as big,
           (select id from w_p where n = 1) as hot, (select id from w_u where n = 4) as author`,
      ),
    );
  });

  const t0 = performance.now();
  await db.execute(sql`vacuum analyze`);
  timings['vacuum analyze'] = (performance.now() - t0) / 1000;
  log(`  vacuum analyze: ${timings['vacuum analyze'].toFixed(1)} s`);

  // Counters equal their rows.
  const [wrong] = await queryRows<Record<string, number>>(
    db,
    sql`select
      (select count(*)::int from posts p
        left join (select post_id, count(*)::int as n from post_likes group by post_id) l on l.post_id = p.id
        left join (select post_id, count(*)::int as n from comments where deleted_at is null group by post_id) c on c.post_id = p.id
        where p.like_count <> coalesce(l.n, 0) or p.comment_count <> coalesce(c.n, 0)) as posts,
      (select count(*)::int from communities c
        left join (select community_id, count(*)::int as n from posts where deleted_at is null group by community_id) p on p.community_id = c.id
        left join (select community_id, count(*)::int as n from community_members group by community_id) m on m.community_id = c.id
        where c.post_count <> coalesce(p.n, 0) or c.member_count <> coalesce(m.n, 0)) as communities,
      (select count(*)::int from users u
        left join (select user_id, count(*)::int as n from posts where deleted_at is null group by user_id) p on p.user_id = u.id
        left join (select followee_id, count(*)::int as n from user_follows group by followee_id) fr on fr.followee_id = u.id
        left join (select follower_id, count(*)::int as n from user_follows group by follower_id) fg on fg.follower_id = u.id
        where u.post_count <> coalesce(p.n, 0) or u.follower_count <> coalesce(fr.n, 0)
          or u.following_count <> coalesce(fg.n, 0)) as users`,
  );
  if (Object.values(wrong!).some((n) => n > 0))
    throw new Error(`Generated counters are off: ${JSON.stringify(wrong)}`);

  const [ids] = await queryRows<Record<string, string>>(db, sql`select * from bench_world_ids`);
  const [media] = await queryRows<{ id: string }>(
    db,
    sql`select id from media where kind = 'video' order by created_at desc limit 1`,
  );
  const [item] = await queryRows<{ id: string }>(
    db,
    sql`select id from shop_items order by created_at desc limit 1`,
  );
  const counts: Record<string, number> = {};
  for (const t of [
    'users',
    'communities',
    'community_members',
    'user_follows',
    'posts',
    'post_likes',
    'comments',
    'media',
    'media_episodes',
    'shop_items',
  ]) {
    const [r] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(t)}`,
    );
    counts[t] = r!.n;
  }
  log(`  rows: ${JSON.stringify(counts)}`);
  const viewer = (n: 1 | 2 | 3, id: string): Viewer => {
    const f = VIEWER_FOLLOWS.find((v) => v.n === n)!;
    return {
      id,
      email: `bench${n}@bench.otakura.local`,
      communities: f.communities,
      users: f.users,
    };
  };
  return {
    name,
    sizes: s,
    counts,
    viewers: {
      main: viewer(1, ids!.v1!),
      follows10: viewer(2, ids!.v2!),
      follows1000: viewer(3, ids!.v3!),
    },
    bigCommunityId: ids!.big!,
    hotPostId: ids!.hot!,
    authorId: ids!.author!,
    mediaId: media!.id,
    shopItemId: item!.id,
    timings,
  };
}
