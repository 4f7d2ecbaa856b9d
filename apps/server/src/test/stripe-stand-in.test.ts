/** The Stripe stand-in itself: its form parsing, Stripe-like answers and loopback-only webhooks. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStripeForm, startStripeStandIn, type StripeStandIn } from './stripe-stand-in';

describe('parseStripeForm', () => {
  it('rebuilds nested objects and arrays from the SDK’s form encoding', () => {
    const text = new URLSearchParams([
      ['mode', 'payment'],
      ['line_items[0][quantity]', '2'],
      ['line_items[0][price_data][unit_amount]', '2500'],
      ['line_items[0][price_data][product_data][name]', 'Art book & more'],
      ['line_items[1][quantity]', '1'],
      ['metadata[orderId]', 'o-1'],
      ['discounts[0][coupon]', 'co_1'],
    ]).toString();
    expect(parseStripeForm(text)).toEqual({
      mode: 'payment',
      line_items: [
        {
          quantity: '2',
          price_data: { unit_amount: '2500', product_data: { name: 'Art book & more' } },
        },
        { quantity: '1' },
      ],
      metadata: { orderId: 'o-1' },
      discounts: [{ coupon: 'co_1' }],
    });
  });
});

describe('startStripeStandIn', () => {
  let standIn: StripeStandIn;
  const base = () => `http://127.0.0.1:${standIn.port}`;
  const post = (path: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${base()}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${standIn.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
        ...headers,
      },
      body: new URLSearchParams(body).toString(),
    });
  const session = (expiresIn = 3600) => ({
    mode: 'payment',
    'line_items[0][quantity]': '1',
    'line_items[0][price_data][currency]': 'usd',
    'line_items[0][price_data][unit_amount]': '1000',
    'line_items[0][price_data][product_data][name]': 'Pin',
    expires_at: String(Math.floor(Date.now() / 1000) + expiresIn),
    success_url: 'http://localhost/s?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost/c',
  });

  beforeAll(async () => {
    standIn = await startStripeStandIn();
  });
  afterAll(async () => {
    await standIn.close();
  });

  it('refuses requests without a test key, as Stripe does', async () => {
    const res = await fetch(`${base()}/v1/checkout/sessions/cs_x`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
  });

  it('replays an idempotent POST and refuses the key with another body', async () => {
    const headers = { 'idempotency-key': 'k-1' };
    // One body for both requests: session() reads the clock, and a second boundary between two
    // calls would change expires_at (then the replay is rightly refused).
    const body = session();
    const first = (await (await post('/v1/checkout/sessions', body, headers)).json()) as {
      id: string;
      success_url: string;
      amount_total: number;
    };
    expect(first.success_url).toBe(`http://localhost/s?session_id=${first.id}`);
    expect(first.amount_total).toBe(1000);
    const again = (await (await post('/v1/checkout/sessions', body, headers)).json()) as {
      id: string;
    };
    expect(again.id).toBe(first.id);
    const other = await post('/v1/checkout/sessions', { ...body, mode: 'setup' }, headers);
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ error: { type: 'idempotency_error' } });
  });

  it('refuses an expiry outside 30 minutes to 24 hours, as Stripe does', async () => {
    const res = await post('/v1/checkout/sessions', session(60));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { message: expect.stringMatching(/between 30 minutes and 24 hours/) },
    });
  });

  it('sends webhooks only to loopback addresses', async () => {
    await expect(
      startStripeStandIn({ webhookUrl: 'http://192.0.2.1/webhooks/stripe' }),
    ).rejects.toThrow(/loopback/);
  });
});
