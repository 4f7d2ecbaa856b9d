/**
 * The Stripe path against the local stand-in (test/stripe-stand-in.ts): checkout creates a
 * session with the order's lines, the stand-in's signed webhook fulfils the order, bad and
 * stale signatures are refused, an expired session releases the stock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { createShopItem, createUser, type TestUser } from '../../test/factories';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in';
import { StripeProvider } from '../payments/payments.service';
import { usePaymentProviderForTests } from './orders.providers';
import * as service from './orders.service';
import { checkout, expectError, expireHoldInDb, getOrder, stockOf } from './orders.test-helpers';

const WEBHOOK_SECRET = `whsec_orders_${Date.now()}`;
let t: TestApp;
let standIn: StripeStandIn;
let buyer: TestUser;
let other: TestUser;
let seller: TestUser;

beforeAll(async () => {
  t = await buildTestApp({
    STRIPE_SECRET_KEY: 'sk_test_stand_in',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  standIn = await startStripeStandIn({
    webhookUrl: `${t.url}/api/webhooks/stripe`,
    webhookSecret: WEBHOOK_SECRET,
  });
  usePaymentProviderForTests(
    t.ctx,
    new StripeProvider({
      secretKey: standIn.secretKey,
      webhookSecret: WEBHOOK_SECRET,
      ...standIn.sdkOptions,
      maxNetworkRetries: 0,
    }),
  );
  buyer = await createUser(t);
  other = await createUser(t);
  seller = await createUser(t);
}, 120_000);
afterAll(async () => {
  await standIn?.close();
  await t?.close();
});

const item = (quantity: number) =>
  createShopItem(t, { sellerId: seller.user.id, priceCents: 2500, shippingCents: 300, quantity });

async function startedSession(quantity = 1, stock = 3) {
  const a = await item(stock);
  const started = await checkout(buyer.http, [{ itemId: a.id, quantity }], 'WELCOME5');
  const session = [...standIn.sessions.values()].find(
    (s) => s.client_reference_id === started.orderId,
  );
  expect(session, 'the stand-in has a session for the order').toBeDefined();
  return { item: a, started, session: session! };
}

describe('checkout through Stripe (stand-in)', () => {
  it("creates a session with the order's lines and totals, and the signed webhook marks the order paid", async () => {
    const { item: a, started, session } = await startedSession(2);
    expect(started.url).toBe(session.url);
    // 2 × 2500 − 500 + 2 × 300 + tax 8 % of 4500 (360).
    expect(session.amount_total).toBe(5000 - 500 + 600 + 360);
    expect(JSON.stringify(session.line_items_sent)).toContain(a.name);
    expect(session.success_url).toContain('http://localhost:3000/success');
    expect((await getOrder(buyer.http, started.orderId)).status).toBe('pending');
    const event = await standIn.complete(session.id);
    expect(event.deliveredStatus).toBe(200);
    expect(await getOrder(buyer.http, started.orderId)).toMatchObject({ status: 'paid' });
    expect(await stockOf(t, a.id)).toBe(1);
    // The same event delivered again is applied once (still paid, stock unchanged).
    const again = await fetch(`${t.url}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      body: event.payload,
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, applied: false });
    expect(await stockOf(t, a.id)).toBe(1);
  });

  it('the success page fulfils a paid session before its webhook arrives; the webhook then changes nothing', async () => {
    const { started, session } = await startedSession();
    session.status = 'complete';
    session.payment_status = 'paid';
    const res = await buyer.http(`/api/orders/by-session/${session.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: started.orderId, status: 'paid' });
    await expectError(
      await other.http(`/api/orders/by-session/${session.id}`),
      404,
      'order_not_found',
    );
    expect((await standIn.complete(session.id)).deliveredStatus).toBe(200);
    expect((await getOrder(buyer.http, started.orderId)).status).toBe('paid');
  });

  it('refuses a wrong signature and one older than 300 s (400 invalid_signature), changing nothing', async () => {
    const { started, session } = await startedSession();
    const wrong = await standIn.sendEvent(
      'checkout.session.completed',
      { ...session, status: 'complete', payment_status: 'paid' },
      { secret: 'whsec_wrong' },
    );
    expect(wrong.deliveredStatus).toBe(400);
    const stale = await standIn.sendEvent(
      'checkout.session.completed',
      { ...session, status: 'complete', payment_status: 'paid' },
      { signedAt: Math.floor(Date.now() / 1000) - 301 },
    );
    expect(stale.deliveredStatus).toBe(400);
    expect((await getOrder(buyer.http, started.orderId)).status).toBe('pending');
  });

  it('an expired session cancels the order and releases its stock', async () => {
    const { item: a, started, session } = await startedSession(2, 2);
    expect(await stockOf(t, a.id)).toBe(0);
    expect((await standIn.expire(session.id)).deliveredStatus).toBe(200);
    expect(await getOrder(buyer.http, started.orderId)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'expired',
    });
    expect(await stockOf(t, a.id)).toBe(2);
  });

  it('refunds through Stripe a payment that arrives after the hold ended and the stock was sold', async () => {
    const { item: a, started, session } = await startedSession(1, 1);
    await expireHoldInDb(t, started.orderId);
    await service.expireHolds(t.database.db);
    await checkout(other.http, [{ itemId: a.id, quantity: 1 }]);
    expect((await standIn.complete(session.id)).deliveredStatus).toBe(200);
    expect(await getOrder(buyer.http, started.orderId)).toMatchObject({
      status: 'refunded',
      cancelReason: 'sold_out',
    });
    const refund = standIn.requests.find(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v1/refunds' &&
        r.body.payment_intent === session.payment_intent,
    );
    expect(refund, 'a refund request for the payment').toBeDefined();
    expect(await stockOf(t, a.id)).toBe(0);
  });

  it("answers 502 payment_provider_error with Stripe's message when the session cannot be made, releasing the stock", async () => {
    const a = await item(1);
    standIn.failNext({
      status: 400,
      type: 'invalid_request_error',
      message: 'Stand-in refused it.',
    });
    const res = await buyer.http('/api/checkout', {
      method: 'POST',
      json: { lines: [{ itemId: a.id, quantity: 1 }] },
    });
    await expectError(res, 502, 'payment_provider_error', 'Stand-in refused it.');
    expect(await stockOf(t, a.id)).toBe(1);
  });
});
