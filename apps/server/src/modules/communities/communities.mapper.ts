/**
 * The one place that decides which community fields leave the server. Rows come
 * from communities.repository; nothing here reads the database.
 */
import type { Community, CommunityPage, CommunitySummary } from '@otakura/shared';
import type { communities } from '../../db/schema';
import { fileUrl } from '../../lib/file-url';

export type CommunityRow = typeof communities.$inferSelect;

/** The columns a list entry needs, plus whether the viewer is a member. */
export type CommunityListRow = Pick<
  CommunityRow,
  'id' | 'name' | 'imageKey' | 'thumbnailKey' | 'memberCount'
> & {
  isMember: boolean;
};

export function toCommunitySummary(
  row: Pick<CommunityRow, 'id' | 'name' | 'imageKey' | 'thumbnailKey' | 'memberCount'>,
): CommunitySummary {
  return {
    id: row.id,
    name: row.name,
    imageUrl: fileUrl(row.imageKey),
    thumbnailUrl: fileUrl(row.thumbnailKey ?? row.imageKey),
    memberCount: row.memberCount,
  };
}

export function toCommunityListItem(row: CommunityListRow): CommunityPage['items'][number] {
  return { ...toCommunitySummary(row), isMember: row.isMember };
}

export function toCommunity(
  row: CommunityRow,
  viewer: { isMember: boolean },
  series?: Community['series'],
): Community {
  return {
    ...toCommunitySummary(row),
    about: row.about,
    postCount: row.postCount,
    isMember: viewer.isMember,
    createdAt: row.createdAt.toISOString(),
    ...(series !== undefined ? { series } : {}),
  };
}
