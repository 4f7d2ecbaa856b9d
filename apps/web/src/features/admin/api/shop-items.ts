import {
  ShopItemPageSchema,
  ShopItemSchema,
  type CreateShopItemInput,
  type ShopItem,
  type ShopItemPage,
  type UpdateShopItemInput,
} from '@otakura/shared';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { uploadImageFile, type UploadSend } from '@/components/admin/upload-image';
import { api } from '@/lib/api-client';
import { adminKeys, OTHER_CACHES } from './admin-keys';

export const ADMIN_SHOP_PAGE_SIZE = 30;

const adminPath = (id: string) => `/admin/shop/items/${encodeURIComponent(id)}`;

/** `GET /shop/items?q=&cursor=`: newest first, a case-insensitive substring of the name. */
export function listShopItems(
  q: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ShopItemPage> {
  return api.get('/shop/items', {
    query: { q, cursor, limit: ADMIN_SHOP_PAGE_SIZE },
    schema: ShopItemPageSchema,
    signal,
  });
}

export function useAdminShopItemsQuery(q: string) {
  const text = q.trim();
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: adminKeys.shopItemList(text),
      queryFn: ({ pageParam, signal }) => listShopItems(text, pageParam, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
    placeholderData: keepPreviousData,
  });
}

export function getShopItem(id: string, signal?: AbortSignal): Promise<ShopItem> {
  return api.get(`/shop/items/${encodeURIComponent(id)}`, { schema: ShopItemSchema, signal });
}

export function adminShopItemQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminKeys.shopItem(id),
    queryFn: ({ signal }) => getShopItem(id, signal),
  });
}

export function useAdminShopItemQuery(id: string | undefined) {
  return useQuery({ ...adminShopItemQueryOptions(id ?? ''), enabled: Boolean(id) });
}

/** `POST /admin/shop/items` → 201 ShopItem; the seller is the admin. */
export function createShopItem(input: CreateShopItemInput): Promise<ShopItem> {
  return api.post('/admin/shop/items', { body: input, schema: ShopItemSchema });
}

/** `PATCH /admin/shop/items/:id`: only the fields given change. */
export function updateShopItem(id: string, input: UpdateShopItemInput): Promise<ShopItem> {
  return api.patch(adminPath(id), { body: input, schema: ShopItemSchema });
}

function remember(queryClient: QueryClient, item: ShopItem) {
  queryClient.setQueryData(adminKeys.shopItem(item.id), item);
  void queryClient.invalidateQueries({ queryKey: [...adminKeys.shopItems(), 'list'] });
  void queryClient.invalidateQueries({ queryKey: OTHER_CACHES.shop });
}

export function useCreateShopItemMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShopItem,
    onSuccess: (item) => remember(queryClient, item),
  });
}

export function useUpdateShopItemMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateShopItemInput) => updateShopItem(id, input),
    onSuccess: (item) => remember(queryClient, item),
  });
}

/** `PUT /admin/shop/items/:id/image` (multipart, one image) → the ShopItem with its new photo. */
export function useShopItemImageUpload(): (id: string) => UploadSend<ShopItem> {
  const queryClient = useQueryClient();
  return useCallback(
    (id: string) =>
      async (file, { onStatus, signal }) => {
        const item = await uploadImageFile({
          path: `${adminPath(id)}/image`,
          method: 'PUT',
          file,
          schema: ShopItemSchema,
          onStatus,
          signal,
        });
        remember(queryClient, item);
        return item;
      },
    [queryClient],
  );
}
