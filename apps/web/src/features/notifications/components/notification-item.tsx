import type { Notification } from '@otakura/shared';
import clsx from 'clsx';
import { Flag, Package, ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { formatFeedElapsed } from '@/lib/elapsed';
import { formatDate } from '@/lib/i18n';
import { useNow } from '@/lib/use-now';
import { NotificationSentence, notificationExcerpt } from '../utils/notification-sentence';

function SystemIcon({ notification: n }: { notification: Notification }) {
  const icon =
    n.type === 'order' ? (
      <Package />
    ) : n.subtype === 'report_actioned' || n.subtype === 'report_dismissed' ? (
      <Flag />
    ) : (
      <ShieldAlert />
    );
  return (
    <span className={clsx('notification__system', `notification__system--${n.type}`)}>{icon}</span>
  );
}

/** The newest people first, at most three overlapping avatars (the sentence names them). */
function ActorStack({ notification: n }: { notification: Notification }) {
  if (n.actors.length === 0) return <SystemIcon notification={n} />;
  const shown = n.actors.slice(0, 3);
  return (
    <span className={clsx('notification__avatars', `notification__avatars--${shown.length}`)}>
      {shown.map((actor) => (
        <Avatar
          key={actor.id}
          src={actor.avatarUrl}
          name={actor.name || actor.username}
          size={shown.length > 1 ? 32 : 40}
          decorative
          className="notification__avatar"
        />
      ))}
    </span>
  );
}

export interface NotificationItemProps {
  notification: Notification;
  /** Opened (a plain click, a middle click or Enter): mark it read. */
  onOpen: (notification: Notification) => void;
}

/**
 * One notification: the people's avatars (or an icon), the sentence, the excerpt, the time and,
 * while unread, a dot (with the word for screen readers). The whole row links to `link`.
 */
export function NotificationItem({ notification: n, onOpen }: NotificationItemProps) {
  const { t } = useTranslation('notifications');
  const now = useNow();
  const excerpt = notificationExcerpt(n);
  return (
    <Link
      to={n.link}
      className={clsx('notification', !n.read && 'notification--unread')}
      onClick={() => onOpen(n)}
      onAuxClick={(event) => {
        if (event.button === 1) onOpen(n);
      }}
      data-notification-id={n.id}
    >
      <span className="notification__media" aria-hidden="true">
        <ActorStack notification={n} />
      </span>
      <span className="notification__body">
        <span className="notification__sentence">
          <NotificationSentence notification={n} />
        </span>
        {excerpt ? <span className="notification__excerpt">{excerpt}</span> : null}
        <time
          className="notification__time"
          dateTime={n.updatedAt}
          title={formatDate(n.updatedAt, { dateStyle: 'medium', timeStyle: 'short' })}
        >
          {formatFeedElapsed(n.updatedAt, now)}
        </time>
      </span>
      {n.read ? null : (
        <span className="notification__dot">
          <span className="visually-hidden">{t('unreadDot')}</span>
        </span>
      )}
    </Link>
  );
}
