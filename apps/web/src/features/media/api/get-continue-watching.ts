import { ContinueWatchingSchema, type ContinueWatching } from '@otakura/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mediaKeys } from './media-keys';

/** `GET /episodes/continue`: series in progress, most recently watched first, with the episode to open. */
export function getContinueWatching(signal?: AbortSignal): Promise<ContinueWatching> {
  return api.get('/episodes/continue', { schema: ContinueWatchingSchema, signal });
}

export function continueWatchingQueryOptions() {
  return queryOptions({
    queryKey: mediaKeys.continueWatching(),
    queryFn: ({ signal }) => getContinueWatching(signal),
  });
}

export function useContinueWatchingQuery() {
  return useQuery(continueWatchingQueryOptions());
}
