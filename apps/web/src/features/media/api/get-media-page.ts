import { mediaPageId, MediaPageSchema, type MediaPage } from '@otakura/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mediaKeys } from './media-keys';

/**
 * `GET /media-pages/:pageId`: one media page (spec §3) of episodes, volumes or issues. Page 1 is
 * the media id itself, later pages `{mediaId}-{n}`; a page past the last answers 404.
 */
export function getMediaPage(pageId: string, signal?: AbortSignal): Promise<MediaPage> {
  return api.get(`/media-pages/${encodeURIComponent(pageId)}`, {
    schema: MediaPageSchema,
    signal,
  });
}

export function mediaPageQueryOptions(mediaId: string, page: number) {
  const pageId = mediaPageId(mediaId, page);
  return queryOptions({
    queryKey: mediaKeys.page(pageId),
    queryFn: ({ signal }) => getMediaPage(pageId, signal),
  });
}

/** Media page `page` of `mediaId`; the previous page stays on screen while the next loads. */
export function useMediaPageQuery(mediaId: string, page: number) {
  return useQuery({ ...mediaPageQueryOptions(mediaId, page), placeholderData: keepPreviousData });
}
