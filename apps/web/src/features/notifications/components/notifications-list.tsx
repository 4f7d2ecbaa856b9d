import type { Notification } from '@otakura/shared';
import { BellOff, CheckCheck, CircleAlert, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useNotificationsQuery } from '../api/get-notifications';
import type { NotificationFilter } from '../api/notification-keys';
import { useMarkReadMutation } from '../api/mark-read';
import { NotificationItem } from './notification-item';
import './notifications.css';

function ListSkeleton() {
  const { t } = useTranslation('notifications');
  return (
    <div role="status" aria-busy="true">
      <span className="visually-hidden">{t('loading')}</span>
      <ul className="notifications__list" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((i) => (
          <li key={i} className="notification notification--skeleton">
            <Skeleton shape="circle" width={40} height={40} />
            <span className="notification__body">
              <Skeleton shape="text" width={`${70 - i * 7}%`} />
              <Skeleton shape="text" width="40%" height={10} />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export interface NotificationsListProps {
  filter: NotificationFilter;
}

/**
 * The user's notifications (all, or only the unread ones), newest activity first, a page at a
 * time; opening one marks it read. Skeletons while loading, an empty state, an error with retry.
 */
export function NotificationsList({ filter }: NotificationsListProps) {
  const { t } = useTranslation('notifications');
  const query = useNotificationsQuery(filter);
  const markRead = useMarkReadMutation();

  if (query.isPending) return <ListSkeleton />;
  if (query.isError && !query.data) {
    return (
      <EmptyState
        icon={<CircleAlert />}
        title={t('loadError')}
        action={
          <Button variant="secondary" onClick={() => void query.refetch()}>
            <RotateCw aria-hidden="true" size={16} />
            {t('retry')}
          </Button>
        }
      />
    );
  }

  const items = query.data.pages.flatMap((p) => p.items);
  if (items.length === 0) {
    return (
      <EmptyState
        icon={filter === 'unread' ? <CheckCheck /> : <BellOff />}
        title={t(`empty.${filter}.title`)}
        description={t(`empty.${filter}.description`)}
      />
    );
  }

  const open = (n: Notification) => {
    if (!n.read) markRead.mutate({ ids: [n.id] });
  };

  return (
    <>
      <ul className="notifications__list">
        {items.map((n) => (
          <li key={n.id}>
            <NotificationItem notification={n} onOpen={open} />
          </li>
        ))}
      </ul>
      {query.hasNextPage || query.isFetchNextPageError ? (
        <div className="notifications__more">
          <Button
            variant="secondary"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchNextPageError ? t('retry') : t('loadMore')}
          </Button>
        </div>
      ) : null}
    </>
  );
}
