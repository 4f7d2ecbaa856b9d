import { MembershipStateSchema, type Community, type MembershipState } from '@otakura/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/ui/toast';
import { api } from '@/lib/api-client';
import { communityKeys } from './community-keys';
import { apiErrorText } from '@/lib/api-error-text';
import { applyMembership } from '../utils/community-cache';

/** `PUT` (follow) or `DELETE` (unfollow) `/communities/:id/membership`; both idempotent. */
export function setMembership(communityId: string, follow: boolean): Promise<MembershipState> {
  const path = `/communities/${encodeURIComponent(communityId)}/membership`;
  return follow
    ? api.put(path, { schema: MembershipStateSchema })
    : api.delete(path, { schema: MembershipStateSchema });
}

interface FollowContext {
  previous: Community | undefined;
}

/**
 * Follow or unfollow a community. Optimistic: the button and the Members count change at once
 * and go back (with a toast) when the server refuses; the server's count wins when it answers.
 * `onChanged` runs after a successful change (the app refreshes the Following feed).
 */
export function useFollowCommunityMutation(communityId: string, onChanged?: () => void) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const { t } = useTranslation('communities');
  const key = communityKeys.detail(communityId);

  return useMutation<MembershipState, unknown, boolean, FollowContext>({
    mutationKey: [...key, 'membership'],
    mutationFn: (follow) => setMembership(communityId, follow),
    onMutate: async (follow) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Community>(key);
      if (previous && previous.isMember !== follow) {
        queryClient.setQueryData<Community>(key, {
          ...previous,
          isMember: follow,
          memberCount: Math.max(0, previous.memberCount + (follow ? 1 : -1)),
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
      applyMembership(queryClient, communityId, state);
      onChanged?.();
    },
  });
}
