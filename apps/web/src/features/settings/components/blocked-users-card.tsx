import { Ban, UserX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/i18n';
import { useBlockedUsersQuery } from '../api/get-blocked-users';
import { useUnblockMutation } from '../api/set-blocked';
import { SettingsCard } from './settings-card';
import './settings.css';

/** The users the viewer blocked, newest first, each with Unblock (used on /content and /safety-privacy). */
export function BlockedUsersCard() {
  const { t } = useTranslation('settings');
  return (
    <SettingsCard icon={<Ban />} title={t('blocked.title')} description={t('blocked.description')}>
      <BlockedUsersList />
    </SettingsCard>
  );
}

function BlockedUsersList() {
  const { t } = useTranslation('settings');
  const query = useBlockedUsersQuery();
  const unblock = useUnblockMutation();

  if (query.isPending) {
    return (
      <ul className="blocked-list" role="status" aria-label={t('loading', { ns: 'common' })}>
        {[0, 1].map((i) => (
          <li key={i} className="blocked-list__item">
            <Skeleton shape="circle" width={40} height={40} />
            <div className="blocked-list__who">
              <Skeleton shape="text" width="40%" />
              <Skeleton shape="text" width="25%" />
            </div>
          </li>
        ))}
      </ul>
    );
  }
  if (query.isError) {
    return (
      <div className="settings-error" role="alert">
        <p>{t('blocked.loadFailed')}</p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          {t('errors.retry')}
        </Button>
      </div>
    );
  }

  const users = query.data.pages.flatMap((p) => p.items);
  if (users.length === 0) {
    return (
      <EmptyState
        className="settings-empty"
        headingLevel={3}
        icon={<UserX />}
        title={t('blocked.emptyTitle')}
        description={t('blocked.emptyDescription')}
      />
    );
  }

  return (
    <>
      <ul className="blocked-list">
        {users.map((u) => (
          <li key={u.id} className="blocked-list__item">
            <Avatar src={u.avatarUrl} name={u.name || u.username} size={40} decorative />
            <div className="blocked-list__who">
              <Link to={`/user/${encodeURIComponent(u.id)}`} className="blocked-list__name">
                {u.name || u.username}
              </Link>
              <span className="blocked-list__meta">
                @{u.username} · {t('blocked.since', { date: formatDate(u.blockedAt) })}
              </span>
            </div>
            <Button
              variant="secondary"
              size="sm"
              className="blocked-list__unblock"
              aria-label={t('blocked.unblockNamed', { username: u.username })}
              onClick={() => unblock.mutate({ userId: u.id, username: u.username })}
            >
              {t('blocked.unblock')}
            </Button>
          </li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <Button
          variant="ghost"
          block
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('blocked.more')}
        </Button>
      ) : null}
    </>
  );
}
