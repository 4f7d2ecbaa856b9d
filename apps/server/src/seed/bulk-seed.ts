/**
 * Large worlds for benchmarks: N users, communities, memberships, follows, and
 * millions of text and link posts with likes and comments. Rows are made inside
 * the database with generate_series and random() (one multi-row INSERT ... SELECT
 * per chunk), so nothing crosses the wire but a few parameters: 1,000,000 posts
 * take minutes, not hours.
 *
 * Every counter is exact. A post's like_count and comment_count are chosen first
 * and its likes and comments are made from them in the same statement (data-
 * modifying CTEs); the counters of the new users and communities are set at the
 * end with one UPDATE ... FROM (SELECT count(*) ... GROUP BY) each.
 *
 * Bulk rows belong to new users and communities only, so the counters of what was
 * there before (the demo world, say) do not change. Ids are UUIDv7 made in SQL
 * from each row's created_at, like the app's. No images: bulk posts are text
 * (type 0) and links (type 5, no preview image). Comments are top level, without
 * likes. Every bulk account has the password `otakura-bulk`.
 */
import { hashPassword } from 'better-auth/crypto';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { analyzeAll } from '../db/statistics';
import { COMMENT_LINES, COMMUNITIES, GENERIC_TEXT_POSTS, LINKS } from './content';

export const BULK_PASSWORD = 'otakura-bulk';

export interface BulkSeedOptions {
  db: Db;
  /** New users (default 1000). */
  users?: number;
  /** New posts (default 10,000). */
  posts?: number;
  /** New communities (default: one per 50 users, 5 to 100). */
  communities?: number;
  /** About this many comments in all (default: as many as posts); random per post, exact counters. */
  comments?: number;
  /** Average likes per post (default 3, at most the number of users). */
  likesPerPost?: number;
  /** Users each user follows (default 10, at most users - 1). */
  followsPerUser?: number;
  /** Communities each user joins (default 5, at most communities). */
  membershipsPerUser?: number;
  /** Share of posts that are links (default 0.1). */
  linkShare?: number;
  /** Posts spread over this many days before now (default 60). */
  days?: number;
  /** Posts per INSERT statement (default 20,000). */
  chunkSize?: number;
  log?: (message: string) => void;
}

export interface BulkSeedCounts {
  users: number;
  communities: number;
  communityMembers: number;
  follows: number;
  posts: number;
  postLikes: number;
  comments: number;
  /** Wall-clock seconds, whole run. */
  seconds: number;
}

/** SQL for a UUIDv7 whose time is `ts` (timestamptz) and the rest random: time-ordered ids like newId(). */
export function uuidV7At(ts: SQL): SQL {
  return sql`encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing substring(int8send(floor(extract(epoch from ${ts}) * 1000)::bigint) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid`;
}

const nonNeg = (v: number | undefined, fallback: number) =>
  v === undefined || !Number.isFinite(v) ? fallback : Math.max(0, Math.floor(v));

