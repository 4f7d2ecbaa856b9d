import type { Media, MediaListPage, MediaSummary } from '@otakura/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { mediaKeys } from '../api/media-keys';

/** The counts every cached copy of an entry carries (landing and list rows alike). */
export type MediaCounts = Partial<Pick<MediaSummary, 'likeCount' | 'viewCount' | 'commentCount'>>;

/**
 * Changes one entry everywhere it is cached: its landing (`update` sees the whole `Media`), and
 * the counts of its rows in the media lists (which follow the landing's new counts).
 */
export function updateMediaEverywhere(
  queryClient: QueryClient,
  mediaId: string,
  update: (media: Media) => Media,
): void {
  let counts: MediaCounts | null = null;
  queryClient.setQueryData<Media>(mediaKeys.detail(mediaId), (media) => {
    if (!media) return media;
    const next = update(media);
    counts = {
      likeCount: next.likeCount,
      viewCount: next.viewCount,
      commentCount: next.commentCount,
    };
    return next;
  });
  if (counts) patchMediaRows(queryClient, mediaId, counts);
}

/** Writes absolute counts into every cached copy of an entry (a live event's numbers). */
export function applyMediaCounts(
  queryClient: QueryClient,
  mediaId: string,
  counts: MediaCounts,
): void {
  queryClient.setQueryData<Media>(mediaKeys.detail(mediaId), (media) =>
    media ? { ...media, ...counts } : media,
  );
  patchMediaRows(queryClient, mediaId, counts);
}

function patchMediaRows(queryClient: QueryClient, mediaId: string, counts: MediaCounts): void {
  queryClient.setQueriesData<InfiniteData<MediaListPage>>(
    { queryKey: mediaKeys.lists() },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.map((m) => (m.id === mediaId ? { ...m, ...counts } : m)),
        })),
      },
  );
}

/** Whether a `['media', 'page', pageId]` key is one of `mediaId`'s media pages. */
export function isPageKeyOf(queryKey: readonly unknown[], mediaId: string): boolean {
  const [domain, scope, pageId] = queryKey;
  return (
    domain === mediaKeys.all[0] &&
    scope === mediaKeys.pages()[1] &&
    typeof pageId === 'string' &&
    (pageId === mediaId || pageId.startsWith(`${mediaId}-`))
  );
}
