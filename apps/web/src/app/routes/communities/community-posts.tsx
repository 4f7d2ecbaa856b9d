import type { Community } from '@otakura/shared';
import { useQueryClient } from '@tanstack/react-query';
import { PenSquare } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { commentKeys } from '@/features/comments/api/comment-keys';
import { LazyCommentsSection } from '@/features/comments/components/lazy-comments-section';
import { PostStream } from '@/features/posts/components/post-stream';
import { usePostsLive } from '@/features/posts/hooks/use-posts-live';

/**
 * A community's posts (`GET /communities/:id/posts`, newest first): the posts feature's cards,
 * infinite scroll and post modal with its comments, as on the feed, with live counts.
 */
export function CommunityPosts({
  community,
  viewerId,
}: {
  community: Community;
  viewerId: string | null;
}) {
  const { t } = useTranslation('communities');
  const queryClient = useQueryClient();
  const [visible, setVisible] = useState<string[]>([]);
  // Live: new and deleted posts of this grid, and the cards on screen.
  usePostsLive({ viewerId, communityId: community.id, postIds: visible });

  // Spec §2: closing the modal clears its comments (they load fresh next time).
  const clearComments = useCallback(
    (postId: string) =>
      queryClient.removeQueries({ queryKey: commentKeys.list({ kind: 'post', id: postId }) }),
    [queryClient],
  );

  return (
    <>
      <PostStream
        source={{ kind: 'community', id: community.id, sort: 'new' }}
        label={t('postsLabel', { name: community.name })}
        empty={
          <EmptyState
            icon={<PenSquare />}
            title={t('postsEmpty')}
            description={t('postsEmptyDescription', { name: community.name })}
            headingLevel={3}
            action={
              <Button asChild variant="secondary">
                <Link to="/create-post">{t('createPost')}</Link>
              </Button>
            }
          />
        }
        viewerId={viewerId}
        renderComments={(post) => <LazyCommentsSection postId={post.id} headingLevel={3} />}
        onModalClose={clearComments}
        onVisiblePostIdsChange={setVisible}
      />
    </>
  );
}
