import type { Post } from '@otakura/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { useSession } from '@/features/auth/hooks/use-session';
import { commentKeys } from '@/features/comments/api/comment-keys';
import { LazyCommentsSection } from '@/features/comments/components/lazy-comments-section';
import { SuggestedCommunities } from '@/features/communities/components/suggested-communities';
import { invalidateFeed } from '@/features/posts/api/posts-cache';
import { FeedView } from '@/features/posts/components/feed-view';
import { usePostsLive } from '@/features/posts/hooks/use-posts-live';
import { RequiredDetailsGate } from '@/features/users/components/required-details-gate';

/** /feed: tabs, the grid of post cards, the post modal with its comments (spec §2 Feed). */
export default function FeedPage() {
  const { t } = useTranslation('posts');
  const queryClient = useQueryClient();
  const session = useSession();
  const viewerId = session.status === 'signed-in' ? session.user.id : null;
  const [visible, setVisible] = useState<string[]>([]);

  // Live: the cards on screen, the open modal, and the "new posts" pill.
  usePostsLive({ viewerId, feed: true, postIds: visible });

  // Spec §2: closing the modal clears its comments (they load fresh next time).
  const clearComments = useCallback(
    (postId: string) =>
      queryClient.removeQueries({ queryKey: commentKeys.list({ kind: 'post', id: postId }) }),
    [queryClient],
  );

  // The modal's neighbours: their first comments page is ready before a step shows them.
  // (The comments' fetcher and schemas come with the first open, not with the feed.)
  const prefetchComments = useCallback(
    (post: Post) =>
      void import('@/features/comments/api/get-comments').then(({ commentsQueryOptions }) =>
        queryClient.prefetchInfiniteQuery(commentsQueryOptions({ kind: 'post', id: post.id })),
      ),
    [queryClient],
  );

  return (
    <RequiredDetailsGate>
      <Page title={t('feed.title')} hideTitle>
        <FeedView
          viewerId={viewerId}
          renderComments={(post) => <LazyCommentsSection postId={post.id} headingLevel={3} />}
          onModalClose={clearComments}
          onVisiblePostIdsChange={setVisible}
          onPrefetchPost={prefetchComments}
          followingSuggestions={
            <SuggestedCommunities onFollowChange={() => void invalidateFeed(queryClient)} />
          }
        />
      </Page>
    </RequiredDetailsGate>
  );
}
