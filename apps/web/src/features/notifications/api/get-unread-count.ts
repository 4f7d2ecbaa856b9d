import { UnreadCountSchema, type UnreadCount } from '@otakura/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys } from './notification-keys';

/** `GET /notifications/unread-count`: the bell's badge. */
export function getUnreadCount(signal?: AbortSignal): Promise<UnreadCount> {
  return api.get('/notifications/unread-count', { schema: UnreadCountSchema, signal });
}

export function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.unreadCount(),
    queryFn: ({ signal }) => getUnreadCount(signal),
    // Live events keep it exact; a focus refetch covers a socket that was away.
    staleTime: 60_000,
  });
}

/** The badge count while signed in (`enabled` false: nothing is asked). */
export function useUnreadCountQuery(enabled: boolean) {
  return useQuery({ ...unreadCountQueryOptions(), enabled });
}
