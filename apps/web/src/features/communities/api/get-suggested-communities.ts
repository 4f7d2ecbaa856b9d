import { SuggestedCommunitiesSchema, type SuggestedCommunities } from '@otakura/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { communityKeys } from './community-keys';

/** How many communities the empty feed suggests. */
export const SUGGESTED_COUNT = 6;

export const suggestedCommunitiesKey = (limit: number) =>
  [...communityKeys.all, 'suggested', limit] as const;

/** `GET /communities/suggested`: the most members first, none the user follows. */
export function getSuggestedCommunities(
  limit: number,
  signal?: AbortSignal,
): Promise<SuggestedCommunities> {
  return api.get('/communities/suggested', {
    query: { limit: String(limit) },
    schema: SuggestedCommunitiesSchema,
    signal,
  });
}

export function suggestedCommunitiesQueryOptions(limit = SUGGESTED_COUNT) {
  return queryOptions({
    queryKey: suggestedCommunitiesKey(limit),
    queryFn: ({ signal }) => getSuggestedCommunities(limit, signal),
  });
}

export function useSuggestedCommunitiesQuery(limit = SUGGESTED_COUNT) {
  return useQuery(suggestedCommunitiesQueryOptions(limit));
}
