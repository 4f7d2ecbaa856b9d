import { MediaListPageSchema, type MediaKind, type MediaListPage } from '@otakura/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A series a spoiler tag can name. */
export interface SpoilerSeries {
  id: string;
  title: string;
  kind: MediaKind;
}

/** The library changes rarely within a visit. */
const SERIES_STALE_MS = 5 * 60_000;
const SERIES_RESULTS = 8;

/** `GET /media?q=`: the series whose title or keywords contain `q`, alphabetical. */
export function searchSeries(q: string, signal?: AbortSignal): Promise<MediaListPage> {
  return api.get('/media', {
    query: { q, limit: SERIES_RESULTS },
    schema: MediaListPageSchema,
    signal,
  });
}

export function seriesSearchQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['spoiler-series', q] as const,
    queryFn: ({ signal }) => searchSeries(q, signal),
    staleTime: SERIES_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

export function useSeriesSearchQuery(q: string, enabled: boolean) {
  return useQuery({ ...seriesSearchQueryOptions(q), enabled });
}
