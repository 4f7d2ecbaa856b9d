import { PostPageSchema, type PostPage } from '@otakura/shared';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { postKeys } from './post-keys';
import { postsPageQuery, sourcePath, type PostSource } from './post-source';

export type PostPages = InfiniteData<PostPage, string | null>;

/** One keyset page of a source: `cursor` is the previous page's `nextCursor` (null for the first). */
export function getPosts(
  source: PostSource,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<PostPage> {
  return api.get(sourcePath(source), {
    query: postsPageQuery(source, cursor),
    schema: PostPageSchema,
    signal,
  });
}

export function postsInfiniteQueryOptions(source: PostSource) {
  return infiniteQueryOptions({
    queryKey: postKeys.list(source),
    queryFn: ({ pageParam, signal }) => getPosts(source, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: PostPage) => last.nextCursor,
  });
}

/** The pages of a source, loaded one after another as the user scrolls. */
export function usePostsInfiniteQuery(source: PostSource) {
  return useInfiniteQuery(postsInfiniteQueryOptions(source));
}
