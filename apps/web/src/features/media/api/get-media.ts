import { MediaSchema, type Media } from '@otakura/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mediaKeys } from './media-keys';

/** `GET /media/:id`: the landing, with `nextUp` for the viewer (404 `media_not_found`). */
export function getMedia(mediaId: string, signal?: AbortSignal): Promise<Media> {
  return api.get(`/media/${encodeURIComponent(mediaId)}`, { schema: MediaSchema, signal });
}

export function mediaQueryOptions(mediaId: string) {
  return queryOptions({
    queryKey: mediaKeys.detail(mediaId),
    queryFn: ({ signal }) => getMedia(mediaId, signal),
  });
}

export function useMediaQuery(mediaId: string) {
  return useQuery(mediaQueryOptions(mediaId));
}
