/**
 * The feed's queries. Every page is a keyset range read in index order (never OFFSET):
 * `new` follows posts_*_created_idx (created_at DESC, id DESC), `top` posts_*_likes_idx
 * (like_count DESC, created_at DESC, id DESC), all DESC NULLS FIRST like the indexes,
 * so ORDER BY and the index agree and no page sorts the table. The following feed is a
 * LATERAL join over the followed ids (one index range scan per source, merged and
 * limited; docs/posts-and-feed.md has the plans).
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
  | { kind: 'following'; communityIds: string[]; userIds: string[] };

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

/** The SQL of one page (exported for EXPLAIN in tests and docs). */
export function feedQuery(
  viewerId: string,
  source: FeedSource,
  sort: PostSort,
  cursor: PostCursor | undefined,
  limit: number,
): SQL {
  if (source.kind !== 'following') {
    const filter =
      source.kind === 'community'
        ? sql` and p.community_id = ${source.communityId}::uuid`
        : source.kind === 'user'
          ? sql` and p.user_id = ${source.userId}::uuid`
          : sql``;
    // A blocked author's own list is answered empty by the service; here the filter
    // would only cost that list its index order.
    const blocks = source.kind === 'user' ? sql`` : notBlocked(viewerId);
    return sql`${postSelect(viewerId)}
      where p.deleted_at is null${filter}${blocks}${afterCursor(cursor)}
      order by ${orderBy(sort, 'p')}
      limit ${limit}`;
  }
  // One index range per followed community and per followed user (and the viewer),
  // each already in order and limited; UNION drops a post reached both ways. Blocking
  // ends follows, so only the community ranges can reach a blocked author.
  const range = (column: 'community_id' | 'user_id') => sql`
    select x.id, x.created_at, x.like_count
    from unnest(${sql.param(column === 'community_id' ? source.communityIds : source.userIds)}::uuid[]) as s(source_id)
    cross join lateral (
      select p.id, p.created_at, p.like_count from posts p
      where p.${sql.raw(column)} = s.source_id and p.deleted_at is null${column === 'community_id' ? notBlocked(viewerId) : sql``}${afterCursor(cursor)}
      order by ${orderBy(sort, 'p')}
      limit ${limit}
    ) x`;
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
 * What the viewer follows: communities they are a member of, users they follow. The ids come
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
