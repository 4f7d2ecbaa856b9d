import type { CartQuote } from '@otakura/shared';
import type { CartLine } from './cart-storage';

/** A line that cannot be bought (sold out, or gone): checkout waits until it is removed. */
export function isBlocking(quote: CartQuote): boolean {
  return quote.lines.some((l) => l.problem === 'sold_out' || l.problem === 'not_found');
}

/**
 * The lines to check out: the stored quantities, lowered to what the last quote says is in stock
 * (the server checks again and refuses with 409 when that changed).
 */
export function checkoutLines(lines: readonly CartLine[], quote: CartQuote): CartLine[] {
  const available = new Map(quote.lines.map((l) => [l.itemId, l.available]));
  return lines.map(({ itemId, quantity }) => {
    const stock = available.get(itemId);
    return {
      itemId,
      quantity: stock !== undefined && stock > 0 ? Math.min(quantity, stock) : quantity,
    };
  });
}
