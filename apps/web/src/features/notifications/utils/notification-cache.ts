import type { Notification, NotificationPage } from '@otakura/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { notificationKeys, type NotificationFilter } from '../api/notification-keys';

type Pages = InfiniteData<NotificationPage, string | undefined>;

function updateList(
  queryClient: QueryClient,
  filter: NotificationFilter,
  update: (data: Pages) => Pages,
) {
  queryClient.setQueryData<Pages>(notificationKeys.list(filter), (data) =>
    data ? update(data) : data,
  );
}

/** The badge's count as the server said it (live events and mark-read answers). */
export function setUnreadCount(queryClient: QueryClient, unread: number) {
  queryClient.setQueryData(notificationKeys.unreadCount(), { unread });
}

/**
 * A new or grouped notification moved up: it leaves wherever it was and goes first in every
 * loaded list it belongs in (the unread list only while it is unread).
 */
export function prependNotification(queryClient: QueryClient, notification: Notification) {
  for (const filter of ['all', 'unread'] as const) {
    updateList(queryClient, filter, (data) => {
      const pages = data.pages.map((page) => ({
        ...page,
        items: page.items.filter((n) => n.id !== notification.id),
      }));
      if (filter === 'all' || !notification.read) {
        const [first, ...rest] = pages;
        if (first)
          return { ...data, pages: [{ ...first, items: [notification, ...first.items] }, ...rest] };
      }
      return { ...data, pages };
    });
  }
}

/**
 * Marks notifications read in the loaded lists (`all`: every one). The unread list keeps them
 * until it is read again, so nothing jumps from under the pointer.
 */
export function markReadInCache(queryClient: QueryClient, ids: readonly string[] | 'all') {
  const hit = (n: Notification) => ids === 'all' || ids.includes(n.id);
  // The ones that were unread on screen: the badge drops by exactly these.
  const wasUnread = new Set<string>();
  for (const filter of ['all', 'unread'] as const) {
    updateList(queryClient, filter, (data) => ({
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        items: page.items.map((n) => {
          if (!hit(n) || n.read) return n;
          wasUnread.add(n.id);
          return { ...n, read: true };
        }),
      })),
    }));
  }
  if (ids === 'all') setUnreadCount(queryClient, 0);
  else {
    const count = queryClient.getQueryData<{ unread: number }>(notificationKeys.unreadCount());
    if (count) setUnreadCount(queryClient, Math.max(0, count.unread - wasUnread.size));
  }
}
