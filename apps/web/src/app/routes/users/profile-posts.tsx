import type { PublicProfile } from '@otakura/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { commentKeys } from '@/features/comments/api/comment-keys';
import { LazyCommentsSection } from '@/features/comments/components/lazy-comments-section';
import { PostStream } from '@/features/posts/components/post-stream';
import { usePostsLive } from '@/features/posts/hooks/use-posts-live';
import { ProfilePostsEmpty } from '@/features/users/components/profile-posts-empty';

/**
 * A profile's posts (`GET /users/:id/posts`, newest first): the posts feature's cards and post
 * modal with its comments, as on the feed, and live counts for the cards on screen.
 */
export function ProfilePosts({
  profile,
  viewerId,
}: {
  profile: PublicProfile;
  viewerId: string | null;
}) {
  const { t } = useTranslation('users');
  const queryClient = useQueryClient();
  const [visible, setVisible] = useState<string[]>([]);
  // Live: new and deleted posts of this grid, and the cards on screen.
  usePostsLive({ viewerId, authorId: profile.id, postIds: visible });
  const own = profile.id === viewerId;

  // Spec §2: closing the modal clears its comments (they load fresh next time).
  const clearComments = useCallback(
    (postId: string) =>
      queryClient.removeQueries({ queryKey: commentKeys.list({ kind: 'post', id: postId }) }),
    [queryClient],
  );

  return (
    <>
      <PostStream
        source={{ kind: 'user', id: profile.id, sort: 'new' }}
        label={t('posts.label', { username: profile.username })}
        empty={<ProfilePostsEmpty username={profile.username} own={own} />}
        viewerId={viewerId}
        renderComments={(post) => <LazyCommentsSection postId={post.id} headingLevel={3} />}
        onModalClose={clearComments}
        onVisiblePostIdsChange={setVisible}
      />
    </>
  );
}
