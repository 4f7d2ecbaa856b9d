import { OrderPageSchema, type OrderPage } from '@otakura/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { orderKeys } from './order-keys';

export const ORDERS_PAGE_SIZE = 20;

/** `GET /orders?cursor=&limit=`: the buyer's orders, newest first (keyset). */
export function getOrders(cursor: string | undefined, signal?: AbortSignal): Promise<OrderPage> {
  return api.get('/orders', {
    query: { cursor, limit: ORDERS_PAGE_SIZE },
    schema: OrderPageSchema,
    signal,
  });
}

export function ordersQueryOptions() {
  return infiniteQueryOptions({
    queryKey: orderKeys.list(),
    queryFn: ({ pageParam, signal }) => getOrders(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useOrdersQuery() {
  return useInfiniteQuery(ordersQueryOptions());
}
