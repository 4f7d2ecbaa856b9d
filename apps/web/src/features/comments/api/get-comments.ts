import { CommentPageSchema, type CommentPage } from '@otakura/shared';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { commentKeys, commentsPath, type CommentTarget } from './comment-keys';

/** The cached shape of a comment list: keyset pages, oldest first. */
export type CommentsData = InfiniteData<CommentPage>;

/** `GET /posts/:id/comments` or `/media/:id/comments`: one keyset page, oldest first. */
export function getComments(
  target: CommentTarget,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<CommentPage> {
  return api.get(commentsPath(target), { query: { cursor }, schema: CommentPageSchema, signal });
}

export const commentsQueryOptions = (target: CommentTarget) =>
  infiniteQueryOptions({
    queryKey: commentKeys.list(target),
    queryFn: ({ pageParam, signal }) => getComments(target, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useCommentsQuery(target: CommentTarget) {
  return useInfiniteQuery(commentsQueryOptions(target));
}
