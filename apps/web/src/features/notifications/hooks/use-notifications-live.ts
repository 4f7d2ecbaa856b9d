import { liveTopics } from '@otakura/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '@/lib/live/use-live-event';
import { useLiveTopics } from '@/lib/live/use-live-topics';
import { notificationKeys } from '../api/notification-keys';
import { markReadInCache, prependNotification, setUnreadCount } from '../utils/notification-cache';

/**
 * The signed-in user's notifications live (mounted by the bell, so on every page): watches the
 * private `user:{id}` topic. `notification.created` sets the badge to the server's count and puts
 * the notification first in the loaded lists; `notification.read` (another tab or device) sets
 * the badge, and marks everything read when it is 0, else reads the lists again. After a
 * reconnect everything is read again, so nothing missed meanwhile stays wrong.
 */
export function useNotificationsLive(viewerId: string | null): void {
  const queryClient = useQueryClient();

  useLiveTopics([viewerId && liveTopics.user(viewerId)], {
    onSubscribed: (_topic, { again }) => {
      if (again) void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });

  useLiveEvent('notification.created', (event) => {
    if (!viewerId || event.topic !== liveTopics.user(viewerId)) return;
    setUnreadCount(queryClient, event.unread);
    prependNotification(queryClient, event.notification);
  });

  useLiveEvent('notification.read', (event) => {
    if (!viewerId || event.topic !== liveTopics.user(viewerId)) return;
    if (event.unread === 0) markReadInCache(queryClient, 'all');
    else void queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
    setUnreadCount(queryClient, event.unread);
  });
}
