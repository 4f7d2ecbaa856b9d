/** Query keys of the orders domain, one factory so invalidations cannot drift from the queries. */
export const orderKeys = {
  all: ['orders'] as const,
  /** `GET /orders` (infinite pages, newest first). */
  list: () => [...orderKeys.all, 'list'] as const,
  /** `GET /orders/by-session/:sessionId` (the success page). */
  bySession: (sessionId: string) => [...orderKeys.all, 'by-session', sessionId] as const,
  /** `GET /checkout/test/:sessionId` (the built-in test checkout page). */
  testCheckout: (sessionId: string) => [...orderKeys.all, 'test-checkout', sessionId] as const,
};
