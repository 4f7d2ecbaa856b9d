import { FollowStateSchema, type FollowState, type PublicProfile } from '@otakura/shared';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/ui/toast';
import { api } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { useOptimisticToggle } from '@/lib/optimistic-toggle';
import { userKeys } from './user-keys';

/** `PUT` (follow) or `DELETE` (unfollow) `/users/:id/follow`; both idempotent. */
export function setFollowing(userId: string, follow: boolean): Promise<FollowState> {
  const path = `/users/${encodeURIComponent(userId)}/follow`;
  return follow
    ? api.put(path, { schema: FollowStateSchema })
    : api.delete(path, { schema: FollowStateSchema });
}

/**
 * Follow or unfollow a user. Optimistic: the button and the follower count change at once and
 * go back (with a toast) when the server refuses; the server's count wins when it answers.
 */
export function useFollowMutation(userId: string) {
  const { toast } = useToast();
  const { t } = useTranslation('users');
  const key = userKeys.detail(userId);

  return useOptimisticToggle<PublicProfile, FollowState>({
    queryKey: key,
    name: 'follow',
    send: (follow) => setFollowing(userId, follow),
    predict: (profile, follow) =>
      profile.isFollowing === follow
        ? null
        : {
            ...profile,
            isFollowing: follow,
            followerCount: Math.max(0, profile.followerCount + (follow ? 1 : -1)),
          },
    confirm: (state, queryClient) =>
      queryClient.setQueryData<PublicProfile>(key, (old) =>
        old ? { ...old, isFollowing: state.following, followerCount: state.followerCount } : old,
      ),
    onRefused: (error, follow) =>
      toast({
        variant: 'error',
        title: follow ? t('follow.followFailed') : t('follow.unfollowFailed'),
        description: apiErrorText(t, error),
      }),
    onSettled: (queryClient) => {
      // Lists and the viewer's own "Following" count changed too.
      void queryClient.invalidateQueries({ queryKey: userKeys.follows(userId, 'followers') });
      void queryClient.invalidateQueries({ queryKey: userKeys.me() });
      void queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[1] === 'follows' && q.queryKey[3] === 'following',
      });
    },
  });
}
