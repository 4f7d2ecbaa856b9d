import { liveTopics, type Me, type PublicProfile } from '@otakura/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '@/lib/live/use-live-event';
import { useLiveTopics } from '@/lib/live/use-live-topics';
import { userKeys } from '../api/user-keys';

/**
 * Live updates of a profile on screen, in one place: watches the user's public `profile:{id}`
 * and writes `user.followers` (the absolute follower count) into the profile (and, for one's own
 * profile, into Me); the user's new or deleted posts reload the profile for its Posts count. Reloads the profile when a reconnect confirms the topic again. The user's posts on
 * the same topic are the posts feature's (`usePostsLive({ authorId })`).
 */
export function useUserLive(userId: string | null | undefined): void {
  const queryClient = useQueryClient();

  useLiveTopics([userId && liveTopics.profile(userId)], {
    onSubscribed: (_topic, { again }) => {
      if (!again || !userId) return;
      void queryClient.invalidateQueries(
        { queryKey: userKeys.detail(userId), exact: true },
        { cancelRefetch: false },
      );
    },
  });
  // A new or deleted post of theirs changes the profile's Posts count: read it again.
  const refreshCounts = (event: { topic: string }) => {
    if (!userId || event.topic !== liveTopics.profile(userId)) return;
    void queryClient.invalidateQueries({ queryKey: userKeys.detail(userId), exact: true });
  };
  useLiveEvent('post.created', refreshCounts);
  useLiveEvent('post.deleted', refreshCounts);
  useLiveEvent('user.followers', (event) => {
    if (event.userId !== userId) return;
    const followerCount = event.followerCount;
    queryClient.setQueryData<PublicProfile>(userKeys.detail(event.userId), (p) =>
      p ? { ...p, followerCount } : p,
    );
    queryClient.setQueryData<Me>(userKeys.me(), (me) =>
      me && me.id === event.userId ? { ...me, followerCount } : me,
    );
  });
}
