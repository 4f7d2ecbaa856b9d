import type { CartLine } from '../utils/cart-storage';

/** Query keys of the cart, one factory so invalidations cannot drift from the queries. */
export const cartKeys = {
  all: ['cart'] as const,
  quotes: () => [...cartKeys.all, 'quote'] as const,
  /** `POST /cart/quote` for these lines and promo code. */
  quote: (lines: readonly CartLine[], promoCode: string | null) =>
    [
      ...cartKeys.quotes(),
      lines.map((l) => [l.itemId, l.quantity] as const),
      promoCode ?? '',
    ] as const,
  checkout: () => [...cartKeys.all, 'checkout'] as const,
};
