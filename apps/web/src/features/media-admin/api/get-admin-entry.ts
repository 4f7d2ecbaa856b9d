import {
  IssueDetailSchema,
  mediaPageId,
  MediaPageSchema,
  MediaSchema,
  type IssueDetail,
  type Media,
  type MediaPage,
} from '@otakura/shared';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mediaAdminKeys } from './media-admin-keys';

/** `GET /media/:mediaId`: every field the editor shows. */
export function getAdminEntry(mediaId: string, signal?: AbortSignal): Promise<Media> {
  return api.get(`/media/${encodeURIComponent(mediaId)}`, { schema: MediaSchema, signal });
}

export function adminEntryQueryOptions(mediaId: string) {
  return queryOptions({
    queryKey: mediaAdminKeys.entry(mediaId),
    queryFn: ({ signal }) => getAdminEntry(mediaId, signal),
  });
}

export function useAdminEntryQuery(mediaId: string | undefined) {
  return useQuery({ ...adminEntryQueryOptions(mediaId ?? ''), enabled: !!mediaId });
}

/**
 * The entry's episodes, volumes or issues, one media page (`GET /media-pages/:pageId`, 12 units)
 * at a time: the administration has no list of its own, and the landing's pages are in order.
 */
export function adminUnitsQueryOptions(mediaId: string) {
  return infiniteQueryOptions({
    queryKey: mediaAdminKeys.units(mediaId),
    queryFn: ({ pageParam, signal }): Promise<MediaPage> =>
      api.get(`/media-pages/${encodeURIComponent(mediaPageId(mediaId, pageParam))}`, {
        schema: MediaPageSchema,
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pageCount ? last.page + 1 : undefined),
  });
}

export function useAdminUnitsQuery(mediaId: string) {
  return useInfiniteQuery(adminUnitsQueryOptions(mediaId));
}

/** `GET /issues/:issueId`: the issue with its pages in order (the reader's answer). */
export function getAdminIssue(issueId: string, signal?: AbortSignal): Promise<IssueDetail> {
  return api.get(`/issues/${encodeURIComponent(issueId)}`, { schema: IssueDetailSchema, signal });
}

export function useAdminIssueQuery(issueId: string) {
  return useQuery({
    queryKey: mediaAdminKeys.issue(issueId),
    queryFn: ({ signal }) => getAdminIssue(issueId, signal),
  });
}
