import { CommunityPageSchema, type CommunityPage } from '@otakura/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { postKeys } from './post-keys';

/** Link previews and the community list change rarely within a visit. */
const SLOW_STALE_MS = 5 * 60_000;

export type CommunityOption = CommunityPage['items'][number];

/** The composer's community picker: a name search, the user's followed communities first. */
export function getCommunityOptions(q: string, signal?: AbortSignal): Promise<CommunityPage> {
  return api.get('/communities', {
    query: { q, followedFirst: true, limit: 50 },
    schema: CommunityPageSchema,
    signal,
  });
}

export function communityOptionsQueryOptions(q: string) {
  return queryOptions({
    queryKey: postKeys.communityOptions(q),
    queryFn: ({ signal }) => getCommunityOptions(q, signal),
    staleTime: SLOW_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

export function useCommunityOptionsQuery(q: string, enabled = true) {
  return useQuery({ ...communityOptionsQueryOptions(q), enabled });
}
