import type { CartQuote, CartQuoteLine } from '@otakura/shared';
import { CART_STORAGE_KEY } from '../utils/cart-storage';

export const ITEM_A = '0190dddd-0000-7000-8000-00000000a001';
export const ITEM_B = '0190dddd-0000-7000-8000-00000000a002';

export function makeQuoteLine(overrides: Partial<CartQuoteLine> = {}): CartQuoteLine {
  return {
    itemId: ITEM_A,
    name: 'Frieren acrylic stand',
    imageUrl: '/files/shop/stand.webp',
    unitPriceCents: 1999,
    shippingCents: 450,
    quantity: 1,
    available: 3,
    problem: null,
    ...overrides,
  };
}

/** A quote whose totals are whatever the test says: the page must show them as they are. */
export function makeQuote(overrides: Partial<CartQuote> = {}): CartQuote {
  return {
    lines: [makeQuoteLine()],
    subtotalCents: 1999,
    shippingCents: 450,
    discountCents: 0,
    taxCents: 160,
    totalCents: 2609,
    currency: 'usd',
    promo: null,
    promoError: null,
    ...overrides,
  };
}

/** Puts a cart in local storage, as the spec stores it (parallel lists). */
export function storeCart(lines: Array<[string, number]>) {
  localStorage.setItem(
    CART_STORAGE_KEY,
    JSON.stringify({ items: lines.map(([id]) => id), quantities: lines.map(([, q]) => q) }),
  );
}

export function storedCart(): unknown {
  const raw = localStorage.getItem(CART_STORAGE_KEY);
  return raw === null ? null : JSON.parse(raw);
}
