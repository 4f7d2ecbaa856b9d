import type { Order, OrderLine, TestCheckout } from '@otakura/shared';

export const SESSION_ID = 'test_cs_0190aaaa000070008000000000000001';
export const ORDER_ID = '0190aaaa-0000-7000-8000-000000000001';
/** UUID-shaped, so the private `user:{id}` topic is a real topic. */
export const BUYER_ID = '0190bbbb-0000-7000-8000-000000000001';

export function makeLine(overrides: Partial<OrderLine> = {}): OrderLine {
  return {
    itemId: '0190cccc-0000-7000-8000-000000000001',
    name: 'Frieren acrylic stand',
    imageUrl: null,
    unitPriceCents: 1999,
    shippingCents: 450,
    quantity: 2,
    ...overrides,
  };
}

const TOTALS = {
  subtotalCents: 3998,
  shippingCents: 900,
  discountCents: 0,
  taxCents: 320,
  totalCents: 5218,
  currency: 'usd',
};

export function makeTestCheckout(overrides: Partial<TestCheckout> = {}): TestCheckout {
  return {
    ...TOTALS,
    sessionId: SESSION_ID,
    orderId: ORDER_ID,
    status: 'pending',
    lines: [makeLine()],
    expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    ...overrides,
  };
}

export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    ...TOTALS,
    id: ORDER_ID,
    status: 'paid',
    lines: [makeLine()],
    promoCode: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    paidAt: '2026-03-01T10:01:00.000Z',
    shippedAt: null,
    expiresAt: null,
    cancelReason: null,
    ...overrides,
  };
}
