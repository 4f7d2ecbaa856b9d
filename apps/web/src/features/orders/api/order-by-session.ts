import { OrderSchema, type Order } from '@otakura/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { orderKeys } from './order-keys';

/** While an order is pending, the success page asks again this often (the live event may be missed). */
export const PENDING_REFETCH_MS = 4000;

/** `GET /orders/by-session/:sessionId`: the order of a checkout session; fulfils it when paid. */
export function getOrderBySession(sessionId: string, signal?: AbortSignal): Promise<Order> {
  return api.get(`/orders/by-session/${encodeURIComponent(sessionId)}`, {
    schema: OrderSchema,
    signal,
  });
}

export function orderBySessionQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: orderKeys.bySession(sessionId),
    queryFn: ({ signal }) => getOrderBySession(sessionId, signal),
    // Someone else's (or an unknown) session is a 404: asking again changes nothing.
    retry: (count, error) => !isApiError(error, 'order_not_found') && count < 2,
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' ? PENDING_REFETCH_MS : false,
  });
}

/** The success page's order; a gentle refetch while it is still pending. */
export function useOrderBySessionQuery(sessionId: string) {
  return useQuery({ ...orderBySessionQueryOptions(sessionId), enabled: sessionId !== '' });
}

/** `POST /orders/by-session/:sessionId/cancel`: a pending order cancelled, its hold released. */
export function cancelOrderBySession(sessionId: string): Promise<Order> {
  return api.post(`/orders/by-session/${encodeURIComponent(sessionId)}/cancel`, {
    schema: OrderSchema,
  });
}

export function useCancelOrderBySession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrderBySession,
    onSuccess: (order, sessionId) => {
      queryClient.setQueryData(orderKeys.bySession(sessionId), order);
      void queryClient.invalidateQueries({ queryKey: orderKeys.list() });
    },
  });
}
