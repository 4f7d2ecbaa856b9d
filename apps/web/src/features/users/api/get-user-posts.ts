import { PostPageSchema, type PostPage } from '@otakura/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './user-keys';

const PAGE_SIZE = 24;

/** `GET /users/:id/posts`: a keyset page of the user's posts, newest first. */
export function getUserPosts(
  userId: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<PostPage> {
  return api.get(`/users/${encodeURIComponent(userId)}/posts`, {
    query: { cursor, limit: PAGE_SIZE, sort: 'new' },
    schema: PostPageSchema,
    signal,
  });
}

export const userPostsQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: userKeys.posts(userId),
    queryFn: ({ pageParam, signal }) => getUserPosts(userId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useUserPostsQuery(userId: string) {
  return useInfiniteQuery(userPostsQueryOptions(userId));
}
