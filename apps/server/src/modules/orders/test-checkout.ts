/**
 * The built-in test checkout: the payment provider when Stripe is not configured. Its payment
 * page is ours (`/checkout/test/{sessionId}`); a successful test card produces a signed
 * `checkout.completed` event that goes through the same verify-then-apply path as a Stripe
 * webhook (signature check, once-only event table, fulfilment).
 *
 * Events are signed like Stripe's: header `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`,
 * with a key derived from the server's auth secret, and refused beyond 300 s.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  assertCheckoutInput,
  CHECKOUT_EVENT_TYPES,
  type CheckoutSession,
  type CheckoutSessionInfo,
  type CreateCheckoutInput,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentWebhookEvent,
  type RefundResult,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookSignatureError,
} from '../payments/payments.service';

const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** The key that signs test checkout events, derived from the server's auth secret. */
export const testCheckoutKey = (authSecret: string) =>
  createHmac('sha256', authSecret).update('otakura:test-checkout:webhook').digest();

const TestEventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.enum(CHECKOUT_EVENT_TYPES),
  sessionId: z.string(),
  orderId: z.string().nullable(),
  paymentStatus: z.enum(['paid', 'unpaid', 'no_payment_required']),
  paymentIntentId: z.string().nullable(),
  created: z.number().int(),
});

/** What the test checkout knows of a session: its order's state. */
export type TestSessionLookup = (sessionId: string) => Promise<
  | {
      orderId: string;
      status: string;
      totalCents: number;
      currency: string;
      paymentIntentId: string | null;
    }
  | undefined
>;

export class TestCheckoutProvider implements PaymentProvider {
  readonly name = 'test' as const;

  constructor(
    private readonly key: Buffer,
    private readonly lookup: TestSessionLookup,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async createCheckoutSession(input: CreateCheckoutInput): Promise<CheckoutSession> {
    assertCheckoutInput(input, 'test');
    const sessionId = randomId('test_cs');
    return { sessionId, url: `/checkout/test/${sessionId}`, expiresAt: input.expiresAt };
  }

  async retrieveSession(sessionId: string): Promise<CheckoutSessionInfo> {
    const s = await this.lookup(sessionId);
    if (!s) {
      throw new PaymentProviderError(
        `No such checkout session: '${sessionId}'`,
        'invalid_request',
        'test',
      );
    }
    const paid = s.status === 'paid' || s.status === 'refunded';
    return {
      sessionId,
      orderId: s.orderId,
      status: paid ? 'complete' : s.status === 'pending' ? 'open' : 'expired',
      paymentStatus: paid ? 'paid' : 'unpaid',
      amountTotalCents: s.totalCents,
      currency: s.currency,
      paymentIntentId: s.paymentIntentId,
    };
  }

  async expireSession(sessionId: string): Promise<CheckoutSessionInfo> {
    const info = await this.retrieveSession(sessionId);
    return { ...info, status: info.status === 'open' ? 'expired' : info.status };
  }

  /** The test checkout moves no money: the refund is recorded on the order by the caller. */
  async refund(paymentIntentId: string): Promise<RefundResult> {
    void paymentIntentId;
    return { refundId: randomId('test_re'), status: 'succeeded', amountCents: 0 };
  }

  /** A paid `checkout.completed` event for `sessionId`, serialised and signed. */
  completedEvent(sessionId: string, orderId: string): { raw: Buffer; header: string } {
    const raw = Buffer.from(
      JSON.stringify({
        id: randomId('evt_test'),
        type: 'checkout.completed',
        sessionId,
        orderId,
        paymentStatus: 'paid',
        paymentIntentId: randomId('test_pi'),
        created: Math.floor(this.now().getTime() / 1000),
      }),
    );
    return { raw, header: this.sign(raw) };
  }

  sign(raw: Buffer, at: number = Math.floor(this.now().getTime() / 1000)): string {
    const mac = createHmac('sha256', this.key).update(`${at}.`).update(raw).digest('hex');
    return `t=${at},v1=${mac}`;
  }

  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentWebhookEvent {
    if (!signatureHeader) throw new WebhookSignatureError('missing', 'No signature.');
    const parts = new Map(
      signatureHeader.split(',').map((p) => {
        const i = p.indexOf('=');
        return [p.slice(0, i).trim(), p.slice(i + 1).trim()] as const;
      }),
    );
    const at = Number(parts.get('t'));
    const given = Buffer.from(parts.get('v1') ?? '', 'hex');
    const expected = createHmac('sha256', this.key).update(`${at}.`).update(rawBody).digest();
    if (
      !Number.isSafeInteger(at) ||
      given.length !== expected.length ||
      !timingSafeEqual(given, expected)
    ) {
      throw new WebhookSignatureError('invalid', 'The signature does not match.');
    }
    if (Math.abs(this.now().getTime() / 1000 - at) > WEBHOOK_TOLERANCE_SECONDS) {
      throw new WebhookSignatureError('stale', 'The signature is too old.');
    }
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new WebhookSignatureError('invalid', 'The event is not JSON.');
    }
    const e = TestEventSchema.safeParse(json);
    if (!e.success) throw new WebhookSignatureError('invalid', 'The event is not readable.');
    return {
      id: e.data.id,
      type: e.data.type,
      providerType: e.data.type,
      sessionId: e.data.sessionId,
      orderId: e.data.orderId,
      paymentStatus: e.data.paymentStatus,
      paymentIntentId: e.data.paymentIntentId,
      created: new Date(e.data.created * 1000),
    };
  }
}

/** Test cards (Stripe's numbers) and what they do. */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export type CardCheck =
  | { ok: true; digits: string }
  | { ok: false; field: 'cardNumber' | 'expMonth' | 'expYear' | 'cvc'; message: string };

/** Checks a card form like a real one would: Luhn, a future expiry, a 3–4 digit CVC. */
export function checkCard(
  card: { cardNumber: string; expMonth: number; expYear: number; cvc: string },
  now: Date = new Date(),
): CardCheck {
  const digits = card.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits))
    return { ok: false, field: 'cardNumber', message: 'Your card number is invalid.' };
  if (card.expMonth < 1 || card.expMonth > 12)
    return { ok: false, field: 'expMonth', message: "Your card's expiration month is invalid." };
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const thisYear = now.getUTCFullYear();
  if (
    year < thisYear ||
    year > thisYear + 50 ||
    (year === thisYear && card.expMonth < now.getUTCMonth() + 1)
  )
    return { ok: false, field: 'expYear', message: "Your card's expiration date is in the past." };
  if (!/^\d{3,4}$/.test(card.cvc))
    return { ok: false, field: 'cvc', message: "Your card's security code is invalid." };
  return { ok: true, digits };
}

/** The decline message for a valid card number, or null when it pays. */
export function declineMessage(digits: string): string | null {
  if (digits === TEST_CARDS.success) return null;
  if (digits === TEST_CARDS.insufficientFunds) return 'Your card has insufficient funds.';
  return 'Your card was declined.';
}
