import { CartQuoteSchema, type CartInput, type CartQuote } from '@otakura/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CartLine } from '../utils/cart-storage';
import { cartKeys } from './cart-keys';

/** The body of a quote or a checkout: ids and quantities only, never a price. */
export function cartInput(lines: readonly CartLine[], promoCode: string | null): CartInput {
  return {
    lines: lines.map(({ itemId, quantity }) => ({ itemId, quantity })),
    ...(promoCode ? { promoCode } : {}),
  };
}

/**
 * `POST /cart/quote`: the server's names, pictures, prices, stock and totals for the cart. A POST
 * that changes nothing, so it is read as a query.
 */
export function quoteCart(input: CartInput, signal?: AbortSignal): Promise<CartQuote> {
  return api.post('/cart/quote', { body: input, schema: CartQuoteSchema, signal });
}

export function cartQuoteQueryOptions(lines: readonly CartLine[], promoCode: string | null) {
  return queryOptions({
    queryKey: cartKeys.quote(lines, promoCode),
    queryFn: ({ signal }) => quoteCart(cartInput(lines, promoCode), signal),
    enabled: lines.length > 0,
    // Prices and stock are always re-read: a quote is never trusted for long.
    staleTime: 0,
    // The last quote stays on screen while the next one loads, so the summary does not flash.
    placeholderData: keepPreviousData,
  });
}

export function useCartQuoteQuery(
  lines: readonly CartLine[],
  promoCode: string | null,
  { enabled = true }: { enabled?: boolean } = {},
) {
  const options = cartQuoteQueryOptions(lines, promoCode);
  return useQuery({ ...options, enabled: enabled && lines.length > 0 });
}
