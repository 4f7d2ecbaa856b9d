import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CartQuoteSchema,
  OrderPageSchema,
  SalePageSchema,
  TestCheckoutSchema,
} from '@otakura/shared';
import { queryRows } from '../../db/client';
import { newId } from '../../lib/ids';
import { buildTestApp, type TestApp } from '../../test/app';
import { createShopItem, createUser, type TestUser } from '../../test/factories';
import { openLive } from '../live/live.test-helpers';
import { paymentProviders } from './orders.providers';
import * as service from './orders.service';
import {
  CARD,
  checkout,
  expectError,
  expireHoldInDb,
  getOrder,
  sessionIdOf,
  stockOf,
} from './orders.test-helpers';

let t: TestApp;
let buyer: TestUser;
let other: TestUser;
let seller: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ PROMO_CODES: 'OTAKU10:10%,WELCOME5:500,OLD20:20%:2020-01-01' });
  buyer = await createUser(t);
  other = await createUser(t);
  seller = await createUser(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const item = (o: { priceCents?: number; shippingCents?: number; quantity?: number } = {}) =>
  createShopItem(t, { sellerId: seller.user.id, priceCents: 1000, shippingCents: 200, ...o });

async function quote(body: unknown) {
  const res = await buyer.http('/api/cart/quote', { method: 'POST', json: body });
  expect(res.status, await res.clone().text()).toBe(200);
  return CartQuoteSchema.parse(await res.json());
}

async function deps(): Promise<service.OrdersDeps> {
  return { db: t.database.db, config: t.config, providers: await paymentProviders(t.ctx) };
}

describe('cart quote', () => {
  it("prices from the server's items: client prices ignored, quantity clamped to stock, missing and sold-out lines named", async () => {
    const a = await item({ quantity: 3 });
    const gone = await item({ quantity: 0 });
    const unknown = newId();
    const q = await quote({
      lines: [
        { itemId: a.id, quantity: 5, priceCents: 1, unitPriceCents: 1 },
        { itemId: gone.id, quantity: 1 },
        { itemId: unknown, quantity: 1 },
      ],
      totalCents: 1,
    });
    expect(q.lines).toMatchObject([
      {
        itemId: a.id,
        name: a.name,
        unitPriceCents: 1000,
        shippingCents: 200,
        quantity: 3,
        problem: 'quantity_reduced',
      },
      { itemId: gone.id, quantity: 0, problem: 'sold_out' },
      { itemId: unknown, quantity: 0, problem: 'not_found' },
    ]);
    // 3 × 1000, shipping 3 × 200, tax 8 % of 3000.
    expect(q).toMatchObject({
      subtotalCents: 3000,
      shippingCents: 600,
      discountCents: 0,
      taxCents: 240,
      totalCents: 3840,
      currency: 'usd',
      promo: null,
      promoError: null,
    });
  });

  it('applies percent and fixed promo codes (fixed capped at the subtotal), and names unknown and expired ones', async () => {
    const a = await item({ priceCents: 1999, shippingCents: 0, quantity: 10 });
    const pct = await quote({ lines: [{ itemId: a.id, quantity: 3 }], promoCode: ' otaku10 ' });
    // 5997 − round(599.7) = 5397; tax round(431.76) = 432.
    expect(pct).toMatchObject({
      subtotalCents: 5997,
      discountCents: 600,
      taxCents: 432,
      totalCents: 5997 - 600 + 432,
      promo: { code: 'OTAKU10' },
      promoError: null,
    });
    const fixed = await quote({ lines: [{ itemId: a.id, quantity: 1 }], promoCode: 'WELCOME5' });
    expect(fixed).toMatchObject({
      discountCents: 500,
      taxCents: 120,
      totalCents: 1999 - 500 + 120,
    });
    const cheap = await item({ priceCents: 300, shippingCents: 100, quantity: 1 });
    const capped = await quote({
      lines: [{ itemId: cheap.id, quantity: 1 }],
      promoCode: 'WELCOME5',
    });
    expect(capped).toMatchObject({ discountCents: 300, taxCents: 0, totalCents: 100 });
    const unknown = await quote({ lines: [{ itemId: a.id, quantity: 1 }], promoCode: 'NOPE' });
    expect(unknown).toMatchObject({
      discountCents: 0,
      promo: null,
      promoError: 'This promo code is not valid.',
    });
    const expired = await quote({ lines: [{ itemId: a.id, quantity: 1 }], promoCode: 'OLD20' });
    expect(expired).toMatchObject({ discountCents: 0, promoError: 'This promo code has expired.' });
  });

  it('refuses bad carts with 400 naming the field, and signed-out callers with 401', async () => {
    const a = await item();
    for (const body of [
      { lines: [] },
      { lines: [{ itemId: a.id, quantity: 0 }] },
      { lines: [{ itemId: a.id, quantity: 1.5 }] },
      {
        lines: [
          { itemId: a.id, quantity: 1 },
          { itemId: a.id, quantity: 2 },
        ],
      },
      { lines: Array.from({ length: 51 }, () => ({ itemId: newId(), quantity: 1 })) },
    ]) {
      const res = await buyer.http('/api/cart/quote', { method: 'POST', json: body });
      await expectError(res, 400, 'validation_error');
    }
    const res = await t.http('/api/cart/quote', {
      method: 'POST',
      json: { lines: [{ itemId: a.id, quantity: 1 }] },
    });
    await expectError(res, 401, 'unauthorized');
  });
});

describe('checkout and holds', () => {
  it('creates a pending order holding the stock; a second checkout for the last unit is 409 out_of_stock', async () => {
    const a = await item({ quantity: 1 });
    const started = await checkout(
      buyer.http,
      [{ itemId: a.id, quantity: 1, priceCents: 1 } as never],
      'OTAKU10',
    );
    expect(started.url).toMatch(/^\/checkout\/test\/test_cs_[0-9a-f]+$/);
    expect(await stockOf(t, a.id)).toBe(0);
    const order = await getOrder(buyer.http, started.orderId);
    expect(order).toMatchObject({
      status: 'pending',
      subtotalCents: 1000,
      discountCents: 100,
      taxCents: 72,
      totalCents: 1000 - 100 + 200 + 72,
      promoCode: 'OTAKU10',
      lines: [{ itemId: a.id, name: a.name, unitPriceCents: 1000, quantity: 1 }],
    });
    expect(Date.parse(order.expiresAt!)).toBeGreaterThan(Date.now() + 29 * 60_000);
    const res = await other.http('/api/checkout', {
      method: 'POST',
      json: { lines: [{ itemId: a.id, quantity: 1 }] },
    });
    await expectError(res, 409, 'out_of_stock', `Sorry, ${a.name} just sold out.`);
  });

  it('refuses a cart whose lines changed (409 cart_changed) or whose promo code is unknown (400), changing nothing', async () => {
    const a = await item({ quantity: 2 });
    let res = await buyer.http('/api/checkout', {
      method: 'POST',
      json: { lines: [{ itemId: a.id, quantity: 3 }] },
    });
    await expectError(res, 409, 'cart_changed');
    res = await buyer.http('/api/checkout', {
      method: 'POST',
      json: { lines: [{ itemId: newId(), quantity: 1 }] },
    });
    await expectError(res, 409, 'cart_changed');
    res = await buyer.http('/api/checkout', {
      method: 'POST',
      json: { lines: [{ itemId: a.id, quantity: 1 }], promoCode: 'NOPE' },
    });
    const err = await expectError(res, 400, 'validation_error');
    expect(err.details?.[0]?.path).toBe('promoCode');
    expect(await stockOf(t, a.id)).toBe(2);
  });

  it('lets exactly one of two checkouts racing for the last unit through (a real race on PostgreSQL; serialised on PGlite)', async () => {
    const a = await item({ quantity: 1 });
    const results = await Promise.all(
      [buyer, other].map((u) =>
        u.http('/api/checkout', {
          method: 'POST',
          json: { lines: [{ itemId: a.id, quantity: 1 }] },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const rows = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from order_items where item_id = ${a.id}::uuid`,
    );
    expect(rows[0]!.n).toBe(1);
    expect(await stockOf(t, a.id)).toBe(0);
  });

  it('releases the stock when a hold ends unpaid (lazily on read, and by the sweep)', async () => {
    const a = await item({ quantity: 2 });
    const first = await checkout(buyer.http, [{ itemId: a.id, quantity: 2 }]);
    expect(await stockOf(t, a.id)).toBe(0);
    await expireHoldInDb(t, first.orderId);
    const order = await getOrder(buyer.http, first.orderId);
    expect(order).toMatchObject({ status: 'cancelled', cancelReason: 'expired', expiresAt: null });
    expect(await stockOf(t, a.id)).toBe(2);

    const second = await checkout(buyer.http, [{ itemId: a.id, quantity: 1 }]);
    await expireHoldInDb(t, second.orderId);
    expect(await service.expireHolds(t.database.db)).toContain(second.orderId);
    expect(await service.expireHolds(t.database.db)).not.toContain(second.orderId);
    expect(await stockOf(t, a.id)).toBe(2);
  });

  it('lists the buyer’s orders newest first with keyset pages, and hides them from others (404)', async () => {
    const u = await createUser(t);
    const a = await item({ quantity: 5 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await checkout(u.http, [{ itemId: a.id, quantity: 1 }])).orderId);
    const seen: string[] = [];
    let cursor = '';
    for (;;) {
      const res = await u.http(`/api/orders?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      const page = OrderPageSchema.parse(await res.json());
      seen.push(...page.items.map((o) => o.id));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(seen).toEqual([...ids].reverse());
    await expectError(await other.http(`/api/orders/${ids[0]}`), 404, 'order_not_found');
    await expectError(await other.http('/api/orders/not-an-id'), 404, 'order_not_found');
    await expectError(await u.http('/api/orders?cursor=garbage'), 400, 'validation_error');
  });

  it('cancels a pending checkout for its buyer only, returning the stock', async () => {
    const a = await item({ quantity: 1 });
    const started = await checkout(buyer.http, [{ itemId: a.id, quantity: 1 }]);
    const sessionId = await sessionIdOf(t, started.orderId);
    await expectError(
      await other.http(`/api/orders/by-session/${sessionId}/cancel`, { method: 'POST' }),
      404,
      'order_not_found',
    );
    const res = await buyer.http(`/api/orders/by-session/${sessionId}/cancel`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'cancelled', cancelReason: 'cancelled' });
    expect(await stockOf(t, a.id)).toBe(1);
  });
});

describe('the built-in test checkout', () => {
  async function started(quantity = 1, stock = 3) {
    const a = await item({ quantity: stock });
    const s = await checkout(buyer.http, [{ itemId: a.id, quantity }]);
    return { item: a, orderId: s.orderId, sessionId: await sessionIdOf(t, s.orderId) };
  }
  const pay = (who: TestUser, sessionId: string, card: Partial<typeof CARD> = {}) =>
    who.http(`/api/checkout/test/${sessionId}/pay`, { method: 'POST', json: { ...CARD, ...card } });

  it('shows its page to the buyer only', async () => {
    const s = await started(2);
    const res = await buyer.http(`/api/checkout/test/${s.sessionId}`);
    expect(res.status).toBe(200);
    expect(TestCheckoutSchema.parse(await res.json())).toMatchObject({
      sessionId: s.sessionId,
      orderId: s.orderId,
      status: 'pending',
      subtotalCents: 2000,
      shippingCents: 400,
      lines: [{ itemId: s.item.id, quantity: 2 }],
    });
    await expectError(
      await other.http(`/api/checkout/test/${s.sessionId}`),
      404,
      'order_not_found',
    );
    await expectError(await pay(other, s.sessionId), 404, 'order_not_found');
  });

  it('declines 0002 and 9995 with their messages and leaves the order pending; checks the card form', async () => {
    const s = await started();
    await expectError(
      await pay(buyer, s.sessionId, { cardNumber: '4000 0000 0000 0002' }),
      402,
      'card_declined',
      'Your card was declined.',
    );
    await expectError(
      await pay(buyer, s.sessionId, { cardNumber: '4000000000009995' }),
      402,
      'card_declined',
      'Your card has insufficient funds.',
    );
    for (const [card, field] of [
      [{ cardNumber: '4242 4242 4242 4241' }, 'cardNumber'],
      [{ expMonth: 13 }, 'expMonth'],
      [{ expYear: 2001 }, 'expYear'],
      [{ cvc: '12' }, 'cvc'],
    ] as const) {
      const err = await expectError(await pay(buyer, s.sessionId, card), 400, 'validation_error');
      expect(err.details?.[0]?.path).toBe(field);
    }
    expect((await getOrder(buyer.http, s.orderId)).status).toBe('pending');
  });

  it('pays with 4242 through the signed-event path: order paid once, stock stays taken, success page agrees', async () => {
    const s = await started(2, 2);
    const res = await pay(buyer, s.sessionId);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ redirectUrl: `/success?session_id=${s.sessionId}` });
    const byS = await buyer.http(`/api/orders/by-session/${s.sessionId}`);
    expect(byS.status).toBe(200);
    expect(await byS.json()).toMatchObject({ id: s.orderId, status: 'paid' });
    expect(await stockOf(t, s.item.id)).toBe(0);
    const events = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from payment_events where payload->>'sessionId' = ${s.sessionId}`,
    );
    expect(events[0]!.n).toBe(1);
    await expectError(await pay(buyer, s.sessionId), 409, 'order_not_pending');
    await expectError(
      await other.http(`/api/orders/by-session/${s.sessionId}`),
      404,
      'order_not_found',
    );
    // The seller sees the sale.
    const sales = SalePageSchema.parse(
      await (await seller.http('/api/shop/sales?limit=50')).json(),
    );
    expect(sales.items.find((l) => l.orderId === s.orderId)).toMatchObject({
      itemId: s.item.id,
      quantity: 2,
      buyerUsername: buyer.user.displayUsername,
    });
  });

  it('applies the same signed event once, also when it arrives twice at once', async () => {
    const d = await deps();
    const test = (await paymentProviders(t.ctx)).test;
    const s = await started();
    const event = test.completedEvent(s.sessionId, s.orderId);
    const results = await Promise.all([
      service.handleWebhook(d, test, event.raw, event.header),
      service.handleWebhook(d, test, event.raw, event.header),
    ]);
    expect(results.map((r) => r.applied).sort()).toEqual([false, true]);
    expect((await service.handleWebhook(d, test, event.raw, event.header)).applied).toBe(false);
    expect((await getOrder(buyer.http, s.orderId)).status).toBe('paid');
    // A second, different event for the same session changes nothing either.
    const again = test.completedEvent(s.sessionId, s.orderId);
    expect((await service.handleWebhook(d, test, again.raw, again.header)).applied).toBe(true);
    expect(await getOrder(buyer.http, s.orderId)).toMatchObject({ status: 'paid' });
    expect(await stockOf(t, s.item.id)).toBe(2);
  });

  it('refuses a tampered or stale test event (invalid_signature) and changes nothing', async () => {
    const d = await deps();
    const test = (await paymentProviders(t.ctx)).test;
    const s = await started();
    const event = test.completedEvent(s.sessionId, s.orderId);
    const tampered = Buffer.from(event.raw.toString().replace('"paid"', '"paid" '));
    await expect(service.handleWebhook(d, test, tampered, event.header)).rejects.toMatchObject({
      code: 'invalid_signature',
    });
    const stale = test.sign(event.raw, Math.floor(Date.now() / 1000) - 301);
    await expect(service.handleWebhook(d, test, event.raw, stale)).rejects.toMatchObject({
      code: 'invalid_signature',
    });
    expect((await getOrder(buyer.http, s.orderId)).status).toBe('pending');
  });

  it('a payment after the hold ended takes the stock again, or refunds when it is gone', async () => {
    const d = await deps();
    const test = (await paymentProviders(t.ctx)).test;
    const late = await started(1, 1);
    await expireHoldInDb(t, late.orderId);
    await service.expireHolds(t.database.db);
    expect(await stockOf(t, late.item.id)).toBe(1);
    const e1 = test.completedEvent(late.sessionId, late.orderId);
    await service.handleWebhook(d, test, e1.raw, e1.header);
    expect((await getOrder(buyer.http, late.orderId)).status).toBe('paid');
    expect(await stockOf(t, late.item.id)).toBe(0);

    const gone = await started(1, 1);
    await expireHoldInDb(t, gone.orderId);
    await service.expireHolds(t.database.db);
    await checkout(other.http, [{ itemId: gone.item.id, quantity: 1 }]);
    const e2 = test.completedEvent(gone.sessionId, gone.orderId);
    await service.handleWebhook(d, test, e2.raw, e2.header);
    expect(await getOrder(buyer.http, gone.orderId)).toMatchObject({
      status: 'refunded',
      cancelReason: 'sold_out',
    });
    expect(await stockOf(t, gone.item.id)).toBe(0);
  });

  it('tells the buyer on user:{id} when an order is paid or cancelled (order.updated)', async () => {
    const c = await openLive(t.url, { cookie: buyer.cookie, origin: t.config.publicUrl });
    try {
      await c.subscribe([`user:${buyer.user.id}`]);
      const s = await started();
      expect((await pay(buyer, s.sessionId)).status).toBe(200);
      expect(await c.next('order.updated')).toEqual({
        type: 'order.updated',
        topic: `user:${buyer.user.id}`,
        orderId: s.orderId,
        status: 'paid',
      });
      const s2 = await started();
      await buyer.http(`/api/orders/by-session/${s2.sessionId}/cancel`, { method: 'POST' });
      expect(await c.next('order.updated')).toMatchObject({
        orderId: s2.orderId,
        status: 'cancelled',
      });
    } finally {
      await c.close();
    }
  });

  it('answers 400 invalid_signature on the Stripe webhook when Stripe is not configured', async () => {
    const res = await t.http('/api/webhooks/stripe', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: '{}',
    });
    await expectError(res, 400, 'invalid_signature');
  });
});
