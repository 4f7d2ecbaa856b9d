import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { useSession } from '@/features/auth/hooks/use-session';
import { commentKeys } from '@/features/comments/api/comment-keys';
import { CommentsSection } from '@/features/comments/components/comments-section';
import { useLiveEvent } from '@/features/live/hooks/use-live-event';
import { FeedView } from '@/features/posts/components/feed-view';
import { applyPostDeleted, isPostCached } from '@/features/posts/api/posts-cache';
import { announceNewPosts } from '@/features/posts/hooks/use-new-posts-pill';
import { RequiredDetailsGate } from '@/features/users/components/required-details-gate';
import { LivePostTopics } from '../posts/live-post-topics';

/** /feed: tabs, the grid of post cards, the post modal with its comments (spec §2 Feed). */
export default function FeedPage() {
  const { t } = useTranslation('posts');
  const queryClient = useQueryClient();
  const session = useSession();
  const viewerId = session.status === 'signed-in' ? session.user.id : null;
  const [visible, setVisible] = useState<string[]>([]);

  // New posts above the feed show the pill (others' posts only: one's own are already refetched).
  useLiveEvent('post.created', (event) => {
    if (event.authorId !== viewerId && !isPostCached(queryClient, event.postId)) {
      announceNewPosts([event.postId]);
    }
  });
  useLiveEvent('post.deleted', (event) => applyPostDeleted(queryClient, event.postId));

  // Spec §2: closing the modal clears its comments (they load fresh next time).
  const clearComments = useCallback(
    (postId: string) =>
      queryClient.removeQueries({ queryKey: commentKeys.list({ kind: 'post', id: postId }) }),
    [queryClient],
  );

  return (
    <RequiredDetailsGate>
      <Page title={t('feed.title')} hideTitle>
        <LivePostTopics postIds={visible} feed />
        <FeedView
          viewerId={viewerId}
          renderComments={(post) => <CommentsSection postId={post.id} headingLevel={3} />}
          onModalClose={clearComments}
          onVisiblePostIdsChange={setVisible}
        />
      </Page>
    </RequiredDetailsGate>
  );
}
