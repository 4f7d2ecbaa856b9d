import { CommunityPageSchema, type CommunityPage } from '@otakura/shared';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { communityKeys } from './community-keys';

export const COMMUNITY_SEARCH_PAGE_SIZE = 30;

/** `GET /communities?q=&cursor=&limit=`: alphabetical, a substring of the name. */
export function searchCommunities(
  q: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<CommunityPage> {
  return api.get('/communities', {
    query: { q, cursor, limit: COMMUNITY_SEARCH_PAGE_SIZE },
    schema: CommunityPageSchema,
    signal,
  });
}

export function communitySearchQueryOptions(q: string) {
  const text = q.trim();
  return infiniteQueryOptions({
    queryKey: communityKeys.search(text),
    queryFn: ({ pageParam, signal }) => searchCommunities(text, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The search list; the previous text's results stay on screen while the next text loads. */
export function useCommunitySearchQuery(q: string) {
  return useInfiniteQuery({ ...communitySearchQueryOptions(q), placeholderData: keepPreviousData });
}
