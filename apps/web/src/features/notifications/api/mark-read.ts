import { UnreadCountSchema, type MarkReadInput, type UnreadCount } from '@otakura/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { markReadInCache, setUnreadCount } from '../utils/notification-cache';
import { notificationKeys } from './notification-keys';

/** `POST /notifications/read` with `{ ids }` or `{ all: true }`: answers the new unread count. */
export function markNotificationsRead(input: MarkReadInput): Promise<UnreadCount> {
  return api.post('/notifications/read', { body: input, schema: UnreadCountSchema });
}

/**
 * Marks notifications read at once on screen (the dot goes, the badge drops), then takes the
 * server's count; on failure the lists and the count are read again.
 */
export function useMarkReadMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.all });
      markReadInCache(queryClient, 'all' in input ? 'all' : input.ids);
    },
    onSuccess: (count) => setUnreadCount(queryClient, count.unread),
    onError: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
