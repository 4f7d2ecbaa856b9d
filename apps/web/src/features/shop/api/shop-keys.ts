/** Query keys of the shop domain, one factory so invalidations cannot drift from the queries. */
export const shopKeys = {
  all: ['shop'] as const,
  lists: () => [...shopKeys.all, 'list'] as const,
  /** `GET /shop/items?q=` (infinite pages), by the trimmed text. */
  list: (q: string) => [...shopKeys.lists(), q] as const,
  details: () => [...shopKeys.all, 'detail'] as const,
  /** `GET /shop/items/:itemId` (the item page). */
  detail: (itemId: string) => [...shopKeys.details(), itemId] as const,
  merch: () => [...shopKeys.all, 'merch'] as const,
  /** A merch shelf: `GET /media/:id/merch` or `GET /communities/:id/merch`. */
  shelf: (of: MerchShelfOf) =>
    [
      ...shopKeys.merch(),
      'media' in of ? 'media' : 'community',
      'media' in of ? of.media : of.community,
    ] as const,
  /** The like / unlike mutations (several may be on their way for one item). */
  likeMutation: () => [...shopKeys.all, 'like'] as const,
};

/** Whose merch shelf: a series (media entry) or a community. */
export type MerchShelfOf = { media: string } | { community: string };
