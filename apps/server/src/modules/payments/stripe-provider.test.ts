/**
 * The Stripe provider with the real SDK, aimed at the local stand-in (test/stripe-stand-in.ts).
 * Nothing here leaves 127.0.0.1.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in';
import {
  CHECKOUT_TTL_MS,
  checkoutExpiresAt,
  type CreateCheckoutInput,
  type PaymentWebhookEvent,
  PaymentProviderError,
  WebhookSignatureError,
} from './payment-provider';
import { StripeProvider } from './stripe-provider';

let standIn: StripeStandIn;
let provider: StripeProvider;
let keyCounter = 0;

const input = (over: Partial<CreateCheckoutInput> = {}): CreateCheckoutInput => ({
  orderId: '0195f3c4-0000-7000-8000-000000000001',
  currency: 'usd',
  lines: [
    { name: 'Figure: Rei (1/7)', unitAmountCents: 12_999, quantity: 1 },
    { name: 'Art book', unitAmountCents: 2_500, quantity: 2 },
  ],
  shippingCents: 800,
  taxCents: 1_320,
  discountCents: 1_000,
  successUrl: 'http://localhost:3000/shop/checkout/success',
  cancelUrl: 'http://localhost:3000/shop/checkout/cancel',
  expiresAt: new Date(Date.now() + 45 * 60_000),
  idempotencyKey: `checkout-${++keyCounter}-${Date.now()}`,
  ...over,
});

async function caught(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PaymentProviderError);
  return err as PaymentProviderError;
}

function webhookError(fn: () => unknown): WebhookSignatureError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(WebhookSignatureError);
    return err as WebhookSignatureError;
  }
  throw new Error('expected a WebhookSignatureError');
}

beforeAll(async () => {
  standIn = await startStripeStandIn();
  provider = new StripeProvider({
    secretKey: standIn.secretKey,
    webhookSecret: standIn.webhookSecret,
    ...standIn.sdkOptions,
    maxNetworkRetries: 0,
  });
});

afterAll(async () => {
  await standIn.close();
});

describe('StripeProvider.createCheckoutSession', () => {
  it('sends the lines, shipping, tax, a one-off coupon, the order id, expiry and the idempotency key', async () => {
    const req = input();
    const before = standIn.requests.length;
    const session = await provider.createCheckoutSession(req);

    const sent = standIn.requests.slice(before);
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/coupons',
      'POST /v1/checkout/sessions',
    ]);
    const [couponReq, sessionReq] = sent;
    expect(couponReq!.body).toMatchObject({
      amount_off: '1000',
      currency: 'usd',
      duration: 'once',
      max_redemptions: '1',
    });
    expect(couponReq!.idempotencyKey).toBe(`${req.idempotencyKey}:coupon`);
    expect(sessionReq!.idempotencyKey).toBe(req.idempotencyKey);
    expect(sessionReq!.authorization).toBe(`Bearer ${standIn.secretKey}`);

    const body = sessionReq!.body;
    expect(body.mode).toBe('payment');
    expect(body.client_reference_id).toBe(req.orderId);
    expect(body.metadata).toEqual({ orderId: req.orderId });
    expect(body.expires_at).toBe(String(Math.floor(req.expiresAt.getTime() / 1000)));
    expect(body.success_url).toBe(
      'http://localhost:3000/shop/checkout/success?session_id={CHECKOUT_SESSION_ID}',
    );
    expect(body.cancel_url).toBe(
      'http://localhost:3000/shop/checkout/cancel?session_id={CHECKOUT_SESSION_ID}',
    );
    const line = (name: string, amount: number, quantity: number) => ({
      quantity: String(quantity),
      price_data: { currency: 'usd', unit_amount: String(amount), product_data: { name } },
    });
    expect(body.line_items).toEqual([
      line('Figure: Rei (1/7)', 12_999, 1),
      line('Art book', 2_500, 2),
      line('Shipping', 800, 1),
      line('Tax', 1_320, 1),
    ]);
    expect(body.discounts).toHaveLength(1);

    const stored = standIn.sessions.get(session.sessionId)!;
    expect(stored.amount_total).toBe(12_999 + 5_000 + 800 + 1_320 - 1_000);
    expect(stored.success_url).toBe(
      `http://localhost:3000/shop/checkout/success?session_id=${session.sessionId}`,
    );
    expect(session.url).toBe(stored.url);
    expect(session.expiresAt.getTime()).toBe(Math.floor(req.expiresAt.getTime() / 1000) * 1000);
  });

  it('returns the same session for a repeated call with the same idempotency key', async () => {
    const req = input();
    const first = await provider.createCheckoutSession(req);
    const count = standIn.sessions.size;
    const again = await provider.createCheckoutSession({ ...req, expiresAt: req.expiresAt });
    expect(again).toEqual(first);
    expect(standIn.sessions.size).toBe(count);
    const other = await provider.createCheckoutSession(input());
    expect(other.sessionId).not.toBe(first.sessionId);
  });

  it('sends no coupon, shipping or tax line when they are zero', async () => {
    const before = standIn.requests.length;
    const session = await provider.createCheckoutSession(
      input({ shippingCents: 0, taxCents: 0, discountCents: 0 }),
    );
    const sent = standIn.requests.slice(before);
    expect(sent.map((r) => r.path)).toEqual(['/v1/checkout/sessions']);
    expect(sent[0]!.body.discounts).toBeUndefined();
    expect(sent[0]!.body.line_items).toHaveLength(2);
    expect(standIn.sessions.get(session.sessionId)!.amount_total).toBe(17_999);
  });

  it('sends the default expiry (32 minutes ahead) as it is, so a retry sends the same parameters', async () => {
    const req = input({ expiresAt: checkoutExpiresAt() });
    const first = await provider.createCheckoutSession(req);
    expect(first.expiresAt.getTime()).toBe(Math.floor(req.expiresAt.getTime() / 1000) * 1000);
    expect(first.expiresAt.getTime() - Date.now()).toBeGreaterThan(30 * 60_000);
    expect(await provider.createCheckoutSession(req)).toEqual(first);
  });

  it('still sends the default expiry unchanged when the call comes 80 s after the order was stored', async () => {
    const stored = checkoutExpiresAt();
    const late = new StripeProvider({
      secretKey: standIn.secretKey,
      ...standIn.sdkOptions,
      maxNetworkRetries: 0,
      now: () => new Date(stored.getTime() - CHECKOUT_TTL_MS + 80_000),
    });
    const req = input({ expiresAt: stored });
    const session = await late.createCheckoutSession(req);
    expect(session.expiresAt.getTime()).toBe(Math.floor(stored.getTime() / 1000) * 1000);
  });

  it('moves an expiry Stripe would refuse into its 30 minute to 24 hour window', async () => {
    const soon = await provider.createCheckoutSession(
      input({ expiresAt: new Date(Date.now() + 5 * 60_000) }),
    );
    expect(soon.expiresAt.getTime()).toBeGreaterThanOrEqual(Date.now() + 30 * 60_000);
    const late = await provider.createCheckoutSession(
      input({ expiresAt: new Date(Date.now() + 72 * 3600_000) }),
    );
    expect(late.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
  });

  it('refuses bad amounts before calling Stripe', async () => {
    const before = standIn.requests.length;
    for (const bad of [
      input({ lines: [] }),
      input({ lines: [{ name: 'X', unitAmountCents: -1, quantity: 1 }] }),
      input({ lines: [{ name: 'X', unitAmountCents: 1.5, quantity: 1 }] }),
      input({ lines: [{ name: 'X', unitAmountCents: 100, quantity: 0 }] }),
      input({ discountCents: 1_000_000 }),
      input({ shippingCents: -5 }),
      input({ currency: 'US dollars' }),
    ]) {
      const err = await caught(provider.createCheckoutSession(bad));
      expect(err.kind).toBe('invalid_request');
      expect(err.provider).toBe('stripe');
    }
    expect(standIn.requests.length).toBe(before);
  });
});

describe('StripeProvider sessions and refunds', () => {
  it('retrieves an open session, then the paid one after the buyer pays, and refunds it once', async () => {
    const req = input({ discountCents: 0 });
    const { sessionId } = await provider.createCheckoutSession(req);
    expect(await provider.retrieveSession(sessionId)).toEqual({
      sessionId,
      orderId: req.orderId,
      status: 'open',
      paymentStatus: 'unpaid',
      amountTotalCents: 12_999 + 5_000 + 800 + 1_320,
      currency: 'usd',
      paymentIntentId: null,
    });

    await standIn.complete(sessionId);
    const paid = await provider.retrieveSession(sessionId);
    expect(paid.status).toBe('complete');
    expect(paid.paymentStatus).toBe('paid');
    expect(paid.paymentIntentId).toMatch(/^pi_/);

    const refund = await provider.refund(paid.paymentIntentId!, `refund-${sessionId}`);
    expect(refund).toMatchObject({ status: 'succeeded', amountCents: paid.amountTotalCents });
    expect(refund.refundId).toMatch(/^re_/);
    const refundReq = standIn.requests.at(-1)!;
    expect(refundReq.path).toBe('/v1/refunds');
    expect(refundReq.body.payment_intent).toBe(paid.paymentIntentId);
    expect(refundReq.idempotencyKey).toBe(`refund-${sessionId}`);

    // The same key replays the first refund; a new key is refused by the provider.
    expect(await provider.refund(paid.paymentIntentId!, `refund-${sessionId}`)).toEqual(refund);
    const again = await caught(provider.refund(paid.paymentIntentId!, `refund-2-${sessionId}`));
    expect(again.kind).toBe('invalid_request');
    expect(again.providerCode).toBe('charge_already_refunded');
    expect(again.message).toMatch(/already been refunded/);
  });

  it('expires an open session, and says why it cannot expire it twice', async () => {
    const { sessionId } = await provider.createCheckoutSession(input());
    const expired = await provider.expireSession(sessionId);
    expect(expired.status).toBe('expired');
    expect((await provider.retrieveSession(sessionId)).status).toBe('expired');
    expect(standIn.requests.at(-2)!.path).toBe(`/v1/checkout/sessions/${sessionId}/expire`);

    const err = await caught(provider.expireSession(sessionId));
    expect(err.kind).toBe('invalid_request');
    expect(err.statusCode).toBe(400);
    expect(err.message).toBe('Only Checkout Sessions with a status in ["open"] can be expired.');
  });

  it('turns an unknown session into a PaymentProviderError with Stripe’s message', async () => {
    const err = await caught(provider.retrieveSession('cs_test_nope'));
    expect(err).toMatchObject({
      kind: 'invalid_request',
      providerCode: 'resource_missing',
      statusCode: 404,
      message: "No such checkout.session: 'cs_test_nope'",
    });
  });
});

describe('StripeProvider errors', () => {
  it('a declined card (402) and a bad request (400) keep the provider’s message', async () => {
    standIn.failNext({
      status: 402,
      type: 'card_error',
      code: 'card_declined',
      message: 'Your card was declined.',
    });
    const declined = await caught(provider.createCheckoutSession(input({ discountCents: 0 })));
    expect(declined).toMatchObject({
      kind: 'card_declined',
      providerCode: 'card_declined',
      statusCode: 402,
      message: 'Your card was declined.',
    });

    standIn.failNext({
      status: 400,
      type: 'invalid_request_error',
      code: 'amount_too_small',
      message: 'The Checkout Session’s total amount due must add up to at least $0.50 usd',
    });
    const tooSmall = await caught(provider.createCheckoutSession(input({ discountCents: 0 })));
    expect(tooSmall).toMatchObject({
      kind: 'invalid_request',
      providerCode: 'amount_too_small',
      statusCode: 400,
      message: 'The Checkout Session’s total amount due must add up to at least $0.50 usd',
    });
  });

  it('reusing an idempotency key with other parameters is an idempotency error', async () => {
    const req = input({ discountCents: 0 });
    await provider.createCheckoutSession(req);
    const err = await caught(provider.createCheckoutSession({ ...req, taxCents: 1 }));
    expect(err.kind).toBe('idempotency');
    expect(err.message).toMatch(/same parameters/);
  });

  it('a wrong key is an authentication error, an unreachable API a connection error', async () => {
    const wrongKey = new StripeProvider({
      secretKey: 'sk_live_wrong',
      ...standIn.sdkOptions,
      maxNetworkRetries: 0,
    });
    const auth = await caught(wrongKey.retrieveSession('cs_test_x'));
    expect(auth.kind).toBe('authentication');
    expect(auth.message).toBe('Invalid API Key provided.');

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = new StripeProvider({
      secretKey: standIn.secretKey,
      host: '127.0.0.1',
      port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    const conn = await caught(unreachable.retrieveSession('cs_test_x'));
    expect(conn.kind).toBe('connection');
    expect(conn.message.length).toBeGreaterThan(0);
  });
});

describe('StripeProvider.parseWebhook', () => {
  const parse = (payload: string, signature: string | undefined, p = provider) =>
    p.parseWebhook(Buffer.from(payload, 'utf8'), signature);

  it('reads completed, expired and the async payment events', async () => {
    const req = input();
    const { sessionId } = await provider.createCheckoutSession(req);
    const completed = await standIn.complete(sessionId, { paymentStatus: 'unpaid' });
    const event = parse(completed.payload, completed.signature);
    expect(event).toMatchObject({
      id: completed.id,
      type: 'checkout.completed',
      providerType: 'checkout.session.completed',
      sessionId,
      orderId: req.orderId,
      paymentStatus: 'unpaid',
    });
    expect(event.type !== 'ignored' && event.paymentIntentId).toMatch(/^pi_/);
    expect(event.created).toBeInstanceOf(Date);

    const session = { ...standIn.sessions.get(sessionId)!, payment_status: 'paid' };
    const succeeded = await standIn.sendEvent('checkout.session.async_payment_succeeded', session);
    expect(parse(succeeded.payload, succeeded.signature)).toMatchObject({
      type: 'checkout.async_payment_succeeded',
      paymentStatus: 'paid',
      sessionId,
    });
    const failed = await standIn.sendEvent('checkout.session.async_payment_failed', {
      ...session,
      payment_status: 'unpaid',
    });
    expect(parse(failed.payload, failed.signature).type).toBe('checkout.async_payment_failed');

    const other = await provider.createCheckoutSession(input());
    const expired = await standIn.expire(other.sessionId);
    expect(parse(expired.payload, expired.signature)).toMatchObject({
      type: 'checkout.expired',
      sessionId: other.sessionId,
      orderId: req.orderId,
      paymentStatus: 'unpaid',
    });
  });

  it('ignores an event type the shop does not act on, after checking its signature', async () => {
    const e = await standIn.sendEvent('customer.created', { id: 'cus_test_1', object: 'customer' });
    const event: PaymentWebhookEvent = parse(e.payload, e.signature);
    expect(event).toMatchObject({ id: e.id, type: 'ignored', providerType: 'customer.created' });
    expect(webhookError(() => parse(e.payload, `${e.signature}0`)).problem).toBe('invalid');
  });

  it('refuses a tampered body, a missing header and another secret', async () => {
    const { sessionId } = await provider.createCheckoutSession(input());
    const e = await standIn.complete(sessionId);
    const tampered = e.payload.replace(sessionId, 'cs_test_someone_else');
    expect(tampered).not.toBe(e.payload);
    expect(webhookError(() => parse(tampered, e.signature)).problem).toBe('invalid');
    expect(webhookError(() => parse(e.payload, undefined)).problem).toBe('missing');
    expect(webhookError(() => parse(e.payload, 'nonsense')).problem).toBe('invalid');

    const forged = await standIn.sendEvent(
      'checkout.session.completed',
      { ...standIn.sessions.get(sessionId)! },
      { secret: 'whsec_not_ours' },
    );
    expect(webhookError(() => parse(forged.payload, forged.signature)).problem).toBe('invalid');
  });

  it('accepts a signature up to 300 s old and refuses an older one as stale', async () => {
    const { sessionId } = await provider.createCheckoutSession(input());
    const now = Math.floor(Date.now() / 1000);
    const recent = await standIn.sendEvent(
      'checkout.session.completed',
      { ...standIn.sessions.get(sessionId)! },
      { signedAt: now - 290 },
    );
    expect(parse(recent.payload, recent.signature).type).toBe('checkout.completed');
    const stale = await standIn.sendEvent(
      'checkout.session.completed',
      { ...standIn.sessions.get(sessionId)! },
      { signedAt: now - 301 },
    );
    const err = webhookError(() => parse(stale.payload, stale.signature));
    expect(err.problem).toBe('stale');

    // The same fresh event read by a server whose clock is 301 s later is stale too.
    const fresh = await standIn.sendEvent('checkout.session.completed', {
      ...standIn.sessions.get(sessionId)!,
    });
    const later = new StripeProvider({
      secretKey: standIn.secretKey,
      webhookSecret: standIn.webhookSecret,
      ...standIn.sdkOptions,
      now: () => new Date(Date.now() + 301_000),
    });
    expect(webhookError(() => parse(fresh.payload, fresh.signature, later)).problem).toBe('stale');
    expect(parse(fresh.payload, fresh.signature).type).toBe('checkout.completed');
  });

  it('refuses every webhook when no webhook secret is configured', async () => {
    const e = await standIn.sendEvent('customer.created', { id: 'cus_test_2' });
    const noSecret = new StripeProvider({ secretKey: standIn.secretKey, ...standIn.sdkOptions });
    expect(webhookError(() => parse(e.payload, e.signature, noSecret)).problem).toBe(
      'not_configured',
    );
  });

  it('the stand-in delivers signed events to a webhook URL that verifies them from the raw body', async () => {
    const received: PaymentWebhookEvent[] = [];
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        try {
          received.push(
            provider.parseWebhook(Buffer.concat(chunks), req.headers['stripe-signature'] as string),
          );
          res.writeHead(200).end();
        } catch {
          res.writeHead(400).end();
        }
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/stripe`;
    const delivering = await startStripeStandIn({
      webhookUrl: url,
      webhookSecret: standIn.webhookSecret,
    });
    try {
      const p = new StripeProvider({
        secretKey: delivering.secretKey,
        ...delivering.sdkOptions,
        maxNetworkRetries: 0,
      });
      const { sessionId } = await p.createCheckoutSession(input());
      const done = await delivering.complete(sessionId);
      expect(done.deliveredStatus).toBe(200);
      const forged = await delivering.sendEvent(
        'checkout.session.expired',
        { id: sessionId },
        {
          secret: 'whsec_not_ours',
        },
      );
      expect(forged.deliveredStatus).toBe(400);
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({ id: done.id, type: 'checkout.completed', sessionId });
    } finally {
      await delivering.close();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});
