import { CommunitySchema, type Community } from '@otakura/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { communityKeys } from './community-keys';

/** `GET /communities/:id` (404 `community_not_found`). */
export function getCommunity(communityId: string, signal?: AbortSignal): Promise<Community> {
  return api.get(`/communities/${encodeURIComponent(communityId)}`, {
    schema: CommunitySchema,
    signal,
  });
}

export function communityQueryOptions(communityId: string) {
  return queryOptions({
    queryKey: communityKeys.detail(communityId),
    queryFn: ({ signal }) => getCommunity(communityId, signal),
  });
}

export function useCommunityQuery(communityId: string) {
  return useQuery(communityQueryOptions(communityId));
}
