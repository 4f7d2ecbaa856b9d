import { MediaListPageSchema, type MediaListPage } from '@otakura/shared';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mediaKeys } from './media-keys';

export const MEDIA_LIST_PAGE_SIZE = 30;

/** `GET /media?q=&cursor=&limit=`: alphabetical by title; `q` a substring of the title or a keyword. */
export function searchMedia(
  q: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<MediaListPage> {
  return api.get('/media', {
    query: { q, cursor, limit: MEDIA_LIST_PAGE_SIZE },
    schema: MediaListPageSchema,
    signal,
  });
}

export function mediaSearchQueryOptions(q: string) {
  const text = q.trim();
  return infiniteQueryOptions({
    queryKey: mediaKeys.list(text),
    queryFn: ({ pageParam, signal }) => searchMedia(text, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The media list; the previous text's results stay on screen while the next text loads. */
export function useMediaSearchQuery(q: string) {
  return useInfiniteQuery({ ...mediaSearchQueryOptions(q), placeholderData: keepPreviousData });
}
