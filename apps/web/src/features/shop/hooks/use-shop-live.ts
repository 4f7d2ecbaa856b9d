import { liveTopics } from '@otakura/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '@/lib/live/use-live-event';
import { useLiveTopics } from '@/lib/live/use-live-topics';
import { shopKeys } from '../api/shop-keys';
import { updateShopLikes } from '../utils/shop-cache';

/**
 * Live likes of a shop item on screen: watches `shop:{id}` and writes the absolute count of
 * others' `shop.liked` into the item page and the grid cards (ours is already shown,
 * optimistically). When a reconnect confirms the topic again, the item is read again.
 */
export function useShopLive(itemId: string | null | undefined, viewerId: string | null): void {
  const queryClient = useQueryClient();

  useLiveTopics([itemId && liveTopics.shop(itemId)], {
    onSubscribed: (_topic, { again }) => {
      // The first confirmation follows the fetch that put the item on screen.
      if (!again || !itemId) return;
      void queryClient.invalidateQueries(
        { queryKey: shopKeys.detail(itemId), exact: true },
        { cancelRefetch: false },
      );
    },
  });

  useLiveEvent('shop.liked', (event) => {
    if (event.itemId !== itemId || event.actorId === viewerId) return;
    updateShopLikes(queryClient, event.itemId, (i) => ({ ...i, likeCount: event.likeCount }));
  });
}
