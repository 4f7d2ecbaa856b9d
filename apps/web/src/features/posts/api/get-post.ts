import { PostSchema, type Post } from '@otakura/shared';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { findCachedPost } from './posts-cache';
import { postKeys } from './post-keys';

export function getPost(postId: string, signal?: AbortSignal): Promise<Post> {
  return api.get(`/posts/${encodeURIComponent(postId)}`, { schema: PostSchema, signal });
}

export function postQueryOptions(postId: string, queryClient?: QueryClient) {
  return queryOptions<Post, Error, Post, ReturnType<typeof postKeys.detail>>({
    queryKey: postKeys.detail(postId),
    queryFn: ({ signal }) => getPost(postId, signal),
    // A post already on screen in a list shows at once; the request still refreshes it.
    placeholderData: () => (queryClient ? findCachedPost(queryClient, postId) : undefined),
  });
}

/** One post (the post page); 404 answers `post_not_found`. */
export function usePostQuery(postId: string) {
  const queryClient = useQueryClient();
  return useQuery(postQueryOptions(postId, queryClient));
}
