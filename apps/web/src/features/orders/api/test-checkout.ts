import {
  TestCheckoutSchema,
  TestPaymentResultSchema,
  type TestCardInput,
  type TestCheckout,
  type TestPaymentResult,
} from '@otakura/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { orderKeys } from './order-keys';

/** `GET /checkout/test/:sessionId`: the test payment page's order (the buyer only, else 404). */
export function getTestCheckout(sessionId: string, signal?: AbortSignal): Promise<TestCheckout> {
  return api.get(`/checkout/test/${encodeURIComponent(sessionId)}`, {
    schema: TestCheckoutSchema,
    signal,
  });
}

export function testCheckoutQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: orderKeys.testCheckout(sessionId),
    queryFn: ({ signal }) => getTestCheckout(sessionId, signal),
  });
}

export function useTestCheckoutQuery(sessionId: string) {
  return useQuery(testCheckoutQueryOptions(sessionId));
}

/**
 * `POST /checkout/test/:sessionId/pay`: `{ redirectUrl }`, 402 `card_declined`, or 400
 * `validation_error` naming the field. Never retried (a payment).
 */
export function payTestCheckout(
  sessionId: string,
  card: TestCardInput,
): Promise<TestPaymentResult> {
  return api.post(`/checkout/test/${encodeURIComponent(sessionId)}/pay`, {
    body: card,
    schema: TestPaymentResultSchema,
  });
}

export function usePayTestCheckout(sessionId: string) {
  return useMutation({ mutationFn: (card: TestCardInput) => payTestCheckout(sessionId, card) });
}
