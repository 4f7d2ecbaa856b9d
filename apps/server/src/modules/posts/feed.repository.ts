/**
 * The feed's queries. Every page is a keyset range read in index order (never OFFSET):
 * `new` follows posts_*_created_idx (created_at DESC, id DESC), `top` posts_*_likes_idx
 * (like_count DESC, created_at DESC, id DESC), all DESC NULLS FIRST like the indexes,
 * so ORDER BY and the index agree and no page sorts the table. The following feed is ONE
 * statement that reads the followed sources itself and finds the page by one of two exact
 * paths: a bounded walk of the global index keeping followed sources' rows (many sources), or
 * a bounded merge — the first row of every source, then full ranges of only the 2×limit
 * sources whose first rows come first (docs/posts-and-feed.md has the plans, proof, numbers).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { queryParsed, type Db } from '../../db/client';
import { users } from '../../db/schema';
import { visibleUser } from '../../db/visible-user';
import type { PostCursor, PostSort } from '../../lib/cursor';
import { postSelect, readPostRows, type PostRow } from './posts.repository';

export type FeedSource =
  | { kind: 'all' }
  | { kind: 'community'; communityId: string }
  | { kind: 'user'; userId: string }
  | { kind: 'following' };

/** ORDER BY of a sort over table alias `a` (constant text, never user input). */
function orderBy(sort: PostSort, a: string): SQL {
  return sql.raw(
    sort === 'new'
      ? `${a}.created_at desc, ${a}.id desc`
      : `${a}.like_count desc, ${a}.created_at desc, ${a}.id desc`,
  );
}

