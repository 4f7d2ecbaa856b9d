import { Bell } from 'lucide-react';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useUnreadCountQuery } from '../api/get-unread-count';
import { useNotificationsLive } from '../hooks/use-notifications-live';
import './notification-bell.css';

/** The badge's text: the count, 99+ above 99. */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

export interface NotificationBellProps {
  /** The signed-in user (null: no bell). */
  viewerId: string | null;
  className?: string;
}

/**
 * The top bar's bell: a link to /notifications named "Notifications, 3 unread", with the unread
 * count as a badge (99+), kept live over the user's private topic on every page.
 */
export function NotificationBell({ viewerId, className }: NotificationBellProps) {
  const { t } = useTranslation('notifications');
  const count = useUnreadCountQuery(viewerId !== null).data?.unread ?? 0;
  useNotificationsLive(viewerId);
  if (!viewerId) return null;
  const label = count > 0 ? t('bell.labelUnread', { n: count }) : t('bell.label');
  return (
    <NavLink
      to="/notifications"
      aria-label={label}
      title={label}
      className={clsx('notification-bell', className)}
    >
      <Bell aria-hidden="true" />
      {count > 0 ? (
        <span className="notification-bell__badge" aria-hidden="true" data-testid="bell-badge">
          {badgeText(count)}
        </span>
      ) : null}
    </NavLink>
  );
}
