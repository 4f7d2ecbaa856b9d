import { FollowStateSchema, type FollowState, type PublicProfile } from '@otakura/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/ui/toast';
import { api } from '@/lib/api-client';
import { userKeys } from './user-keys';
import { apiErrorText } from '@/lib/api-error-text';

/** `PUT` (follow) or `DELETE` (unfollow) `/users/:id/follow`; both idempotent. */
export function setFollowing(userId: string, follow: boolean): Promise<FollowState> {
  const path = `/users/${encodeURIComponent(userId)}/follow`;
  return follow
    ? api.put(path, { schema: FollowStateSchema })
    : api.delete(path, { schema: FollowStateSchema });
}

interface FollowContext {
  previous: PublicProfile | undefined;
}

/**
 * Follow or unfollow a user. Optimistic: the button and the follower count change at once and
 * go back (with a toast) when the server refuses; the server's count wins when it answers.
 */
export function useFollowMutation(userId: string) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const { t } = useTranslation('users');
  const key = userKeys.detail(userId);

  return useMutation<FollowState, unknown, boolean, FollowContext>({
    mutationKey: [...key, 'follow'],
    mutationFn: (follow) => setFollowing(userId, follow),
    onMutate: async (follow) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<PublicProfile>(key);
      if (previous && previous.isFollowing !== follow) {
        queryClient.setQueryData<PublicProfile>(key, {
          ...previous,
          isFollowing: follow,
          followerCount: Math.max(0, previous.followerCount + (follow ? 1 : -1)),
        });
      }
      return { previous };
    },
    onError: (error, follow, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast({
        variant: 'error',
        title: follow ? t('follow.followFailed') : t('follow.unfollowFailed'),
        description: apiErrorText(t, error),
      });
    },
    onSuccess: (state) => {
      queryClient.setQueryData<PublicProfile>(key, (old) =>
        old ? { ...old, isFollowing: state.following, followerCount: state.followerCount } : old,
      );
    },
    onSettled: () => {
      // Lists and the viewer's own "Following" count changed too.
      void queryClient.invalidateQueries({ queryKey: userKeys.follows(userId, 'followers') });
      void queryClient.invalidateQueries({ queryKey: userKeys.me() });
      void queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[1] === 'follows' && q.queryKey[3] === 'following',
      });
    },
  });
}
