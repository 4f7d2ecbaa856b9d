import { EpisodeCardPageSchema, type EpisodeCardPage } from '@otakura/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mediaKeys } from './media-keys';

export const NEWEST_EPISODES_PAGE_SIZE = 24;

/** `GET /episodes?cursor=&limit=`: the newest episodes across every series. */
export function getNewestEpisodes(
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<EpisodeCardPage> {
  return api.get('/episodes', {
    query: { cursor, limit: NEWEST_EPISODES_PAGE_SIZE },
    schema: EpisodeCardPageSchema,
    signal,
  });
}

export function newestEpisodesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: mediaKeys.newestEpisodes(),
    queryFn: ({ pageParam, signal }) => getNewestEpisodes(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useNewestEpisodesQuery() {
  return useInfiniteQuery(newestEpisodesQueryOptions());
}
