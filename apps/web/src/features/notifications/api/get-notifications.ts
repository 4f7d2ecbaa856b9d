import { NotificationPageSchema, type NotificationPage } from '@otakura/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys, type NotificationFilter } from './notification-keys';

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** `GET /notifications?cursor=&limit=&unread=`: newest activity first (keyset). */
export function getNotifications(
  filter: NotificationFilter,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<NotificationPage> {
  return api.get('/notifications', {
    query: {
      cursor,
      limit: NOTIFICATIONS_PAGE_SIZE,
      unread: filter === 'unread' ? 'true' : undefined,
    },
    schema: NotificationPageSchema,
    signal,
  });
}

export function notificationsQueryOptions(filter: NotificationFilter) {
  return infiniteQueryOptions({
    queryKey: notificationKeys.list(filter),
    queryFn: ({ pageParam, signal }) => getNotifications(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useNotificationsQuery(filter: NotificationFilter) {
  return useInfiniteQuery(notificationsQueryOptions(filter));
}
