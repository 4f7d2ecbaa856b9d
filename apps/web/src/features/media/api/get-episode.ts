import { EpisodeDetailSchema, type EpisodeDetail } from '@otakura/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mediaKeys } from './media-keys';

export function getEpisode(episodeId: string, signal?: AbortSignal): Promise<EpisodeDetail> {
  return api.get(`/episodes/${encodeURIComponent(episodeId)}`, {
    schema: EpisodeDetailSchema,
    signal,
  });
}

export function episodeQueryOptions(episodeId: string) {
  return queryOptions<EpisodeDetail, Error, EpisodeDetail, ReturnType<typeof mediaKeys.episode>>({
    queryKey: mediaKeys.episode(episodeId),
    queryFn: ({ signal }) => getEpisode(episodeId, signal),
  });
}

/** One episode for the player, with its series and the episodes either side; 404 `episode_not_found`. */
export function useEpisodeQuery(episodeId: string) {
  return useQuery(episodeQueryOptions(episodeId));
}
