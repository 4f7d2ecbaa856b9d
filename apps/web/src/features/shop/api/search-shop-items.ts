import { ShopItemPageSchema, type ShopItemPage } from '@otakura/shared';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { shopKeys } from './shop-keys';

export const SHOP_PAGE_SIZE = 24;

/** `GET /shop/items?q=&cursor=&limit=`: newest first; `q` a case-insensitive substring of the name. */
export function searchShopItems(
  q: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ShopItemPage> {
  return api.get('/shop/items', {
    query: { q, cursor, limit: SHOP_PAGE_SIZE },
    schema: ShopItemPageSchema,
    signal,
  });
}

export function shopSearchQueryOptions(q: string) {
  const text = q.trim();
  return infiniteQueryOptions({
    queryKey: shopKeys.list(text),
    queryFn: ({ pageParam, signal }) => searchShopItems(text, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The shop grid; the previous text's results stay on screen while the next text loads. */
export function useShopSearchQuery(q: string) {
  return useInfiniteQuery({ ...shopSearchQueryOptions(q), placeholderData: keepPreviousData });
}
