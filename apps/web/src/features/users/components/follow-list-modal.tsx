import { Users } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Modal } from '@/components/ui/modal';
import { Skeleton } from '@/components/ui/skeleton';
import { useFollowsQuery } from '../api/get-follows';
import type { FollowSide } from '../api/user-keys';
import { apiErrorText } from '@/lib/api-error-text';
import './follow-list-modal.css';

export interface FollowListModalProps {
  userId: string;
  side: FollowSide | null;
  onClose: () => void;
  /** The viewer's own lists get a friendlier empty state with the next step. */
  own?: boolean;
}

/** Followers or Following of a user, in a modal (a sheet on phones), more pages as you scroll. */
export function FollowListModal({ userId, side, onClose, own }: FollowListModalProps) {
  const { t } = useTranslation('users');
  return (
    <Modal
      open={side !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={side === 'following' ? t('profile.following') : t('profile.followers')}
      closeLabel={t('upload.close')}
      size="sm"
      className="follow-list-modal"
    >
      {side ? <FollowList userId={userId} side={side} onNavigate={onClose} own={own} /> : null}
    </Modal>
  );
}

function FollowList({
  userId,
  side,
  onNavigate,
  own,
}: {
  userId: string;
  side: FollowSide;
  onNavigate: () => void;
  own?: boolean;
}) {
  const { t } = useTranslation('users');
  const query = useFollowsQuery(userId, side);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    io.observe(el);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isPending) {
    return (
      <div role="status" className="follow-list">
        <span className="visually-hidden">{t('profile.loading')}</span>
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="follow-list__row follow-list__row--skeleton">
            <Skeleton shape="circle" width={40} height={40} />
            <div className="follow-list__names">
              <Skeleton shape="text" width="50%" />
              <Skeleton shape="text" width="30%" />
            </div>
          </div>
        ))}
      </div>
    );
  }

  if (query.isError) {
    return (
      <div className="follow-list__error" role="alert">
        <p>{t('followList.error')}</p>
        <p className="follow-list__error-detail">{apiErrorText(t, query.error)}</p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          {t('followList.retry')}
        </Button>
      </div>
    );
  }

  const people = query.data.pages.flatMap((p) => p.items);
  if (people.length === 0) {
    const key =
      side === 'followers'
        ? own
          ? 'followList.emptyFollowersOwn'
          : 'followList.emptyFollowers'
        : own
          ? 'followList.emptyFollowingOwn'
          : 'followList.emptyFollowing';
    return <EmptyState icon={<Users />} title={t(key)} headingLevel={3} />;
  }

  return (
    <>
      <ul className="follow-list">
        {people.map((p) => (
          <li key={p.id}>
            <Link to={`/user/${p.id}`} className="follow-list__row" onClick={onNavigate}>
              <Avatar src={p.avatarUrl} name={p.name || p.username} size={40} decorative />
              <span className="follow-list__names">
                <span className="follow-list__name">{p.name || p.username}</span>
                <span className="follow-list__username">@{p.username}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {hasNextPage ? (
        <div ref={sentinel} className="follow-list__more">
          <Button
            variant="ghost"
            size="sm"
            loading={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            {t('followList.loadMore')}
          </Button>
        </div>
      ) : null}
    </>
  );
}
