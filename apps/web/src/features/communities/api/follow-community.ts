import { MembershipStateSchema, type Community, type MembershipState } from '@otakura/shared';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/ui/toast';
import { api } from '@/lib/api-client';
import { useOptimisticToggle } from '@/lib/optimistic-toggle';
import { communityKeys } from './community-keys';
import { applyMembership } from '../utils/community-cache';

/** `PUT` (follow) or `DELETE` (unfollow) `/communities/:id/membership`; both idempotent. */
export function setMembership(communityId: string, follow: boolean): Promise<MembershipState> {
  const path = `/communities/${encodeURIComponent(communityId)}/membership`;
  return follow
    ? api.put(path, { schema: MembershipStateSchema })
    : api.delete(path, { schema: MembershipStateSchema });
}

/**
 * Follow or unfollow a community. Optimistic: the button and the Members count change at once
 * and go back (with a toast) when the server refuses; the server's count wins when it answers.
 * `onChanged` runs after a successful change (the app refreshes the Following feed).
 */
export function useFollowCommunityMutation(communityId: string, onChanged?: () => void) {
  const { toast } = useToast();
  const { t } = useTranslation('communities');

  return useOptimisticToggle<Community, MembershipState>({
    queryKey: communityKeys.detail(communityId),
    name: 'membership',
    send: (follow) => setMembership(communityId, follow),
    predict: (community, follow) =>
      community.isMember === follow
        ? null
        : {
            ...community,
            isMember: follow,
            memberCount: Math.max(0, community.memberCount + (follow ? 1 : -1)),
          },
    confirm: (state, queryClient) => {
      applyMembership(queryClient, communityId, state);
      onChanged?.();
    },
    // The error words (with the shared registry of codes) are fetched when a refusal needs them:
    // Follow buttons are on the feed's first load, refusals are rare.
    onRefused: (error, follow) =>
      void import('@/lib/api-error-text').then(({ apiErrorText }) =>
        toast({
          variant: 'error',
          title: follow ? t('follow.followFailed') : t('follow.unfollowFailed'),
          description: apiErrorText(t, error),
        }),
      ),
  });
}
