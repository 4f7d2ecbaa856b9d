import type { CommunityPage } from '@otakura/shared';
import { UserRoundCheck, UserRoundPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCompact } from '@/lib/format';
import { useFollowCommunityMutation } from '../api/follow-community';
import { SUGGESTED_COUNT, useSuggestedCommunitiesQuery } from '../api/get-suggested-communities';
import './suggested-communities.css';

type Suggestion = CommunityPage['items'][number];

function SuggestionRow({
  community,
  onFollowChange,
}: {
  community: Suggestion;
  onFollowChange?: () => void;
}) {
  const { t } = useTranslation('communities');
  // Optimistic: the button and the count change at once; a refusal puts them back (and toasts).
  const [following, setFollowing] = useState(community.isMember);
  const follow = useFollowCommunityMutation(community.id, onFollowChange);
  const count = community.memberCount + (following === community.isMember ? 0 : following ? 1 : -1);

  return (
    <li className="suggested__item">
      <Avatar
        src={community.thumbnailUrl ?? community.imageUrl}
        name={community.name}
        size={48}
        decorative
      />
      <div className="suggested__text">
        <Link className="suggested__name" to={`/community/${community.id}`}>
          {community.name}
        </Link>
        <span className="suggested__members tabular-nums">
          {t('members', { n: formatCompact(Math.max(0, count)) })}
        </span>
      </div>
      <Button
        size="sm"
        variant={following ? 'secondary' : 'primary'}
        className="suggested__follow"
        aria-label={
          following
            ? t('follow.unfollowLabel', { name: community.name })
            : t('follow.followLabel', { name: community.name })
        }
        aria-busy={follow.isPending || undefined}
        onClick={() => {
          if (follow.isPending) return;
          const next = !following;
          setFollowing(next);
          follow.mutate(next, { onError: () => setFollowing(!next) });
        }}
      >
        {following ? (
          <UserRoundCheck aria-hidden="true" className="suggested__icon" />
        ) : (
          <UserRoundPlus aria-hidden="true" className="suggested__icon" />
        )}
        {following ? t('follow.unfollow') : t('follow.follow')}
      </Button>
    </li>
  );
}

export interface SuggestedCommunitiesProps {
  /** A follow or unfollow went through: the app refreshes the Following feed. */
  onFollowChange?: () => void;
  headingLevel?: 2 | 3;
}

/**
 * Communities to follow, for an empty Following feed: the most members first (never one the user
 * follows), each with its picture, name, '{n} Members' and a Follow button. Renders nothing when
 * there is nothing to suggest or the list could not be loaded (the feed's own empty state stays).
 */
export function SuggestedCommunities({
  onFollowChange,
  headingLevel = 2,
}: SuggestedCommunitiesProps) {
  const { t } = useTranslation('communities');
  const headingId = useId();
  const query = useSuggestedCommunitiesQuery();
  const Heading = headingLevel === 3 ? 'h3' : 'h2';

  if (query.isError || (query.isSuccess && query.data.items.length === 0)) return null;

  return (
    <section className="suggested" aria-labelledby={headingId}>
      <Heading id={headingId} className="suggested__title">
        {t('suggested.title')}
      </Heading>
      {query.isPending ? (
        <div role="status" className="suggested__list">
          <span className="visually-hidden">{t('loading')}</span>
          {Array.from({ length: SUGGESTED_COUNT }, (_, i) => (
            <div className="suggested__item" key={i} aria-hidden="true">
              <Skeleton shape="circle" width={48} height={48} />
              <div className="suggested__text">
                <Skeleton shape="text" width="70%" />
                <Skeleton shape="text" width="40%" height={12} />
              </div>
            </div>
          ))}
        </div>
      ) : (
        <ul className="suggested__list" aria-labelledby={headingId}>
          {query.data.items.map((community) => (
            <SuggestionRow
              key={community.id}
              community={community}
              onFollowChange={onFollowChange}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
