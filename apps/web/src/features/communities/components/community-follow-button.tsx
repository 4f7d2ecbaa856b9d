import type { Community } from '@otakura/shared';
import { UserRoundCheck, UserRoundPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useFollowCommunityMutation } from '../api/follow-community';

/** Spec §4: Follow when the user is not among the members, otherwise Unfollow. */
export function CommunityFollowButton({
  community,
  onChanged,
}: {
  community: Community;
  onChanged?: () => void;
}) {
  const { t } = useTranslation('communities');
  const follow = useFollowCommunityMutation(community.id, onChanged);
  const member = community.isMember;
  return (
    <Button
      variant={member ? 'secondary' : 'primary'}
      className="community-follow"
      aria-label={
        member
          ? t('follow.unfollowLabel', { name: community.name })
          : t('follow.followLabel', { name: community.name })
      }
      aria-busy={follow.isPending || undefined}
      onClick={() => {
        // One request at a time: a second click waits for the first answer.
        if (!follow.isPending) follow.mutate(!member);
      }}
    >
      {member ? (
        <UserRoundCheck aria-hidden="true" className="community-follow__icon" />
      ) : (
        <UserRoundPlus aria-hidden="true" className="community-follow__icon" />
      )}
      {member ? t('follow.unfollow') : t('follow.follow')}
    </Button>
  );
}
