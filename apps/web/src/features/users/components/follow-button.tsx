import type { PublicProfile } from '@otakura/shared';
import { UserRoundCheck, UserRoundPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useFollowMutation } from '../api/follow-user';
import './follow-button.css';

/**
 * Follow / Unfollow another user (DESIGN.md: it really follows; counts update at once and
 * roll back if the server refuses).
 */
export function FollowButton({ profile }: { profile: PublicProfile }) {
  const { t } = useTranslation('users');
  const follow = useFollowMutation(profile.id);
  const following = profile.isFollowing;

  return (
    <Button
      variant={following ? 'secondary' : 'primary'}
      className="follow-button"
      aria-label={
        following
          ? t('follow.unfollowLabel', { username: profile.username })
          : t('follow.followLabel', { username: profile.username })
      }
      aria-busy={follow.isPending || undefined}
      onClick={() => {
        // One request at a time: a second click waits for the first answer.
        if (!follow.isPending) follow.mutate(!following);
      }}
    >
      {following ? (
        <UserRoundCheck aria-hidden="true" className="follow-button__icon" />
      ) : (
        <UserRoundPlus aria-hidden="true" className="follow-button__icon" />
      )}
      {following ? t('follow.unfollow') : t('follow.follow')}
    </Button>
  );
}
