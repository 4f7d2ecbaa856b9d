import { CheckoutStartedSchema, type CartInput, type CheckoutStarted } from '@otakura/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cartKeys } from './cart-keys';

/**
 * `POST /checkout`: the server prices the cart again, holds the stock and answers 201 with the
 * payment page's `url` (409 `out_of_stock` / `cart_changed`, 400 `promoCode`, 502
 * `payment_provider_error`).
 */
export function startCheckout(input: CartInput): Promise<CheckoutStarted> {
  return api.post('/checkout', { body: input, schema: CheckoutStartedSchema });
}

/** Starts a checkout; after a refusal the quotes are read again (the stock has changed). */
export function useStartCheckoutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: cartKeys.checkout(),
    mutationFn: startCheckout,
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: cartKeys.quotes() });
    },
  });
}
