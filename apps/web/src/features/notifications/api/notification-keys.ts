/** The notification lists' filter: every notification, or only the unread ones. */
export type NotificationFilter = 'all' | 'unread';

/** Query keys of the notifications domain, one factory so live patches cannot drift from the queries. */
export const notificationKeys = {
  all: ['notifications'] as const,
  /** `GET /notifications?unread=` (infinite pages, newest activity first). */
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (filter: NotificationFilter) => [...notificationKeys.lists(), filter] as const,
  /** `GET /notifications/unread-count` (the bell's badge). */
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
};
