/**
 * The generated world of the benchmarks, written with set-based SQL (generate_series), the
 * same on PGlite and PostgreSQL: users, communities with anime-like names, one community
 * with a single member and one with `bigMembers` members, a few follows of the bench
 * viewer, and posts spread over communities and users. Every counter equals its rows.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { migrateDatabase, openDatabase, queryRows, type Database, type Db } from '../src/db/client';
import { timed } from './stats';

export interface WorldSizes {
  communities: number;
  posts: number;
  /** Members of the big community (as many users are generated, plus the bench viewer). */
  bigMembers: number;
}

export interface World {
  viewerId: string;
  smallCommunityId: string;
  bigCommunityId: string;
  /** A 6-character fragment that exactly one community name holds. */
  rareFragment: string;
  /** Seconds spent on each step of generation. */
  timings: Record<string, number>;
}

/** First words of the generated names: franchise-like, some with accents, spaces and punctuation. */
const FIRST = [
  'Naruto',
  'Bleach',
  'One Piece',
  'Attack on Titan',
  'Spy Family',
  'Frieren',
  'Jujutsu Kaisen',
  'Demon Slayer',
  'Chainsaw Man',
  'Haikyuu',
  'Evangelion',
  'Gintama',
  'Mob Psycho',
  'Vinland Saga',
  'Berserk',
  'Mushishi',
  'Monogatari',
  'Toradora',
  'Clannad',
  'K-On!',
  'Lupin III',
  'Cowboy Bebop',
  'Trigun',
  'Akira',
  'Ghibli',
  'Gundam',
  'Macross',
  'Dragon Ball',
  'Sailor Moon',
  'Yu-Gi-Oh!',
  'Pokémon',
  'Café Latte',
  'Dandadan',
  'Oshi no Ko',
  'Bocchi',
  'Made in Abyss',
  'Steins;Gate',
  'Re:Zero',
  'Konosuba',
  'Hunter x Hunter',
];
/** Second words. */
const SECOND = [
  'Fans',
  'Club',
  'Memes',
  'Theories',
  'Art',
  'Cosplay',
  'Music',
  'Figures',
  'Manga',
  'Discussion',
  'Collectors',
  'Watch Party',
  'Spoilers',
  'Fan Fiction',
  'AMV',
  'Wallpapers',
  'Reviews',
  'News',
  'Trivia',
  'Quotes',
];

/**
 * Name of community number i: `<first> <second> <6 hex>`, e.g. "Frieren Cosplay 1f0e3d".
 * The hex fragment (from md5(i)) makes names distinct and gives rare substrings.
 */
const nameOf = (i: ReturnType<typeof sql>) => sql`
  (${sql.param(FIRST)}::text[])[1 + (hashint4(${i}) & 2147483647) % ${FIRST.length}] || ' ' ||
  (${sql.param(SECOND)}::text[])[1 + (hashint4(${i} * 7 + 3) & 2147483647) % ${SECOND.length}] || ' ' ||
  substr(md5(${i}::text), 1, 6)`;

/** The fragment that names community number `i` (md5 of its number), as generated above. */
export async function fragmentOf(db: Db, i: number): Promise<string> {
  const [row] = await queryRows<{ f: string }>(db, sql`select substr(md5(${i}::text), 1, 6) as f`);
  return row!.f;
}

/**
 * Drops the secondary indexes of `table` that back no constraint and answers the statements
 * that recreate them: a bulk load then builds each index once instead of row by row.
 */
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

