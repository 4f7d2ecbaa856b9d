/** Query keys of the admin screens, one factory so invalidations cannot drift from the queries. */
export const adminKeys = {
  all: ['admin'] as const,
  communities: () => [...adminKeys.all, 'communities'] as const,
  /** `GET /communities?q=` as the admin list reads it (infinite pages), by the trimmed text. */
  communityList: (q: string) => [...adminKeys.communities(), 'list', q] as const,
  community: (id: string) => [...adminKeys.communities(), 'detail', id] as const,
  shopItems: () => [...adminKeys.all, 'shop'] as const,
  /** `GET /shop/items?q=` as the admin list reads it (infinite pages). */
  shopItemList: (q: string) => [...adminKeys.shopItems(), 'list', q] as const,
  shopItem: (id: string) => [...adminKeys.shopItems(), 'detail', id] as const,
  orders: () => [...adminKeys.all, 'orders'] as const,
  /** `GET /admin/orders?filter=` (infinite pages). */
  orderList: (filter: string) => [...adminKeys.orders(), 'list', filter] as const,
  /** `GET /moderation/queue/count` for the home card. */
  queueCount: () => [...adminKeys.all, 'queue-count'] as const,
};

/**
 * Keys of other features' caches that an admin change makes stale. Features do not import each
 * other, so the roots are named here (they are the first element of each feature's key factory).
 */
export const OTHER_CACHES = {
  communities: ['communities'] as const,
  shop: ['shop'] as const,
  posts: ['posts'] as const,
};
