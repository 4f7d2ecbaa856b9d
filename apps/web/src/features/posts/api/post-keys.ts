import type { FeedSort, PostSource } from './post-source';

/**
 * Query keys of the posts domain. Every list of posts lives under `['posts', 'list', …]`, so one
 * invalidation refreshes them all; a single post under `['posts', 'detail', id]`.
 */
export const postKeys = {
  all: ['posts'] as const,
  lists: () => [...postKeys.all, 'list'] as const,
  feeds: () => [...postKeys.lists(), 'feed'] as const,
  list: (source: PostSource) => {
    if (source.kind === 'feed') return [...postKeys.feeds(), source.tab, source.sort] as const;
    return [...postKeys.lists(), source.kind, source.id, source.sort] as const;
  },
  details: () => [...postKeys.all, 'detail'] as const,
  detail: (postId: string) => [...postKeys.details(), postId] as const,
  linkPreview: (url: string) => [...postKeys.all, 'link-preview', url] as const,
  communityOptions: (q: string) => [...postKeys.all, 'community-options', q] as const,
  communitySeries: (communityId: string) =>
    [...postKeys.all, 'community-series', communityId] as const,
  likeMutation: () => [...postKeys.all, 'like'] as const,
};

export type { FeedSort };