/** Fills the database with a large generated world (see the module comment). */
export async function bulkSeed(opts: BulkSeedOptions): Promise<BulkSeedCounts> {
  const { db } = opts;
  const log = opts.log ?? (() => undefined);
  const t0 = Date.now();
  const nUsers = nonNeg(opts.users, 1000);
  const nPosts = nonNeg(opts.posts, 10_000);
  if (nUsers < 1 && nPosts > 0) throw new Error('Posts need at least one user.');
  const nCommunities = nonNeg(opts.communities, Math.max(5, Math.min(100, Math.ceil(nUsers / 50))));
  if (nCommunities < 1 && nPosts > 0) throw new Error('Posts need at least one community.');
  const nComments = nonNeg(opts.comments, nPosts);
  const likesPerPost = Math.min(Math.max(0, opts.likesPerPost ?? 3), nUsers);
  const follows = Math.min(nonNeg(opts.followsPerUser, 10), Math.max(0, nUsers - 1));
  const memberships = Math.min(nonNeg(opts.membershipsPerUser, 5), nCommunities);
  const linkShare = Math.min(1, Math.max(0, opts.linkShare ?? 0.1));
  const days = Math.max(1, opts.days ?? 60);
  const chunkSize = Math.max(1000, nonNeg(opts.chunkSize, 20_000));
  /** Tag of this run, so usernames, emails and community names never collide with an earlier run. */
  const run = Math.random().toString(36).slice(2, 7);
  const now = new Date();
  const ts = (v: Date) => sql`${v.toISOString()}::timestamptz`;
  const rate = (n: number, since: number) =>
    `${Math.round(n / Math.max(0.001, (Date.now() - since) / 1000)).toLocaleString('en-US')}/s`;

  // ---- users and their credential accounts (one password hash for all)
  const hash = await hashPassword(BULK_PASSWORD);
  const userIds: string[] = [];
  let t = Date.now();
  for (let from = 1; from <= nUsers; from += 10_000) {
    const to = Math.min(nUsers, from + 9_999);
    const rows = await queryRows<{ id: string }>(
      db,
      sql`with src as materialized (
            select g, ${ts(now)} - random() * interval '400 days' - interval '${sql.raw(String(days))} days' as created
            from generate_series(${from}::int, ${to}::int) g
          ),
          u as (
            insert into users (id, name, email, email_verified, username, display_username, bio, birthday, birth_date,
                               eula_accepted_at, created_at, updated_at)
            select ${uuidV7At(sql`created`)}, 'Bulk User ' || g, 'b' || ${run} || '-' || g || '@bulk.otakura.local', true,
                   'b' || ${run} || '_' || g, 'B' || ${run} || '_' || g, 'Generated for benchmarks.',
                   'January 01, 1990', date '1990-01-01', created, created, created
            from src
            returning id, created_at
          ),
          a as (
            insert into accounts (id, account_id, provider_id, user_id, password, created_at, updated_at)
            select ${uuidV7At(sql`u.created_at`)}, u.id::text, 'credential', u.id, ${hash}, u.created_at, u.created_at from u
          )
          select id from u`,
    );
    for (const r of rows) userIds.push(r.id);
  }
  if (nUsers) log(`users: ${userIds.length.toLocaleString('en-US')} (${rate(userIds.length, t)})`);

  // ---- communities
  t = Date.now();
  const names = COMMUNITIES.map((c) => c.name);
  const communityIds = (
    await queryRows<{ id: string }>(
      db,
      sql`with src as materialized (
            select g, ${ts(now)} - random() * interval '500 days' - interval '${sql.raw(String(days))} days' as created
            from generate_series(1, ${nCommunities}::int) g
          )
          insert into communities (id, name, about, created_at)
          select ${uuidV7At(sql`created`)},
                 (${sql.param(names)}::text[])[1 + (g - 1) % ${names.length}::int] || ' ' || ${run} || '-' || g,
                 'A community generated for benchmarks.', created
          from src
          returning id`,
    )
  ).map((r) => r.id);
  if (nCommunities) log(`communities: ${communityIds.length.toLocaleString('en-US')}`);

  // ---- memberships and follows: distinct by construction (consecutive offsets from a random start)
  t = Date.now();
  let memberCount = 0;
  let followCount = 0;
  for (let from = 1; from <= nUsers; from += 20_000) {
    const to = Math.min(nUsers, from + 19_999);
    if (memberships > 0) {
      const r = await queryRows<{ n: number }>(
        db,
        sql`with ids as (select ${sql.param(userIds)}::uuid[] as u, ${sql.param(communityIds)}::uuid[] as c),
            src as materialized (select i, floor(random() * ${nCommunities}::int)::int as off from generate_series(${from}::int, ${to}::int) i),
            m as (
              insert into community_members (community_id, user_id, created_at)
              select ids.c[1 + (src.off + j) % ${nCommunities}::int], ids.u[src.i], ${ts(now)} - random() * interval '${sql.raw(String(days))} days'
              from src cross join ids cross join generate_series(0, ${memberships - 1}::int) j
              returning 1
            )
            select count(*)::int as n from m`,
      );
      memberCount += r[0]?.n ?? 0;
    }
    if (follows > 0) {
      const r = await queryRows<{ n: number }>(
        db,
        sql`with ids as (select ${sql.param(userIds)}::uuid[] as u),
            src as materialized (select i, floor(random() * ${nUsers - follows}::int)::int as off from generate_series(${from}::int, ${to}::int) i),
            f as (
              insert into user_follows (follower_id, followee_id, created_at)
              select ids.u[src.i], ids.u[1 + (src.i - 1 + src.off + j) % ${nUsers}::int], ${ts(now)} - random() * interval '${sql.raw(String(days))} days'
              from src cross join ids cross join generate_series(1, ${follows}::int) j
              returning 1
            )
            select count(*)::int as n from f`,
      );
      followCount += r[0]?.n ?? 0;
    }
  }
  if (memberCount || followCount)
    log(
      `memberships: ${memberCount.toLocaleString('en-US')}, follows: ${followCount.toLocaleString('en-US')} (${rate(memberCount + followCount, t)})`,
    );

  // ---- posts with their likes and comments, chunk by chunk
  const texts = [...GENERIC_TEXT_POSTS, ...COMMUNITIES.flatMap((c) => c.textPosts)];
  const titles = texts.map((p) => p.title);
  const bodies = texts.map((p) => p.body);
  const commentsPerPost = nPosts ? nComments / nPosts : 0;
  let postCount = 0;
  let likeCount = 0;
  let commentCount = 0;
  t = Date.now();
  for (let from = 1; from <= nPosts; from += chunkSize) {
    const to = Math.min(nPosts, from + chunkSize - 1);
    const r = await queryRows<{ posts: number; likes: number; comments: number }>(
      db,
      sql`with ids as (
            select ${sql.param(userIds)}::uuid[] as u, ${sql.param(communityIds)}::uuid[] as c,
                   ${sql.param(titles)}::text[] as titles, ${sql.param(bodies)}::text[] as bodies,
                   ${sql.param(COMMENT_LINES as string[])}::text[] as lines,
                   ${sql.param(LINKS.map((l) => l.url))}::text[] as urls, ${sql.param(LINKS.map((l) => l.title))}::text[] as url_titles,
                   ${sql.param(LINKS.map((l) => l.siteName))}::text[] as sites
          ),
          raw as materialized (
            select g,
                   ${ts(now)} - interval '${sql.raw(String(days))} days' * power(random(), 1.3) as created,
                   1 + floor(random() * ${nUsers}::int)::int as ui,
                   1 + floor(random() * ${nCommunities}::int)::int as ci,
                   least(${nUsers}::int, floor(random() * ${2 * likesPerPost + 1}::float8)::int) as likes,
                   floor(random() * ${2 * commentsPerPost + 1}::float8)::int as comments,
                   floor(random() * ${nUsers}::int)::int as liker,
                   random() < ${linkShare}::float8 as is_link,
                   1 + floor(random() * ${texts.length}::int)::int as ti,
                   1 + floor(random() * ${LINKS.length}::int)::int as li
            from generate_series(${from}::int, ${to}::int) g
          ),
          src as materialized (
            select raw.*, ${uuidV7At(sql`raw.created`)} as id from raw
          ),
          p as (
            insert into posts (id, user_id, community_id, type, title, body, url, url_title, url_site_name,
                               like_count, comment_count, created_at, updated_at)
            select src.id, ids.u[src.ui], ids.c[src.ci],
                   case when src.is_link then 5 else 0 end,
                   case when src.is_link then 'Worth reading: ' || ids.url_titles[src.li] else ids.titles[src.ti] end,
                   case when src.is_link then '' else ids.bodies[src.ti] end,
                   case when src.is_link then ids.urls[src.li] end,
                   case when src.is_link then ids.url_titles[src.li] end,
                   case when src.is_link then ids.sites[src.li] end,
                   src.likes, src.comments, src.created, src.created
            from src cross join ids
            returning 1
          ),
          l as (
            insert into post_likes (user_id, post_id, created_at)
            select ids.u[1 + (src.liker + j) % ${nUsers}::int], src.id, src.created + random() * (${ts(now)} - src.created)
            from src cross join ids cross join generate_series(1, src.likes) j
            returning 1
          ),
          cm as (
            insert into comments (id, post_id, user_id, body, created_at)
            select ${uuidV7At(sql`x.created`)}, x.post_id, x.user_id, x.body, x.created
            from (
              select src.id as post_id, ids.u[1 + floor(random() * ${nUsers}::int)::int] as user_id,
                     ids.lines[1 + floor(random() * cardinality(ids.lines))::int] as body,
                     src.created + random() * (${ts(now)} - src.created) as created
              from src cross join ids cross join generate_series(1, src.comments) k
            ) x
            returning 1
          )
          select (select count(*) from p)::int as posts, (select count(*) from l)::int as likes, (select count(*) from cm)::int as comments`,
    );
    postCount += r[0]?.posts ?? 0;
    likeCount += r[0]?.likes ?? 0;
    commentCount += r[0]?.comments ?? 0;
    if (nPosts > chunkSize)
      log(
        `posts: ${postCount.toLocaleString('en-US')} / ${nPosts.toLocaleString('en-US')} (${rate(postCount, t)})`,
      );
  }
  if (nPosts)
    log(
      `posts: ${postCount.toLocaleString('en-US')}, likes: ${likeCount.toLocaleString('en-US')}, comments: ${commentCount.toLocaleString('en-US')} in ${((Date.now() - t) / 1000).toFixed(1)} s`,
    );

  // ---- counters of the new users and communities, one UPDATE each
  t = Date.now();
  if (userIds.length) {
    const u = sql`${sql.param(userIds)}::uuid[]`;
    await db.execute(sql`update users set post_count = x.n from (
        select user_id, count(*)::int as n from posts where user_id = any(${u}) and deleted_at is null group by user_id
      ) x where users.id = x.user_id`);
    await db.execute(sql`update users set following_count = x.n from (
        select follower_id, count(*)::int as n from user_follows where follower_id = any(${u}) group by follower_id
      ) x where users.id = x.follower_id`);
    await db.execute(sql`update users set follower_count = x.n from (
        select followee_id, count(*)::int as n from user_follows where followee_id = any(${u}) group by followee_id
      ) x where users.id = x.followee_id`);
  }
  if (communityIds.length) {
    const c = sql`${sql.param(communityIds)}::uuid[]`;
    await db.execute(sql`update communities set member_count = x.n from (
        select community_id, count(*)::int as n from community_members where community_id = any(${c}) group by community_id
      ) x where communities.id = x.community_id`);
    await db.execute(sql`update communities set post_count = x.n from (
        select community_id, count(*)::int as n from posts where community_id = any(${c}) and deleted_at is null group by community_id
      ) x where communities.id = x.community_id`);
  }
  log(`counters set in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  // A bulk load outruns autovacuum, and PGlite has none: gather statistics now.
  const ta = Date.now();
  await analyzeAll(db);
  log(`statistics gathered (ANALYZE) in ${((Date.now() - ta) / 1000).toFixed(1)} s`);

  return {
    users: userIds.length,
    communities: communityIds.length,
    communityMembers: memberCount,
    follows: followCount,
    posts: postCount,
    postLikes: likeCount,
    comments: commentCount,
    seconds: (Date.now() - t0) / 1000,
  };
}