export async function generateWorld(
  db: Db,
  sizes: WorldSizes,
  log: (line: string) => void,
): Promise<World> {
  const timings: Record<string, number> = {};
  const users = sizes.bigMembers + 1;
  const followStep = Math.max(1, Math.floor(sizes.communities / 20));

  // One transaction: one connection on PostgreSQL's pool, so the temp tables and the
  // setting below hold for every statement.
  const ids = await db.transaction(async (tx) => {
    const step = async (name: string, query: ReturnType<typeof sql>) => {
      const { ms } = await timed(() => tx.execute(query));
      timings[name] = (timings[name] ?? 0) + ms / 1000;
    };
    const done = (name: string) => log(`  ${name}: ${(timings[name] ?? 0).toFixed(1)} s`);
    // Bulk load without per-row foreign-key triggers (the bench runs as a superuser on both
    // engines); the generated ids are consistent by construction.
    await tx.execute(sql`set local session_replication_role = replica`);

    // Numbered ids first, so posts and memberships can be written before their parents and
    // every counter is inserted right instead of updated afterwards.
    for (const query of [
      sql`create temp table bench_users on commit drop as
        select i as n, gen_random_uuid() as id from generate_series(1, ${users}) as i`,
      sql`create temp table bench_communities on commit drop as
        select i as n, gen_random_uuid() as id from generate_series(1, ${sizes.communities}) as i`,
      sql`create index on bench_users (n)`,
      sql`create index on bench_communities (n)`,
      sql`analyze bench_users`,
      sql`analyze bench_communities`,
    ]) {
      await step('ids', query);
    }
    done('ids');

    const rebuild: string[] = [];
    for (const table of ['posts', 'communities', 'users', 'community_members']) {
      rebuild.push(...(await dropSecondaryIndexes(tx, table)));
    }

    // Posts: community and author chosen by a hash of the post number. Ids made from the number
    // (a random UUID per row is slow to draw in WASM, and ids need only be unique here).
    if (sizes.posts > 0) {
      await step(
        'posts',
        sql`insert into posts (id, user_id, community_id, type, title, body, created_at, updated_at)
          select ('00000000-0000-7000-8000-' || lpad(to_hex(g.i), 12, '0'))::uuid, u.id, c.id, 0, 'Post ' || g.i,
            'Generated', now() - g.i * interval '1 second', now()
          from generate_series(1, ${sizes.posts}) as g(i)
          join bench_communities c on c.n = 1 + (hashint4(g.i) & 2147483647) % ${sizes.communities}
          join bench_users u on u.n = 1 + (hashint4(g.i + 1000003) & 2147483647) % ${users}`,
      );
      done('posts');
    }

    // Community 1: one member (user 2). Community 2: bigMembers (users 2..). User 1, the
    // viewer, follows 20 communities spread over the list and is in neither of the two.
    await step(
      'memberships',
      sql`insert into community_members (community_id, user_id)
        select c.id, u.id from bench_communities c, bench_users u where c.n = 1 and u.n = 2
        union all
        select c.id, u.id from bench_communities c join bench_users u on u.n between 2 and ${sizes.bigMembers + 1} where c.n = 2
        union all
        select c.id, u.id from bench_communities c, bench_users u
          where u.n = 1 and c.n > 2 and c.n % ${followStep} = 0 and c.n <= ${followStep * 20}`,
    );
    done('memberships');

    await step(
      'users',
      sql`insert into users (id, name, email, email_verified, username, display_username, post_count)
        select b.id, 'Bench ' || b.n, 'bench' || b.n || '@example.test', true, 'bench' || b.n, 'Bench' || b.n,
          coalesce(p.n, 0)
        from bench_users b
        left join (select user_id, count(*)::int as n from posts group by user_id) p on p.user_id = b.id`,
    );
    done('users');
    await step(
      'communities',
      sql`insert into communities (id, name, about, created_at, member_count, post_count)
        select b.id, ${nameOf(sql`b.n`)}, 'Generated community ' || b.n, now() - b.n * interval '1 minute',
          coalesce(m.n, 0), coalesce(p.n, 0)
        from bench_communities b
        left join (select community_id, count(*)::int as n from community_members group by community_id) m
          on m.community_id = b.id
        left join (select community_id, count(*)::int as n from posts group by community_id) p
          on p.community_id = b.id`,
    );
    done('communities');

    for (const def of rebuild) await step('indexes', sql.raw(def));
    done('indexes');

    const [viewer] = await queryRows<{ id: string }>(
      tx,
      sql`select id from bench_users where n = 1`,
    );
    const [small] = await queryRows<{ id: string }>(
      tx,
      sql`select id from bench_communities where n = 1`,
    );
    const [big] = await queryRows<{ id: string }>(
      tx,
      sql`select id from bench_communities where n = 2`,
    );
    return { viewerId: viewer!.id, smallCommunityId: small!.id, bigCommunityId: big!.id };
  });

  // As autovacuum would: statistics, and the GIN pending lists merged into their indexes.
  for (const table of ['users', 'communities', 'community_members', 'posts']) {
    const { ms } = await timed(() => db.execute(sql`vacuum analyze ${sql.identifier(table)}`));
    timings['vacuum analyze'] = (timings['vacuum analyze'] ?? 0) + ms / 1000;
  }
  log(`  vacuum analyze: ${timings['vacuum analyze']!.toFixed(1)} s`);

  // Counters equal rows, as the services keep them.
  const [wrong] = await queryRows<{ posts: number; members: number }>(
    db,
    sql`select
      (select count(*)::int from communities c
        left join (select community_id, count(*)::int as n from posts group by community_id) p on p.community_id = c.id
        where c.post_count <> coalesce(p.n, 0)) as posts,
      (select count(*)::int from communities c
        left join (select community_id, count(*)::int as n from community_members group by community_id) m on m.community_id = c.id
        where c.member_count <> coalesce(m.n, 0)) as members`,
  );
  if (wrong!.posts || wrong!.members)
    throw new Error(`Generated counters are off: ${JSON.stringify(wrong)}`);

  return {
    ...ids,
    rareFragment: await fragmentOf(db, Math.max(3, Math.floor(sizes.communities * 0.777))),
    timings,
  };
}

export interface BenchDatabase {
  database: Database;
  /** Where it runs, for the report. */
  label: string;
  close(): Promise<void>;
}

/** A fresh, migrated in-memory PGlite database. */
export async function openPglite(): Promise<BenchDatabase> {
  const database = await openDatabase({});
  await migrateDatabase(database);
  return { database, label: 'PGlite (in memory)', close: () => database.close() };
}

/** A fresh, migrated database on DATABASE_URL's server, dropped on close. */
export async function openPostgres(databaseUrl: string): Promise<BenchDatabase> {
  const name = `otakura_bench_${randomBytes(4).toString('hex')}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolMax: 10 });
  await migrateDatabase(database);
  const [version] = await queryRows<{ v: string }>(
    database.db,
    sql`select current_setting('server_version') as v`,
  );
  return {
    database,
    label: `PostgreSQL ${version!.v}`,
    close: async () => {
      await database.close();
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
