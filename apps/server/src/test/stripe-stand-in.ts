/**
 * A local stand-in for the slice of Stripe's API that the shop uses (a test helper, never
 * shipped). A node:http server on 127.0.0.1 (random port) answers what the official SDK sends
 * when pointed at it (`host: '127.0.0.1', port, protocol: 'http'`):
 *
 * - POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id,
 *   POST /v1/checkout/sessions/:id/expire, POST /v1/coupons, POST /v1/refunds
 *
 * Sessions, coupons and refunds live in memory. POSTs honour `Idempotency-Key` as Stripe does:
 * the same key and body replays the first answer, the same key with another body is a 400
 * `idempotency_error`. `complete(id)` / `expire(id)` change a session and send a correctly
 * signed event (`Stripe-Signature: t=…,v1=…`, signed by the SDK's `generateTestHeaderString`)
 * to `webhookUrl` when given; `events` keeps every event for assertions. `failNext(error)`
 * answers the next API request with a Stripe error (402 card_declined, 400...).
 * See docs/payments.md.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export interface StandInRequest {
  method: string;
  path: string;
  /** The form body parsed into nested objects and arrays (`line_items[0][quantity]`). */
  body: FormObject;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

export interface StandInEvent {
  id: string;
  type: string;
  /** The exact JSON that was signed. */
  payload: string;
  /** The `Stripe-Signature` header for `payload`. */
  signature: string;
  /** The HTTP status the webhook URL answered, or null when no URL was given. */
  deliveredStatus: number | null;
}

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  expires_at: number;
  created: number;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  url: string | null;
  line_items_sent: FormValue;
  discounts_sent: FormValue;
}

export interface StripeErrorReply {
  status: number;
  type: 'card_error' | 'invalid_request_error' | 'api_error' | 'idempotency_error';
  code?: string;
  message: string;
}

export interface StripeStandIn {
  /** The API key the stand-in accepts (anything starting `sk_test_` works). */
  secretKey: string;
  webhookSecret: string;
  host: '127.0.0.1';
  port: number;
  /** Options for `new StripeProvider(...)` aimed at this stand-in. */
  sdkOptions: { host: string; port: number; protocol: 'http' };
  requests: StandInRequest[];
  sessions: Map<string, StandInSession>;
  events: StandInEvent[];
  /** Answers the next API request with this error. */
  failNext(error: StripeErrorReply): void;
  /** Marks the session paid and complete and sends `checkout.session.completed`. */
  complete(
    sessionId: string,
    opts?: { paymentStatus?: 'paid' | 'unpaid'; signedAt?: number },
  ): Promise<StandInEvent>;
  /** Expires the session and sends `checkout.session.expired`. */
  expire(sessionId: string, opts?: { signedAt?: number }): Promise<StandInEvent>;
  /** Signs and sends any event about `object` (`checkout.session.async_payment_succeeded`...). */
  sendEvent(
    type: string,
    object: Record<string, unknown>,
    opts?: { signedAt?: number; secret?: string },
  ): Promise<StandInEvent>;
  close(): Promise<void>;
}

/** Parses the SDK's form encoding (`a[b][0][c]=v`) into nested objects and arrays. */
export function parseStripeForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: FormValue = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1]!);
      const container = node as Record<string, FormValue> & FormValue[];
      const k = /^\d+$/.test(part) && Array.isArray(node) ? Number(part) : part;
      if (last) {
        (container as Record<string | number, FormValue>)[k] = value;
      } else {
        const existing = (container as Record<string | number, FormValue>)[k];
        if (existing === undefined) {
          (container as Record<string | number, FormValue>)[k] = nextIsIndex ? [] : {};
        }
        node = (container as Record<string | number, FormValue>)[k]!;
      }
    });
  }
  return root;
}

const str = (v: FormValue | undefined) => (typeof v === 'string' ? v : undefined);
const obj = (v: FormValue | undefined): FormObject =>
  v && typeof v === 'object' && !Array.isArray(v) ? v : {};
const arr = (v: FormValue | undefined): FormValue[] => (Array.isArray(v) ? v : []);
const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

