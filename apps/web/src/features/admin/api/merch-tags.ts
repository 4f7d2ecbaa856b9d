import {
  CommunityPageSchema,
  MediaListPageSchema,
  MediaPageSchema,
  type CommunityPage,
  type MediaListPage,
  type MediaPage,
} from '@otakura/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/** Suggestions shown under a tag search box. */
export const TAG_SUGGESTIONS = 6;

/** `GET /media?q=`: series whose title or keyword contains the text (the series picker). */
export function searchSeries(q: string, signal?: AbortSignal): Promise<MediaListPage> {
  return api.get('/media', {
    query: { q, limit: TAG_SUGGESTIONS },
    schema: MediaListPageSchema,
    signal,
  });
}

/** `GET /communities?q=`: communities whose name contains the text (the communities picker). */
export function searchTagCommunities(q: string, signal?: AbortSignal): Promise<CommunityPage> {
  return api.get('/communities', {
    query: { q, limit: TAG_SUGGESTIONS },
    schema: CommunityPageSchema,
    signal,
  });
}

/** `GET /media-pages/:mediaId`: the first media page, whose volumes the volume picker offers. */
export function seriesVolumes(mediaId: string, signal?: AbortSignal): Promise<MediaPage> {
  return api.get(`/media-pages/${encodeURIComponent(mediaId)}`, {
    schema: MediaPageSchema,
    signal,
  });
}

export function useSeriesSearchQuery(q: string) {
  return useQuery({
    queryKey: [...adminKeys.all, 'tags', 'series', q],
    queryFn: ({ signal }) => searchSeries(q, signal),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
}

export function useTagCommunitiesQuery(q: string) {
  return useQuery({
    queryKey: [...adminKeys.all, 'tags', 'communities', q],
    queryFn: ({ signal }) => searchTagCommunities(q, signal),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
}

export function useSeriesVolumesQuery(mediaId: string | null) {
  return useQuery({
    queryKey: [...adminKeys.all, 'tags', 'volumes', mediaId],
    queryFn: ({ signal }) => seriesVolumes(mediaId!, signal),
    enabled: mediaId !== null,
  });
}