/** Rows strictly after the cursor in the sort's order (a row comparison the index serves as a range). */
function afterCursor(cursor: PostCursor | undefined): SQL {
  if (!cursor) return sql``;
  return cursor.sort === 'new'
    ? sql` and (p.created_at, p.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
    : sql` and (p.like_count, p.created_at, p.id) < (${cursor.likes}::int, ${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
}

/**
 * A user's list is empty unless the user may be listed (visible: not banned, not the system
 * account) and the viewer did not block them: two uncorrelated conditions on constants, which
 * PostgreSQL evaluates once (a one-time filter) before walking the author's index range, so the
 * page needs no statement of its own for them (the service asks again only when it is empty).
 */
function userListableFilter(viewerId: string, userId: string): SQL {
  return sql` and exists (select 1 from ${users} where ${users.id} = ${userId}::uuid and ${visibleUser()})
      and not exists (select 1 from user_blocks ub where ub.blocker_id = ${viewerId}::uuid and ub.blocked_id = ${userId}::uuid)`;
}

/** Posts by users the viewer blocked are never listed to them (enforced here, not in the client). */
function notBlocked(viewerId: string): SQL {
  return sql` and not exists (select 1 from user_blocks b where b.blocker_id = ${viewerId}::uuid and b.blocked_id = p.user_id)`;
}

/** Up to `limit` posts of `source` after `cursor`, as `viewerId` sees them, in the sort's order. */
export async function listPostRows(
  db: Db,
  viewerId: string,
  source: FeedSource,
  sort: PostSort,
  cursor: PostCursor | undefined,
  limit: number,
): Promise<PostRow[]> {
  return readPostRows(db, feedQuery(viewerId, source, sort, cursor, limit));
}

/** The SQL of one page (exported for EXPLAIN in tests and docs; `tuning` for tests and benches). */
export function feedQuery(
  viewerId: string,
  source: FeedSource,
  sort: PostSort,
  cursor: PostCursor | undefined,
  limit: number,
  tuning: FollowingTuning = FOLLOWING_TUNING,
): SQL {
  if (source.kind !== 'following') {
    const filter =
      source.kind === 'community'
        ? sql` and p.community_id = ${source.communityId}::uuid`
        : source.kind === 'user'
          ? sql` and p.user_id = ${source.userId}::uuid${userListableFilter(viewerId, source.userId)}`
          : sql``;
    // A user's own list checks the block once (an uncorrelated filter above): the correlated
    // one would only cost that list its index order.
    const blocks = source.kind === 'user' ? sql`` : notBlocked(viewerId);
    return sql`${postSelect(viewerId)}
      where p.deleted_at is null${filter}${blocks}${afterCursor(cursor)}
      order by ${orderBy(sort, 'p')}
      limit ${limit}`;
  }
  return followingQuery(viewerId, sort, cursor, limit, tuning);
}

/** One followed source's range after the cursor, in the sort's order (the source is `ref`). */
function sourceRange(
  viewerId: string,
  column: 'community_id' | 'user_id',
  ref: SQL,
  sort: PostSort,
  cursor: PostCursor | undefined,
  limit: number | SQL,
): SQL {
  // Blocking ends follows, so only the community ranges can reach a blocked author.
  const blocks = column === 'community_id' ? notBlocked(viewerId) : sql``;
  return sql`(
      select p.id, p.created_at, p.like_count from posts p
      where p.${sql.raw(column)} = ${ref} and p.deleted_at is null${blocks}${afterCursor(cursor)}
      order by ${orderBy(sort, 'p')}
      limit ${limit})`;
}

/**
 * How the following feed reads a page (tests force either path with extreme values):
 * - `scanFrom`: with at least this many followed sources, first walk the global index
 *   (posts_created_idx / posts_likes_idx, covering) from the cursor, keeping the rows of
 *   followed sources;
 * - `scanRows`: how many index rows that walk reads at most. When it finds a full page, that is
 *   the page (the first `limit` matches in index order are the first `limit` matches overall);
 *   when it does not (the sources are a thin slice of the world), the bounded merge answers.
 */
export interface FollowingTuning {
  scanFrom: number;
  scanRows: number;
}
export const FOLLOWING_TUNING: FollowingTuning = { scanFrom: 100, scanRows: 2000 };

/**
 * The following feed's page: posts of the communities the viewer is a member of, of the users
 * they follow, and their own, read in one statement (the followed ids are not a separate query).
 * Two exact ways to the same page, the second run only when the first did not fill it:
 *
 * A. `scanned` (only with ≥ `scanFrom` sources): the next `scanRows` rows of the global index
 *    after the cursor, filtered by hash lookups in the followed ids. Its cost does not grow with
 *    the number of sources — it shrinks: the more one follows, the denser the matches.
 * B. The bounded merge:
 *    1. `heads`: the first row after the cursor of every source — one index probe each, one row
 *       read (covering indexes: index-only).
 *    2. `chosen`: the 2×limit sources whose heads come first. Every other source's head is at or
 *       after the chosen ones' last head, and among the chosen heads there are at least `limit`
 *       distinct posts (a post is the head of at most two sources: its community and its
 *       author), so no post of an unchosen source can be in the page — except a post equal to a
 *       chosen head, which the chosen source brings itself.
 *    3. `limit` rows of each chosen source, merged (UNION drops a post reached both ways),
 *       ordered and limited — the same page as reading `limit` rows of every source.
 *    So it reads S index entries plus at most 2×limit² instead of S×limit (S = sources).
 * Each path is gated by a one-time filter on a scalar subquery, so PostgreSQL does not start
 * the path it does not need.
 */
function followingQuery(
  viewerId: string,
  sort: PostSort,
  cursor: PostCursor | undefined,
  limit: number,
  tuning: FollowingTuning,
): SQL {
  const viewer = sql`${viewerId}::uuid`;
  return sql`
    with followed_communities as materialized (
      select m.community_id as source_id from community_members m where m.user_id = ${viewer}
    ),
    followed_users as materialized (
      select f.followee_id as source_id from user_follows f where f.follower_id = ${viewer}
      union all select ${viewer}
    ),
    scanned as materialized (
      select g.id, g.created_at, g.like_count from (
        select p.id, p.created_at, p.like_count, p.community_id, p.user_id from posts p
        where p.deleted_at is null${afterCursor(cursor)}
          and (select count(*) from followed_communities)
            + (select count(*) from followed_users) >= ${tuning.scanFrom}
        order by ${orderBy(sort, 'p')}
        limit ${tuning.scanRows}
      ) g
      where g.user_id in (select source_id from followed_users)
         or (g.community_id in (select source_id from followed_communities)
             and not exists (select 1 from user_blocks b where b.blocker_id = ${viewer} and b.blocked_id = g.user_id))
      order by ${orderBy(sort, 'g')}
      limit ${limit}
    ),
    heads as (
      select 0 as kind, s.source_id, h.id, h.created_at, h.like_count
      from followed_communities s
      cross join lateral ${sourceRange(viewerId, 'community_id', sql`s.source_id`, sort, cursor, 1)} h
      union all
      select 1 as kind, s.source_id, h.id, h.created_at, h.like_count
      from followed_users s
      cross join lateral ${sourceRange(viewerId, 'user_id', sql`s.source_id`, sort, cursor, 1)} h
    ),
    chosen as (
      select h.kind, h.source_id from heads h
      where (select count(*) from scanned) < ${limit}
      order by ${orderBy(sort, 'h')}
      limit ${2 * limit}
    ),
    page as (
      select merged.id from (
        select x.id, x.created_at, x.like_count from scanned x
        where (select count(*) from scanned) >= ${limit}
        union all (
          select x.id, x.created_at, x.like_count from chosen s
          cross join lateral ${sourceRange(viewerId, 'community_id', sql`s.source_id`, sort, cursor, limit)} x
          where s.kind = 0
          union
          select x.id, x.created_at, x.like_count from chosen s
          cross join lateral ${sourceRange(viewerId, 'user_id', sql`s.source_id`, sort, cursor, limit)} x
          where s.kind = 1
        )
      ) merged
      order by ${orderBy(sort, 'merged')}
      limit ${limit}
    )
    ${postSelect(viewerId)}
    join page on page.id = p.id
    order by ${orderBy(sort, 'p')}`;
}

/**
 * The previous following page, kept as the reference the bounded merge is tested against
 * (feed.equivalence.test.ts) and measured against (bench/feed-scaling.ts): the followed ids read
 * first (`followedSources`), then `limit` rows of EVERY source (LATERAL), merged and limited.
 */
export function lateralFollowingQuery(
  viewerId: string,
  communityIds: string[],
  userIds: string[],
  sort: PostSort,
  cursor: PostCursor | undefined,
  limit: number,
): SQL {
  const range = (column: 'community_id' | 'user_id') => sql`
    select x.id, x.created_at, x.like_count
    from unnest(${sql.param(column === 'community_id' ? communityIds : userIds)}::uuid[]) as s(source_id)
    cross join lateral ${sourceRange(viewerId, column, sql`s.source_id`, sort, cursor, limit)} x`;
  return sql`
    with page as (
      select merged.id from (${range('community_id')} union ${range('user_id')}) merged
      order by ${orderBy(sort, 'merged')}
      limit ${limit}
    )
    ${postSelect(viewerId)}
    join page on page.id = p.id
    order by ${orderBy(sort, 'p')}`;
}

const FollowedSourcesSchema = z.object({
  communityIds: z.array(z.string()),
  userIds: z.array(z.string()),
});

/**
 * What the viewer follows (for the reference query and tests; the page query reads it itself):
 * communities they are a member of, users they follow. The ids come
 * back as JSON arrays (`json_agg`), which both drivers parse, so no array literal is read by hand.
 */
export async function followedSources(
  db: Db,
  userId: string,
): Promise<{ communityIds: string[]; userIds: string[] }> {
  const [row] = await queryParsed(
    db,
    FollowedSourcesSchema,
    sql`select
      coalesce((select json_agg(m.community_id) from community_members m where m.user_id = ${userId}::uuid), '[]'::json) as "communityIds",
      coalesce((select json_agg(f.followee_id) from user_follows f where f.follower_id = ${userId}::uuid), '[]'::json) as "userIds"`,
  );
  return row ?? { communityIds: [], userIds: [] };
}

/** A user whose posts may be listed: exists, not banned, not the system account. */
export async function userListable(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), visibleUser()));
  return !!row;
}
