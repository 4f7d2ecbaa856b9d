import {
  AdminOrderPageSchema,
  AdminOrderSchema,
  ModerationQueueCountSchema,
  type AdminOrder,
  type AdminOrderPage,
} from '@otakura/shared';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/** An order as the admin list shows it: the buyer's order with its buyer and `shippedAt`. */
export const AdminOrderRowSchema = AdminOrderSchema;
export type AdminOrderRow = AdminOrder;
export const AdminOrderRowPageSchema = AdminOrderPageSchema;
export type AdminOrderRowPage = AdminOrderPage;

export const ORDER_FILTERS = ['to_ship', 'shipped', 'all'] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

export const ADMIN_ORDER_PAGE_SIZE = 20;

/** `GET /admin/orders?filter=&cursor=`: every buyer's orders, newest first. */
export function listAdminOrders(
  filter: OrderFilter,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<AdminOrderRowPage> {
  return api.get('/admin/orders', {
    query: { filter, cursor, limit: ADMIN_ORDER_PAGE_SIZE },
    schema: AdminOrderRowPageSchema,
    signal,
  });
}

export function useAdminOrdersQuery(filter: OrderFilter) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: adminKeys.orderList(filter),
      queryFn: ({ pageParam, signal }) => listAdminOrders(filter, pageParam, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  );
}

/** `POST /admin/orders/:id/ship`: paid orders only (409 `order_not_paid`); the buyer is told. */
export function shipOrder(orderId: string): Promise<AdminOrderRow> {
  return api.post(`/admin/orders/${encodeURIComponent(orderId)}/ship`, {
    schema: AdminOrderRowSchema,
  });
}

/** An order can be marked shipped when it is paid and not shipped yet. */
export function canShip(order: Pick<AdminOrderRow, 'status' | 'shippedAt'>): boolean {
  return order.status === 'paid' && !order.shippedAt;
}

export function useShipOrderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSuccess: (shipped) => {
      // The row stays where it is with its Shipped badge; the lists refetch when next shown.
      queryClient.setQueriesData<InfiniteData<AdminOrderRowPage>>(
        { queryKey: adminKeys.orders() },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.map((order) => (order.id === shipped.id ? shipped : order)),
            })),
          },
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.orders(), refetchType: 'none' });
    },
  });
}

/** The open reports for the home's Moderation card; the card simply shows no count on failure. */
export function useQueueCountQuery() {
  return useQuery({
    queryKey: adminKeys.queueCount(),
    queryFn: ({ signal }) =>
      api.get('/moderation/queue/count', {
        schema: ModerationQueueCountSchema,
        signal,
        retry: false,
      }),
  });
}
