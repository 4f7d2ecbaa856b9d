import type { ShopItem, ShopItemSummary } from '@otakura/shared';

/** UUID-shaped ids, so live topics look real. */
export const ITEM_ID = '0190dddd-0000-7000-8000-00000000a001';
export const SELLER_ID = '0190dddd-0000-7000-8000-00000000f001';

export function makeShopSummary(overrides: Partial<ShopItemSummary> = {}): ShopItemSummary {
  return {
    id: ITEM_ID,
    name: 'Frieren acrylic stand',
    imageUrl: '/files/shop/stand.webp',
    priceCents: 1999,
    currency: 'usd',
    likeCount: 12,
    likedByMe: false,
    quantity: 3,
    soldOut: false,
    ...overrides,
  };
}

export function makeShopItem(overrides: Partial<ShopItem> = {}): ShopItem {
  return {
    ...makeShopSummary(),
    about: 'A 15 cm stand of Frieren with her staff.',
    condition: 'New',
    shippingCents: 450,
    seller: { id: SELLER_ID, username: 'himmel', name: 'Himmel', avatarUrl: null },
    createdAt: '2026-01-01T00:00:00.000Z',
    series: null,
    volume: null,
    communities: [],
    ...overrides,
  };
}
