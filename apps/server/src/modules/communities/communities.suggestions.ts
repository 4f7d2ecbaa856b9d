/**
 * Communities to follow, for a user whose feed is empty: the most members first, never one the
 * user already follows. Query and service in one small file, next to the module's others.
 *
 * Order = index: `member_count DESC, created_at DESC, id DESC` is `communities_members_idx`
 * exactly, so PostgreSQL walks that index from the top and stops after `limit` rows that pass the
 * anti-join (one probe of `community_members_pk (community_id, user_id)` per row read). A user
 * who follows k of the top communities costs k + limit rows, never a sort of the table.
 */
import type { SuggestedCommunities, SuggestedCommunitiesQuery } from '@otakura/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { toCommunityListItem } from './communities.mapper';

/** The SQL of the suggestions (exported so a test can EXPLAIN exactly what the endpoint runs). */
export function suggestedCommunitiesSql(viewerId: string, limit: number): SQL {
  return sql`select c.id, c.name, c.image_key, c.thumbnail_key, c.member_count
    from communities c
    where not exists (
      select 1 from community_members m
      where m.community_id = c.id and m.user_id = ${viewerId}::uuid
    )
    order by c.member_count desc, c.created_at desc, c.id desc
    limit ${limit}`;
}

interface SuggestionRow extends Record<string, unknown> {
  id: string;
  name: string;
  image_key: string | null;
  thumbnail_key: string | null;
  member_count: number;
}

/** Up to `limit` communities the viewer does not follow, the most members first. */
export async function suggestCommunities(
  db: Db,
  viewerId: string,
  query: SuggestedCommunitiesQuery,
): Promise<SuggestedCommunities> {
  const rows = await queryRows<SuggestionRow>(db, suggestedCommunitiesSql(viewerId, query.limit));
  return {
    items: rows.map((r) =>
      toCommunityListItem({
        id: r.id,
        name: r.name,
        imageKey: r.image_key,
        thumbnailKey: r.thumbnail_key,
        memberCount: Number(r.member_count),
        isMember: false,
      }),
    ),
  };
}
