import { SalePageSchema, type SalePage } from '@otakura/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { orderKeys } from './order-keys';

export const SALES_PAGE_SIZE = 20;

/** `GET /shop/sales?limit=`: the signed-in seller's sold lines of paid orders, newest first. */
export function getSales(signal?: AbortSignal): Promise<SalePage> {
  return api.get('/shop/sales', {
    query: { limit: SALES_PAGE_SIZE },
    schema: SalePageSchema,
    signal,
  });
}

export function salesQueryOptions() {
  return queryOptions({
    queryKey: [...orderKeys.all, 'sales'] as const,
    queryFn: ({ signal }) => getSales(signal),
  });
}

export function useSalesQuery() {
  return useQuery(salesQueryOptions());
}
