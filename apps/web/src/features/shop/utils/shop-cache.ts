import type { ShopItem, ShopItemPage, ShopItemSummary } from '@otakura/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { shopKeys } from '../api/shop-keys';

/** The like state every cached copy of an item carries (item page and grid cards alike). */
export type ShopLikeFields = Pick<ShopItemSummary, 'likeCount' | 'likedByMe'>;

/**
 * Changes an item's like state everywhere it is cached: its page and its cards in the grids.
 * `update` sees the current state of each copy and answers the new one (or the same object).
 */
export function updateShopLikes(
  queryClient: QueryClient,
  itemId: string,
  update: (item: ShopLikeFields) => ShopLikeFields,
): void {
  const apply = <T extends ShopLikeFields>(item: T): T => {
    const next = update(item);
    return next === item ? item : { ...item, ...next };
  };
  queryClient.setQueryData<ShopItem>(shopKeys.detail(itemId), (item) =>
    item ? apply(item) : item,
  );
  queryClient.setQueriesData<InfiniteData<ShopItemPage>>(
    { queryKey: shopKeys.lists() },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.map((i) => (i.id === itemId ? apply(i) : i)),
        })),
      },
  );
}
