import type { Post, PostPage } from '@otakura/shared';
import type { InfiniteData, Query, QueryClient } from '@tanstack/react-query';
import { postKeys } from './post-keys';
import type { PostSource } from './post-source';

/*
 * Cache patching for posts. A post can be on screen in several places at once (the feed, a
 * community's grid, a profile, its page), possibly cached by other features under their own keys.
 * So these helpers look at every cached query and patch whatever holds that post: a Post, a
 * PostPage, or infinite pages of PostPages.
 */

type PostUpdater = (post: Post) => Post;

function isPost(value: unknown): value is Post {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<Post>;
  return (
    typeof v.id === 'string' &&
    typeof v.type === 'number' &&
    typeof v.likeCount === 'number' &&
    typeof v.commentCount === 'number' &&
    typeof v.title === 'string'
  );
}

function isPostPage(value: unknown): value is PostPage {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<PostPage>;
  return Array.isArray(v.items) && 'nextCursor' in v && v.items.every(isPost);
}

function isInfinitePostPages(value: unknown): value is InfiniteData<PostPage, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<InfiniteData<unknown>>;
  return Array.isArray(v.pages) && Array.isArray(v.pageParams) && v.pages.every(isPostPage);
}

function patchPage(page: PostPage, postId: string, update: PostUpdater | null): PostPage {
  let changed = false;
  const items: Post[] = [];
  for (const item of page.items) {
    if (item.id !== postId) {
      items.push(item);
      continue;
    }
    changed = true;
    if (update) items.push(update(item));
  }
  return changed ? { ...page, items } : page;
}

/** Applies `update` (or removes the post, when null) in one query's data; the same object when untouched. */
function patchData(data: unknown, postId: string, update: PostUpdater | null): unknown {
  if (isInfinitePostPages(data)) {
    let changed = false;
    const pages = data.pages.map((page) => {
      const next = patchPage(page, postId, update);
      if (next !== page) changed = true;
      return next;
    });
    return changed ? { ...data, pages } : data;
  }
  if (isPostPage(data)) return patchPage(data, postId, update);
  if (isPost(data) && data.id === postId) return update ? update(data) : data;
  return data;
}

function eachQuery(queryClient: QueryClient, fn: (query: Query) => void) {
  for (const query of queryClient.getQueryCache().getAll()) fn(query);
}

/** Changes one post wherever it is cached (lists of any feature, its detail). */
export function updatePostEverywhere(
  queryClient: QueryClient,
  postId: string,
  update: PostUpdater,
): void {
  eachQuery(queryClient, (query) => {
    const data = query.state.data;
    if (data === undefined) return;
    const next = patchData(data, postId, update);
    if (next !== data) queryClient.setQueryData(query.queryKey, next);
  });
}

/** Takes a post out of every cached list (after a delete); its detail query is removed. */
export function removePostEverywhere(queryClient: QueryClient, postId: string): void {
  eachQuery(queryClient, (query) => {
    const data = query.state.data;
    if (data === undefined || isPost(data)) return;
    const next = patchData(data, postId, null);
    if (next !== data) queryClient.setQueryData(query.queryKey, next);
  });
  queryClient.removeQueries({ queryKey: postKeys.detail(postId), exact: true });
}

/** The freshest cached copy of a post, from its detail or any list. */
export function findCachedPost(queryClient: QueryClient, postId: string): Post | undefined {
  const detail = queryClient.getQueryData<Post>(postKeys.detail(postId));
  if (detail) return detail;
  for (const query of queryClient.getQueryCache().getAll()) {
    const data = query.state.data;
    const pages = isInfinitePostPages(data) ? data.pages : isPostPage(data) ? [data] : [];
    for (const page of pages) {
      const found = page.items.find((p) => p.id === postId);
      if (found) return found;
    }
  }
  return undefined;
}

/* ---------- For the app's live wiring (events of LiveEventSchema) ---------- */

/** `post.liked`: the absolute like count; `likedByMe` is left as it is (it is the viewer's own state). */
export function applyPostLiked(queryClient: QueryClient, postId: string, likeCount: number): void {
  updatePostEverywhere(queryClient, postId, (p) => ({ ...p, likeCount }));
}

/** `comment.created` on a post: the absolute comment count. */
export function applyPostCommentCount(
  queryClient: QueryClient,
  postId: string,
  commentCount: number,
): void {
  updatePostEverywhere(queryClient, postId, (p) => ({ ...p, commentCount }));
}

/** `post.deleted`: the post leaves every list and its detail. */
export function applyPostDeleted(queryClient: QueryClient, postId: string): void {
  removePostEverywhere(queryClient, postId);
}

/**
 * `post.created` on a community or profile: the new post goes on top of that source's newest-first
 * list, if it is loaded and does not hold the post yet. Other sorts load it on their next fetch.
 */
export function prependPost(queryClient: QueryClient, source: PostSource, post: Post): void {
  if (source.sort !== 'new') return;
  queryClient.setQueryData<InfiniteData<PostPage, unknown>>(postKeys.list(source), (data) => {
    if (!data || !isInfinitePostPages(data) || data.pages.length === 0) return data;
    if (data.pages.some((page) => page.items.some((p) => p.id === post.id))) return data;
    const [first, ...rest] = data.pages;
    return { ...data, pages: [{ ...first!, items: [post, ...first!.items] }, ...rest] };
  });
}

/**
 * Refetch lists of posts on screen (after `subscribed`, a reconnect or `resync`): every list, or
 * only those of one source kind and id (a community's, a user's).
 */
export function invalidatePostLists(
  queryClient: QueryClient,
  source?: { kind: 'community' | 'user'; id: string },
): Promise<void> {
  const queryKey = source ? [...postKeys.lists(), source.kind, source.id] : postKeys.lists();
  return queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
}

/** Refetch the feed's tabs only. */
export function invalidateFeed(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: postKeys.feeds() }, { cancelRefetch: false });
}

/** Refetch one post (its page or open modal) after a reconnect. */
export function invalidatePost(queryClient: QueryClient, postId: string): Promise<void> {
  return queryClient.invalidateQueries(
    { queryKey: postKeys.detail(postId), exact: true },
    { cancelRefetch: false },
  );
}

/** Whether a post is somewhere in the cache (the live wiring may skip the "new posts" pill for known posts). */
export function isPostCached(queryClient: QueryClient, postId: string): boolean {
  return findCachedPost(queryClient, postId) !== undefined;
}

/** Every post query (lists and details): after the viewer's progress rose (the spoiler shield). */
export function invalidateAllPosts(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: postKeys.all });
}
