import { NotificationsView } from '@/features/notifications/components/notifications-view';

/**
 * /notifications: the signed-in user's notifications, newest first, with All / Unread and
 * "Mark all as read". The bell (top bar) keeps the list and its badge live.
 */
export default function NotificationsPage() {
  return <NotificationsView />;
}
