import { CommentPageSchema, MOMENT_PAGE_SIZE, type CommentPage } from '@otakura/shared';
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  type InfiniteData,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { momentKeys } from './moment-keys';

/** The cached shape of a moments list: keyset pages in timeline or page order. */
export type MomentCommentsData = InfiniteData<CommentPage>;

/** Which list of pinned comments: an episode's, an issue's (or one page of it), a volume's. */
export type MomentsSource =
  | { kind: 'episode'; mediaId: string; episodeId: string; until?: number }
  | { kind: 'issue'; mediaId: string; issueId: string; page?: number; until?: number }
  | { kind: 'volume'; mediaId: string; volumeId: string };

function pathOf(source: MomentsSource): string {
  switch (source.kind) {
    case 'episode':
      return `/episodes/${encodeURIComponent(source.episodeId)}/comments`;
    case 'issue':
      return `/issues/${encodeURIComponent(source.issueId)}/comments`;
    case 'volume':
      return `/volumes/${encodeURIComponent(source.volumeId)}/comments`;
  }
}

export function keyOf(source: MomentsSource) {
  switch (source.kind) {
    case 'episode':
      return momentKeys.episodeComments(source.mediaId, source.episodeId, source.until);
    case 'issue':
      return momentKeys.issueComments(
        source.mediaId,
        source.issueId,
        source.page ?? null,
        source.until ?? null,
      );
    case 'volume':
      return momentKeys.volumeComments(source.mediaId, source.volumeId);
  }
}

/** One keyset page of pinned comments; `until` shows the moments the viewer has on screen. */
export function getMomentComments(
  source: MomentsSource,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<CommentPage> {
  const query: Record<string, string | number | undefined> = {
    cursor,
    limit: MOMENT_PAGE_SIZE,
  };
  if (source.kind !== 'volume' && source.until !== undefined) {
    query.until = Math.floor(source.until);
  }
  if (source.kind === 'issue' && source.page !== undefined) query.page = source.page;
  return api.get(pathOf(source), { query, schema: CommentPageSchema, signal });
}

export const momentCommentsQueryOptions = (source: MomentsSource) =>
  infiniteQueryOptions({
    queryKey: keyOf(source),
    queryFn: ({ pageParam, signal }) => getMomentComments(source, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // A new `until` reads the list again; the previous one stays on screen meanwhile.
    placeholderData: keepPreviousData,
  });

/** Pinned comments of an episode, an issue (or one page) or a volume, in their order. */
export function useMomentCommentsQuery(source: MomentsSource, enabled = true) {
  return useInfiniteQuery({ ...momentCommentsQueryOptions(source), enabled });
}
