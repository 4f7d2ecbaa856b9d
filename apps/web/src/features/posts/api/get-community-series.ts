import { CommunitySchema } from '@otakura/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SpoilerSeries } from '@/components/spoiler/spoiler-tag-picker';
import { api } from '@/lib/api-client';
import { postKeys } from './post-keys';

/** Which community is whose series changes rarely within a visit. */
const SERIES_STALE_MS = 5 * 60_000;

/**
 * The series whose own community `communityId` is (GET /communities/:id `series`), or null: the
 * composer offers it as the spoiler tag's series.
 */
export async function getCommunitySeries(
  communityId: string,
  signal?: AbortSignal,
): Promise<SpoilerSeries | null> {
  const community = await api.get(`/communities/${encodeURIComponent(communityId)}`, {
    schema: CommunitySchema,
    signal,
  });
  return community.series ?? null;
}

export function communitySeriesQueryOptions(communityId: string) {
  return queryOptions({
    queryKey: postKeys.communitySeries(communityId),
    queryFn: ({ signal }) => getCommunitySeries(communityId, signal),
    staleTime: SERIES_STALE_MS,
  });
}

/** The series of the chosen community (null without one, or while none is chosen). */
export function useCommunitySeries(communityId: string | null | undefined): SpoilerSeries | null {
  const query = useQuery({
    ...communitySeriesQueryOptions(communityId ?? ''),
    enabled: !!communityId,
  });
  return communityId ? (query.data ?? null) : null;
}
