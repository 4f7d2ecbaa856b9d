import { liveTopics, parseLiveTopic, type LiveEvent } from '@otakura/shared';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '@/lib/live/use-live-event';
import { useLiveTopics } from '@/lib/live/use-live-topics';
import { postQueryOptions } from '../api/get-post';
import { postKeys } from '../api/post-keys';
import {
  applyPostCommentCount,
  applyPostDeleted,
  applyPostLiked,
  invalidateAllPosts,
  invalidateFeed,
  invalidatePost,
  invalidatePostLists,
  isPostCached,
  prependPost,
} from '../api/posts-cache';
import type { PostSource } from '../api/post-source';
import { announceNewPosts } from './use-new-posts-pill';

/** What a page shows of posts; each part holds its live topic while the page is mounted. */
export interface PostsLiveScope {
  /** The signed-in user: their own likes are already on screen, their own posts need no pill. */
  viewerId: string | null;
  /** Posts on screen (cards in view, the open modal or page): likes, comment counts, deletion. */
  postIds?: readonly string[];
  /** The feed is on screen: new posts elsewhere show the "new posts" pill (`feed`). */
  feed?: boolean;
  /** A community's grid is on screen: its new posts go on top (`community:{id}`). */
  communityId?: string | null;
  /** A user's grid is on screen: their new posts go on top (`profile:{id}`). */
  authorId?: string | null;
}

type PostCreated = Extract<LiveEvent, { type: 'post.created' }>;

/** Fetches a post created elsewhere and puts it on top of the community and profile grids loaded. */
async function insertCreatedPost(queryClient: QueryClient, event: PostCreated): Promise<void> {
  const sources: PostSource[] = [
    { kind: 'community', id: event.communityId, sort: 'new' },
    { kind: 'user', id: event.authorId, sort: 'new' },
  ];
  const shown: PostSource[] = [];
  for (const source of sources) {
    const queryKey = postKeys.list(source);
    const query = queryClient.getQueryCache().find({ queryKey, exact: true });
    if (!query) continue;
    if (query.state.data !== undefined) shown.push(source);
    // Its first page is on its way and may have been read before the post existed: ask again.
    else if (query.state.fetchStatus === 'fetching') {
      void queryClient.refetchQueries({ queryKey, exact: true }, { cancelRefetch: true });
    }
  }
  if (shown.length === 0) return;
  try {
    const post = await queryClient.fetchQuery(postQueryOptions(event.postId));
    for (const source of shown) prependPost(queryClient, source, post);
  } catch {
    // Gone or hidden meanwhile (deleted, NSFW for this viewer): nothing to show.
  }
}

/**
 * Live updates of the posts domain, in one place. Subscribes to the topics of what the page shows
 * and patches every cached copy of a post (feed, community grid, profile grid, post detail):
 *
 * - `post.created`: on the feed, the "new posts" pill (others' posts not already shown); on a
 *   community or profile grid, the post on top of the newest-first list.
 * - `post.liked`: the absolute count (others' likes; ours is already shown, optimistically).
 * - `post.deleted`: the post leaves every list, and its detail.
 * - `comment.created` on a post: its absolute comment count.
 * - `media.progress` on the viewer's own topic: every post is read again (spoiler covers lift).
 *
 * When a reconnect confirms a topic again, what it shows is refetched (events may have been lost).
 */
export function usePostsLive({
  viewerId,
  postIds = [],
  feed = false,
  communityId,
  authorId,
}: PostsLiveScope): void {
  const queryClient = useQueryClient();

  useLiveTopics(
    [
      // The viewer's own progress (`media.progress`): the spoiler shield's covers they passed lift.
      viewerId && liveTopics.user(viewerId),
      feed && liveTopics.feed,
      communityId && liveTopics.community(communityId),
      authorId && liveTopics.profile(authorId),
      ...postIds.map(liveTopics.post),
    ],
    {
      onSubscribed: (topic, { again }) => {
        // The first confirmation follows the fetch that put these posts on screen.
        if (!again) return;
        if (topic === liveTopics.feed) return void invalidateFeed(queryClient);
        const parsed = parseLiveTopic(topic);
        if (parsed?.kind === 'post') void invalidatePost(queryClient, parsed.id);
        else if (parsed?.kind === 'community') {
          void invalidatePostLists(queryClient, { kind: 'community', id: parsed.id });
        } else if (parsed?.kind === 'profile') {
          void invalidatePostLists(queryClient, { kind: 'user', id: parsed.id });
        } else if (parsed?.kind === 'user') {
          // A progress event may have been missed: the shield is decided anew.
          void invalidateAllPosts(queryClient);
        }
      },
    },
  );

  useLiveEvent('post.created', (event) => {
    if (event.topic === liveTopics.feed) {
      if (event.authorId !== viewerId && !isPostCached(queryClient, event.postId)) {
        announceNewPosts([event.postId]);
      }
      return;
    }
    void insertCreatedPost(queryClient, event);
  });
  useLiveEvent('post.liked', (event) => {
    if (event.actorId === viewerId) return;
    applyPostLiked(queryClient, event.postId, event.likeCount);
  });
  useLiveEvent('post.deleted', (event) => applyPostDeleted(queryClient, event.postId));
  // The viewer watched or read further: every post on screen is read again, so the server
  // decides the spoiler shield anew and the covers they have passed disappear without a reload.
  useLiveEvent('media.progress', (event) => {
    if (viewerId && event.topic === liveTopics.user(viewerId)) void invalidateAllPosts(queryClient);
  });
  useLiveEvent('comment.created', (event) => {
    if (event.postId) applyPostCommentCount(queryClient, event.postId, event.commentCount);
  });
}
