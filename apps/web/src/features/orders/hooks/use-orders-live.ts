import { liveTopics } from '@otakura/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '@/lib/live/use-live-event';
import { useLiveTopics } from '@/lib/live/use-live-topics';
import { orderKeys } from '../api/order-keys';

/**
 * The buyer's orders live: watches their private `user:{id}` topic and, on `order.updated`
 * (paid, cancelled, refunded), reads the orders on screen again (the success page's order and
 * the purchases list). After a reconnect the same, so a change missed meanwhile shows.
 */
export function useOrdersLive(viewerId: string | null): void {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: orderKeys.all });

  useLiveTopics([viewerId && liveTopics.user(viewerId)], {
    onSubscribed: (_topic, { again }) => {
      if (again) refresh();
    },
  });

  useLiveEvent('order.updated', () => refresh());
}
