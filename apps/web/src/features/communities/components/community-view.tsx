import type { Community } from '@otakura/shared';
import { CircleAlert, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '@/components/page/page';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCompact } from '@/lib/format';
import { isApiError } from '@/lib/api-client';
import { useCommunityQuery } from '../api/get-community';
import { apiErrorText } from '@/lib/api-error-text';
import { CommunityFollowButton } from './community-follow-button';
import './community-view.css';

export interface CommunityViewProps {
  communityId: string;
  /** The community's posts under its header (composed by the page from the posts feature). */
  renderPosts?: (community: Community) => ReactNode;
  /** The community's merch shelf above its posts (composed by the page from the shop feature). */
  renderMerch?: (community: Community) => ReactNode;
  /** Following changed (the app refreshes the Following feed). */
  onMembershipChanged?: () => void;
}

/** The header at its final sizes, so nothing jumps when the community arrives. */
export function CommunitySkeleton() {
  const { t } = useTranslation('communities');
  return (
    <div className="community community--skeleton" role="status">
      <p className="community__loading">{t('loading')}</p>
      <div className="community__head" aria-hidden="true">
        <Skeleton shape="circle" width={112} height={112} className="community__image" />
        <div className="community__identity">
          <Skeleton shape="text" width={220} height={30} />
          <Skeleton shape="text" width={160} />
        </div>
      </div>
      <div className="community__about" aria-hidden="true">
        <Skeleton shape="text" width="85%" />
        <Skeleton shape="text" width="60%" />
      </div>
    </div>
  );
}

export function CommunityNotFound() {
  const { t } = useTranslation('communities');
  useDocumentTitle(t('notFound.title'));
  return (
    <EmptyState
      icon={<UsersRound />}
      title={t('notFound.title')}
      description={t('notFound.description')}
      headingLevel={1}
      action={
        <Button asChild variant="secondary">
          <Link to="/search">{t('notFound.action')}</Link>
        </Button>
      }
    />
  );
}

function CommunityLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('communities');
  return (
    <EmptyState
      icon={<CircleAlert />}
      title={t('loadError')}
      description={apiErrorText(t, error)}
      headingLevel={1}
      action={<Button onClick={onRetry}>{t('retry')}</Button>}
    />
  );
}

function CommunityHeader({
  community,
  onMembershipChanged,
}: {
  community: Community;
  onMembershipChanged?: () => void;
}) {
  const { t } = useTranslation('communities');
  useDocumentTitle(community.name);
  return (
    <>
      <div className="community__head">
        <Avatar
          src={community.imageUrl ?? community.thumbnailUrl}
          name={community.name}
          size={128}
          className="community__image"
        />
        <div className="community__identity">
          <h1 className="community__name">{community.name}</h1>
          <ul className="community__counts" aria-label={t('countsLabel')}>
            <li>
              <span className="community__count tabular-nums">
                {formatCompact(community.postCount)}
              </span>{' '}
              <span className="community__count-label">{t('posts')}</span>
            </li>
            <li>
              <span className="community__count tabular-nums" data-testid="member-count">
                {formatCompact(community.memberCount)}
              </span>{' '}
              <span className="community__count-label">{t('membersLabel')}</span>
            </li>
          </ul>
        </div>
        <div className="community__actions">
          <CommunityFollowButton community={community} onChanged={onMembershipChanged} />
        </div>
      </div>
      <section className="community__about" aria-labelledby="community-about">
        <h2 id="community-about" className="community__section-title">
          {t('about')}
        </h2>
        <p className={community.about ? undefined : 'community__about-empty'}>
          {community.about || t('noAbout')}
        </p>
      </section>
    </>
  );
}

/** /community/:id: image, name, Posts and Members counts, About, Follow/Unfollow, posts (spec §2). */
export function CommunityView({
  communityId,
  renderPosts,
  renderMerch,
  onMembershipChanged,
}: CommunityViewProps) {
  const { t } = useTranslation('communities');
  const query = useCommunityQuery(communityId);
  if (query.isPending) return <CommunitySkeleton />;
  if (query.isError) {
    if (isApiError(query.error) && (query.error.status === 404 || query.error.status === 400))
      return <CommunityNotFound />;
    return <CommunityLoadError error={query.error} onRetry={() => void query.refetch()} />;
  }
  const community = query.data;
  return (
    <div className="community">
      <CommunityHeader community={community} onMembershipChanged={onMembershipChanged} />
      {renderMerch?.(community)}
      <section className="community__posts" aria-labelledby="community-posts">
        <h2 id="community-posts" className="community__section-title">
          {t('posts')}
        </h2>
        {renderPosts?.(community)}
      </section>
    </div>
  );
}
