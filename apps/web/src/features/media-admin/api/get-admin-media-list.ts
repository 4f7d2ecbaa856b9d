import { MediaListPageSchema, type MediaListPage } from '@otakura/shared';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mediaAdminKeys } from './media-admin-keys';

export const ADMIN_MEDIA_PAGE_SIZE = 24;

/** `GET /media?q=&cursor=&limit=`: every entry, alphabetical; `q` a substring of title or keyword. */
export function getAdminMediaList(
  q: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<MediaListPage> {
  return api.get('/media', {
    query: { q, cursor, limit: ADMIN_MEDIA_PAGE_SIZE },
    schema: MediaListPageSchema,
    signal,
  });
}

export function adminMediaListQueryOptions(q: string) {
  const text = q.trim();
  return infiniteQueryOptions({
    queryKey: mediaAdminKeys.list(text),
    queryFn: ({ pageParam, signal }) => getAdminMediaList(text, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The administration list; the previous text's results stay while the next text loads. */
export function useAdminMediaListQuery(q: string) {
  return useInfiniteQuery({ ...adminMediaListQueryOptions(q), placeholderData: keepPreviousData });
}
