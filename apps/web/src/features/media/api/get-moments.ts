import {
  EpisodeMomentsSchema,
  IssueMomentsSchema,
  type EpisodeMoments,
  type IssueMoments,
} from '@otakura/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { momentKeys } from './moment-keys';

export function getEpisodeMoments(episodeId: string, signal?: AbortSignal) {
  return api.get(`/episodes/${encodeURIComponent(episodeId)}/moments`, {
    schema: EpisodeMomentsSchema,
    signal,
  });
}

export const episodeMomentsQueryOptions = (mediaId: string, episodeId: string) =>
  queryOptions<EpisodeMoments>({
    queryKey: momentKeys.episode(mediaId, episodeId),
    queryFn: ({ signal }) => getEpisodeMoments(episodeId, signal),
  });

/** The player's markers (every pinned moment's time) and the episode's "Discuss" count. */
export function useEpisodeMomentsQuery(mediaId: string, episodeId: string) {
  return useQuery(episodeMomentsQueryOptions(mediaId, episodeId));
}

export function getIssueMoments(issueId: string, signal?: AbortSignal) {
  return api.get(`/issues/${encodeURIComponent(issueId)}/moments`, {
    schema: IssueMomentsSchema,
    signal,
  });
}

/** The reader's comment counts per page and the "Discuss" counts of the issue and its volume. */
export function useIssueMomentsQuery(mediaId: string, issueId: string) {
  return useQuery(
    queryOptions<IssueMoments>({
      queryKey: momentKeys.issue(mediaId, issueId),
      queryFn: ({ signal }) => getIssueMoments(issueId, signal),
    }),
  );
}
