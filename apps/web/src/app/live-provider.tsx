import type { UserSummary } from '@otakura/shared';
import { useQueryClient, type Query } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import { liveTopicOf, targetFromListKey } from '@/features/comments/api/comment-keys';
import { CommentsViewerProvider } from '@/features/comments/components/comments-viewer';
import { applyLiveCommentLiked, syncLiveComment } from '@/features/comments/utils/live-comments';
import { refreshSession } from '@/features/auth/api/auth-client';
import { useSession } from '@/features/auth/hooks/use-session';
import { LiveClientProvider, useLiveClient } from '@/features/live/components/live-client-provider';
import { useLiveEvent } from '@/features/live/hooks/use-live-event';
import { applyPostCommentCount, applyPostLiked } from '@/features/posts/api/posts-cache';
import { watchLiveTopic } from '@/features/live/utils/watch-live-topic';

/**
 * App-level live wiring: one socket while signed in (features/live), and events patched into the
 * caches of the features that show them. Features cannot import each other; this file may.
 *
 * - Comment lists on screen are watched by themselves: any mounted comments query holds its
 *   `post:{id}` / `media:{id}` topic (and is refetched after each (re)subscription).
 * - comment.created / comment.updated / comment.liked patch the comment lists.
 * - post.liked and comment.created's absolute `commentCount` patch every cached copy of the post
 *   (features/posts `applyPostLiked` / `applyPostCommentCount`).
 * - post.created, post.deleted, community.members, user.updated: other features subscribe with
 *   `useLiveEvent(type, handler)` where they need them.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const user = session.status === 'signed-in' ? session.user : null;
  const viewer = useMemo<UserSummary | null>(() => {
    if (!user) return null;
    // The username plugin adds `username`; the client's types do not know it.
    const username = (user as { username?: string | null }).username ?? user.name;
    return { id: user.id, username, name: user.name, avatarUrl: user.image ?? null };
  }, [user]);

  return (
    <LiveClientProvider
      enabled={viewer !== null}
      sessionKey={viewer?.id ?? null}
      onUnauthorized={refreshSession}
    >
      <LiveCacheWiring viewerId={viewer?.id ?? null} />
      <CommentsViewerProvider viewer={viewer}>{children}</CommentsViewerProvider>
    </LiveClientProvider>
  );
}

function LiveCacheWiring({ viewerId }: { viewerId: string | null }) {
  const queryClient = useQueryClient();
  useWatchCommentLists();

  useLiveEvent('comment.created', (event) => {
    void syncLiveComment(queryClient, event);
    if (event.postId) applyPostCommentCount(queryClient, event.postId, event.commentCount);
  });
  useLiveEvent('comment.updated', (event) => void syncLiveComment(queryClient, event));
  useLiveEvent('comment.liked', (event) => applyLiveCommentLiked(queryClient, event, viewerId));
  useLiveEvent('post.liked', (event) => {
    // Our own like is already on screen (optimistic).
    if (event.actorId === viewerId) return;
    applyPostLiked(queryClient, event.postId, event.likeCount);
  });
  return null;
}

/** Every comment list with an observer (on screen) holds its live topic; released when it leaves. */
function useWatchCommentLists() {
  const client = useLiveClient();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!client) return;
    const held = new Map<string, () => void>();
    const sync = (query: Query) => {
      const target = targetFromListKey(query.queryKey);
      if (!target) return;
      const active = query.getObserversCount() > 0;
      const release = held.get(query.queryHash);
      if (active && !release) {
        held.set(
          query.queryHash,
          watchLiveTopic({
            client,
            queryClient,
            topic: liveTopicOf(target),
            queryKeys: () => [query.queryKey],
          }),
        );
      } else if (!active && release) {
        release();
        held.delete(query.queryHash);
      }
    };
    const cache = queryClient.getQueryCache();
    for (const query of cache.getAll()) sync(query);
    const unsubscribe = cache.subscribe((event) => {
      if (
        event.type === 'observerAdded' ||
        event.type === 'observerRemoved' ||
        event.type === 'removed'
      ) {
        sync(event.query);
      }
    });
    return () => {
      unsubscribe();
      for (const release of held.values()) release();
      held.clear();
    };
  }, [client, queryClient]);
}
