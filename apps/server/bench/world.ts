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

export async function generateWorld(
  db: Db,
  sizes: WorldSizes,
  log: (line: string) => void,
): Promise<World> {
  const timings: Record<string, number> = {};
  const users = sizes.bigMembers + 1;

  // One transaction: one connection on PostgreSQL's pool, so the temp tables and the
  // setting below hold for every statement.
  const ids = await db.transaction(async (tx) => {
    const step = async (name: string, query: ReturnType<typeof sql>) => {
      const { ms } = await timed(() => tx.execute(query));
      timings[name] = (timings[name] ?? 0) + ms / 1000;
      log(`  ${name}: ${(ms / 1000).toFixed(1)} s`);
    };
    // Bulk load without per-row foreign-key triggers (the bench runs as a superuser on both
    // engines); the generated ids are consistent by construction.
    await tx.execute(sql`set local session_replication_role = replica`);
    await step(
      'users',
      sql`insert into users (id, name, email, email_verified, username, display_username)
        select gen_random_uuid(), 'Bench ' || i, 'bench' || i || '@example.test', true, 'bench' || i, 'Bench' || i
        from generate_series(1, ${users}) as i`,
    );
    await step(
      'communities',
      sql`insert into communities (id, name, about, created_at)
        select gen_random_uuid(), ${nameOf(sql`i`)}, 'Generated community ' || i, now() - i * interval '1 minute'
        from generate_series(1, ${sizes.communities}) as i`,
    );
    // Numbered ids, to spread posts and pick communities by number.
    for (const query of [
      sql`create temp table bench_users on commit drop as select row_number() over (order by id) as n, id from users`,
      sql`create temp table bench_communities on commit drop as
        select row_number() over (order by created_at desc) as n, id from communities`,
      sql`create index on bench_users (n)`,
      sql`create index on bench_communities (n)`,
      sql`analyze bench_users`,
      sql`analyze bench_communities`,
    ]) {
      await step('numbering', query);
    }
    // Posts: community and author chosen by a hash of the post number.
    if (sizes.posts > 0) {
      await step(
        'posts',
        sql`insert into posts (id, user_id, community_id, type, title, body, created_at, updated_at)
          select gen_random_uuid(), u.id, c.id, 0, 'Post ' || g.i, 'Generated', now() - g.i * interval '1 second', now()
          from generate_series(1, ${sizes.posts}) as g(i)
          join bench_communities c on c.n = 1 + (hashint4(g.i) & 2147483647) % ${sizes.communities}
          join bench_users u on u.n = 1 + (hashint4(g.i + 1000003) & 2147483647) % ${users}`,
      );
    }
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

    // The small community: one member; the big one: bigMembers (the viewer is in neither).
    await step(
      'memberships',
      sql`insert into community_members (community_id, user_id) select ${small!.id}::uuid, id from bench_users where n = 2`,
    );
    await step(
      'memberships',
      sql`insert into community_members (community_id, user_id)
        select ${big!.id}::uuid, id from bench_users where n between 2 and ${sizes.bigMembers + 1}`,
    );
    // The viewer follows 20 communities spread over the alphabet (the followed-first list).
    await step(
      'memberships',
      sql`insert into community_members (community_id, user_id)
        select id, ${viewer!.id}::uuid from bench_communities
        where n > 2 and n % ${Math.max(1, Math.floor(sizes.communities / 20))} = 0 limit 20`,
    );

    // Counters = rows.
    await step(
      'counters',
      sql`update communities c set member_count = x.n from
        (select community_id, count(*)::int as n from community_members group by community_id) x
        where c.id = x.community_id`,
    );
    await step(
      'counters',
      sql`update communities c set post_count = x.n from
        (select community_id, count(*)::int as n from posts group by community_id) x
        where c.id = x.community_id`,
    );
    await step(
      'counters',
      sql`update users u set post_count = x.n from
        (select user_id, count(*)::int as n from posts group by user_id) x
        where u.id = x.user_id`,
    );
    return { viewerId: viewer!.id, smallCommunityId: small!.id, bigCommunityId: big!.id };
  });

  // As autovacuum would: statistics, and the GIN pending lists merged into their indexes.
  for (const table of ['users', 'communities', 'community_members', 'posts']) {
    const { ms } = await timed(() => db.execute(sql`vacuum analyze ${sql.identifier(table)}`));
    timings['vacuum analyze'] = (timings['vacuum analyze'] ?? 0) + ms / 1000;
  }
  log(`  vacuum analyze: ${timings['vacuum analyze']!.toFixed(1)} s`);

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
