import { ShopItemSchema, type ShopItem } from '@otakura/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { shopKeys } from './shop-keys';

/** `GET /shop/items/:itemId`: the item page (404 `shop_item_not_found`). */
export function getShopItem(itemId: string, signal?: AbortSignal): Promise<ShopItem> {
  return api.get(`/shop/items/${encodeURIComponent(itemId)}`, { schema: ShopItemSchema, signal });
}

export function shopItemQueryOptions(itemId: string) {
  return queryOptions({
    queryKey: shopKeys.detail(itemId),
    queryFn: ({ signal }) => getShopItem(itemId, signal),
  });
}

export function useShopItemQuery(itemId: string) {
  return useQuery(shopItemQueryOptions(itemId));
}