export async function startStripeStandIn(
  opts: { webhookUrl?: string; webhookSecret?: string } = {},
): Promise<StripeStandIn> {
  if (opts.webhookUrl && !/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/.test(opts.webhookUrl)) {
    throw new Error('The Stripe stand-in only sends webhooks to loopback addresses.');
  }
  const webhookSecret = opts.webhookSecret ?? `whsec_${randomBytes(16).toString('hex')}`;
  const sdk = new Stripe('sk_test_stand_in');
  const requests: StandInRequest[] = [];
  const sessions = new Map<string, StandInSession>();
  const coupons = new Map<string, { id: string; amount_off: number; currency: string }>();
  const paidIntents = new Map<string, { amount: number; refunded: boolean }>();
  const idempotent = new Map<string, { body: string; status: number; reply: unknown }>();
  const events: StandInEvent[] = [];
  const pendingFailures: StripeErrorReply[] = [];
  let port = 0;

  const stripeError = (
    status: number,
    type: StripeErrorReply['type'],
    message: string,
    code?: string,
  ) => ({
    status,
    reply: { error: { type, message, ...(code ? { code } : {}) } },
  });
  const missing = (what: string, id: string) =>
    stripeError(404, 'invalid_request_error', `No such ${what}: '${id}'`, 'resource_missing');

  function createSession(body: FormObject): { status: number; reply: unknown } {
    const lines = arr(body.line_items);
    let subtotal = 0;
    let currency = '';
    for (const raw of lines) {
      const line = obj(raw);
      const price = obj(line.price_data);
      const unit = Number(str(price.unit_amount));
      const quantity = Number(str(line.quantity) ?? '1');
      if (!Number.isInteger(unit) || unit < 0 || !Number.isInteger(quantity) || quantity < 1) {
        return stripeError(
          400,
          'invalid_request_error',
          'Invalid line item.',
          'parameter_invalid_integer',
        );
      }
      currency = str(price.currency) ?? currency;
      subtotal += unit * quantity;
    }
    if (!lines.length) {
      return stripeError(
        400,
        'invalid_request_error',
        'line_items is required in payment mode.',
        'parameter_missing',
      );
    }
    let discount = 0;
    for (const d of arr(body.discounts)) {
      const couponId = str(obj(d).coupon) ?? '';
      const coupon = coupons.get(couponId);
      if (!coupon) return missing('coupon', couponId);
      discount += coupon.amount_off;
    }
    const created = Math.floor(Date.now() / 1000);
    const expiresAt = Number(str(body.expires_at) ?? created + 24 * 3600);
    if (expiresAt < created + 30 * 60 || expiresAt > created + 24 * 3600) {
      return stripeError(
        400,
        'invalid_request_error',
        'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
        'parameter_invalid_integer',
      );
    }
    const id = newId('cs');
    const session: StandInSession = {
      id,
      object: 'checkout.session',
      mode: str(body.mode) ?? 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_subtotal: subtotal,
      amount_total: Math.max(0, subtotal - discount),
      currency,
      client_reference_id: str(body.client_reference_id) ?? null,
      metadata: Object.fromEntries(
        Object.entries(obj(body.metadata)).map(([k, v]) => [k, str(v) ?? '']),
      ),
      expires_at: expiresAt,
      created,
      payment_intent: null,
      success_url: (str(body.success_url) ?? '').replace('{CHECKOUT_SESSION_ID}', id),
      cancel_url: (str(body.cancel_url) ?? '').replace('{CHECKOUT_SESSION_ID}', id),
      url: `http://127.0.0.1:${port}/pay/${id}`,
      line_items_sent: lines,
      discounts_sent: arr(body.discounts),
    };
    sessions.set(id, session);
    return { status: 200, reply: session };
  }

  function route(
    method: string,
    path: string,
    body: FormObject,
  ): { status: number; reply: unknown } {
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(body);
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (sessionMatch) {
      const id = decodeURIComponent(sessionMatch[1]!);
      const session = sessions.get(id);
      if (!session) return missing('checkout.session', id);
      if (method === 'GET' && !sessionMatch[2]) return { status: 200, reply: session };
      if (method === 'POST' && sessionMatch[2]) {
        if (session.status !== 'open') {
          return stripeError(
            400,
            'invalid_request_error',
            'Only Checkout Sessions with a status in ["open"] can be expired.',
          );
        }
        session.status = 'expired';
        session.url = null;
        return { status: 200, reply: session };
      }
    }
    if (method === 'POST' && path === '/v1/coupons') {
      const amountOff = Number(str(body.amount_off));
      if (!Number.isInteger(amountOff) || amountOff < 1) {
        return stripeError(400, 'invalid_request_error', 'Invalid amount_off.');
      }
      const coupon = {
        id: newId('co').slice(0, 20),
        amount_off: amountOff,
        currency: str(body.currency) ?? '',
      };
      coupons.set(coupon.id, coupon);
      return { status: 200, reply: { object: 'coupon', duration: str(body.duration), ...coupon } };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const pi = str(body.payment_intent) ?? '';
      const paid = paidIntents.get(pi);
      if (!paid) return missing('payment_intent', pi);
      if (paid.refunded) {
        return stripeError(
          400,
          'invalid_request_error',
          `Charge for payment intent ${pi} has already been refunded.`,
          'charge_already_refunded',
        );
      }
      paid.refunded = true;
      return {
        status: 200,
        reply: {
          id: newId('re'),
          object: 'refund',
          amount: paid.amount,
          status: 'succeeded',
          payment_intent: pi,
        },
      };
    }
    return stripeError(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${method}: ${path}).`,
    );
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const method = req.method ?? 'GET';
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const header = (name: string) => {
      const v = req.headers[name];
      return Array.isArray(v) ? v[0] : v;
    };
    const record: StandInRequest = {
      method,
      path,
      body: parseStripeForm(text),
      idempotencyKey: header('idempotency-key'),
      authorization: header('authorization'),
    };
    requests.push(record);
    const send = (status: number, reply: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
      res.end(JSON.stringify(reply));
    };
    if (!record.authorization?.startsWith('Bearer sk_test_')) {
      const e = stripeError(401, 'invalid_request_error', 'Invalid API Key provided.');
      return send(e.status, e.reply);
    }
    const failure = pendingFailures.shift();
    if (failure) {
      const e = stripeError(failure.status, failure.type, failure.message, failure.code);
      return send(e.status, e.reply);
    }
    const key = method === 'POST' ? record.idempotencyKey : undefined;
    const seen = key ? idempotent.get(`${path} ${key}`) : undefined;
    if (seen) {
      if (seen.body !== text) {
        const e = stripeError(
          400,
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        );
        return send(e.status, e.reply);
      }
      return send(seen.status, seen.reply);
    }
    const { status, reply } = route(method, path, record.body);
    if (key)
      idempotent.set(`${path} ${key}`, { body: text, status, reply: structuredClone(reply) });
    send(status, reply);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(err) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;

  async function sendEvent(
    type: string,
    object: Record<string, unknown>,
    eventOpts: { signedAt?: number; secret?: string } = {},
  ): Promise<StandInEvent> {
    const id = newId('evt');
    const payload = JSON.stringify(
      {
        id,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object },
      },
      null,
      2,
    );
    const signature = sdk.webhooks.generateTestHeaderString({
      payload,
      secret: eventOpts.secret ?? webhookSecret,
      timestamp: eventOpts.signedAt,
    });
    let deliveredStatus: number | null = null;
    if (opts.webhookUrl) {
      const res = await fetch(opts.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
      await res.arrayBuffer();
      deliveredStatus = res.status;
    }
    const event = { id, type, payload, signature, deliveredStatus };
    events.push(event);
    return event;
  }

  const sessionOrThrow = (id: string) => {
    const session = sessions.get(id);
    if (!session) throw new Error(`The stand-in has no session ${id}`);
    return session;
  };

  return {
    secretKey: 'sk_test_stand_in',
    webhookSecret,
    host: '127.0.0.1',
    port,
    sdkOptions: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    sessions,
    events,
    failNext: (error) => void pendingFailures.push(error),
    async complete(sessionId, completeOpts = {}) {
      const session = sessionOrThrow(sessionId);
      session.status = 'complete';
      session.url = null;
      session.payment_status = completeOpts.paymentStatus ?? 'paid';
      session.payment_intent = newId('pi');
      if (session.payment_status === 'paid') {
        paidIntents.set(session.payment_intent, { amount: session.amount_total, refunded: false });
      }
      return sendEvent('checkout.session.completed', { ...session }, completeOpts);
    },
    async expire(sessionId, expireOpts = {}) {
      const session = sessionOrThrow(sessionId);
      session.status = 'expired';
      session.url = null;
      return sendEvent('checkout.session.expired', { ...session }, expireOpts);
    },
    sendEvent,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
