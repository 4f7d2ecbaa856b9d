/**
 * The payment provider seam (docs/payments.md). The shop talks to a payment provider only
 * through this interface: Stripe Checkout (`stripe-provider.ts`) when `STRIPE_SECRET_KEY` is
 * set, the built-in test checkout otherwise. No provider's own types leak out of it.
 * Money is integer cents; currency a lower-case ISO 4217 code ('usd').
 */

export type PaymentProviderName = 'test' | 'stripe';

export interface CheckoutLine {
  /** What the buyer sees on the payment page. */
  name: string;
  unitAmountCents: number;
  quantity: number;
}

export interface CreateCheckoutInput {
  orderId: string;
  currency: string;
  /** At least one line. */
  lines: CheckoutLine[];
  shippingCents: number;
  taxCents: number;
  /** Taken off the whole order; at most the lines + shipping + tax. */
  discountCents: number;
  /**
   * Where the provider sends the buyer after paying / giving up. The provider appends
   * `session_id=<the session id>` to both (`…/success?session_id=cs_…`).
   */
  successUrl: string;
  cancelUrl: string;
  /**
   * When the session should stop accepting payment. Providers may only honour a window
   * (Stripe: 30 minutes to 24 hours ahead), so hold stock until the returned `expiresAt`.
   */
  expiresAt: Date;
  /** The same key returns the same session (a retried request creates nothing new). */
  idempotencyKey: string;
}

export interface CheckoutSession {
  sessionId: string;
  /** The payment page to send the buyer to. */
  url: string;
  /** When the provider will expire the session (what it actually accepted). */
  expiresAt: Date;
}

export type CheckoutStatus = 'open' | 'complete' | 'expired';
export type PaymentStatus = 'paid' | 'unpaid' | 'no_payment_required';

export interface CheckoutSessionInfo {
  sessionId: string;
  /** The order id passed at creation (Stripe: `client_reference_id`); null if absent. */
  orderId: string | null;
  status: CheckoutStatus;
  paymentStatus: PaymentStatus;
  amountTotalCents: number;
  currency: string;
  /** What `refund` takes; null until the buyer paid. */
  paymentIntentId: string | null;
}

export interface RefundResult {
  refundId: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action';
  amountCents: number;
}

/**
 * Checkout events the shop acts on, named without the provider:
 * - `checkout.completed`: the buyer finished checkout. Paid only when `paymentStatus` is
 *   'paid' (or 'no_payment_required'); 'unpaid' means a delayed method (bank debit) is pending
 *   and `checkout.async_payment_succeeded` / `_failed` follows.
 * - `checkout.expired`: the session closed unpaid (release the stock hold).
 */
export const CHECKOUT_EVENT_TYPES = [
  'checkout.completed',
  'checkout.async_payment_succeeded',
  'checkout.async_payment_failed',
  'checkout.expired',
] as const;
export type CheckoutEventType = (typeof CHECKOUT_EVENT_TYPES)[number];

export type PaymentWebhookEvent =
  | {
      /** The provider's event id: record it (payment_events) to handle each event once. */
      id: string;
      type: CheckoutEventType;
      /** The provider's own name for it ('checkout.session.completed'). */
      providerType: string;
      sessionId: string;
      orderId: string | null;
      paymentStatus: PaymentStatus;
      paymentIntentId: string | null;
      created: Date;
    }
  | {
      /** An event the shop does not act on: answer 2xx and do nothing. */
      id: string;
      type: 'ignored';
      providerType: string;
      created: Date;
    };

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createCheckoutSession(input: CreateCheckoutInput): Promise<CheckoutSession>;
  retrieveSession(sessionId: string): Promise<CheckoutSessionInfo>;
  /** Closes an open session so it can no longer be paid; fails if it is not open. */
  expireSession(sessionId: string): Promise<CheckoutSessionInfo>;
  /** Refunds the whole payment. */
  refund(paymentIntentId: string, idempotencyKey: string): Promise<RefundResult>;
  /**
   * Verifies and reads a webhook. `rawBody` must be the bytes as received (not re-serialised
   * JSON). Throws `WebhookSignatureError` for a missing, bad or stale signature.
   */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentWebhookEvent;
}

export type PaymentErrorKind =
  /** The buyer's card or payment was refused. */
  | 'card_declined'
  /** The request was wrong (unknown session, not open, bad amount...). */
  | 'invalid_request'
  /** The secret key is wrong or lacks permission. */
  | 'authentication'
  | 'rate_limited'
  /** The same idempotency key was reused with different parameters. */
  | 'idempotency'
  /** The provider could not be reached. */
  | 'connection'
  /** The provider failed on its side, or anything else. */
  | 'provider';

/**
 * A provider call failed. `message` is the provider's own message, fit to show the buyer in an
 * alert (spec §8); `providerCode` its error code ('card_declined', 'resource_missing').
 */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    public readonly kind: PaymentErrorKind,
    public readonly provider: PaymentProviderName,
    public readonly providerCode?: string,
    public readonly statusCode?: number,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

export type WebhookSignatureProblem = 'missing' | 'invalid' | 'stale' | 'not_configured';

/** A webhook whose signature is missing, wrong, too old, or that cannot be checked. */
export class WebhookSignatureError extends Error {
  constructor(
    public readonly problem: WebhookSignatureProblem,
    message: string,
  ) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/**
 * How long a new checkout stays payable: 32 minutes. Stripe's minimum is 30 minutes from when it
 * receives the request and the Stripe provider keeps 30 s more for the trip, so the default
 * leaves 90 s between storing the order and calling Stripe before the provider would have to
 * move it. Store the order's `expiresAt` once and send the same one on every retry: a moved
 * expiry depends on the provider's clock, and a retry with other parameters under the same
 * idempotency key is refused.
 */
export const CHECKOUT_TTL_MS = 32 * 60_000;
export const checkoutExpiresAt = (now: Date = new Date()) =>
  new Date(now.getTime() + CHECKOUT_TTL_MS);

/** Stripe's and our tolerance for a webhook's signed timestamp, in seconds. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Checks the amounts of a checkout request; throws `PaymentProviderError` (invalid_request). */
export function assertCheckoutInput(input: CreateCheckoutInput, provider: PaymentProviderName) {
  const bad = (message: string) => new PaymentProviderError(message, 'invalid_request', provider);
  const isCents = (n: number) => Number.isSafeInteger(n) && n >= 0;
  if (!input.orderId) throw bad('An order id is required.');
  if (!/^[a-z]{3}$/.test(input.currency)) throw bad('The currency must be a three-letter code.');
  if (input.lines.length === 0) throw bad('A checkout needs at least one line.');
  for (const line of input.lines) {
    if (!line.name.trim()) throw bad('Every line needs a name.');
    if (!isCents(line.unitAmountCents)) throw bad('Line amounts must be whole cents, 0 or more.');
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1)
      throw bad('Line quantities must be whole numbers, 1 or more.');
  }
  for (const [field, value] of [
    ['shipping', input.shippingCents],
    ['tax', input.taxCents],
    ['discount', input.discountCents],
  ] as const) {
    if (!isCents(value)) throw bad(`The ${field} must be whole cents, 0 or more.`);
  }
  if (input.discountCents > checkoutGrossCents(input))
    throw bad('The discount cannot be more than the order.');
  if (!input.idempotencyKey || input.idempotencyKey.length > 255)
    throw bad('An idempotency key of 1 to 255 characters is required.');
}

/** Lines + shipping + tax, before the discount. */
export const checkoutGrossCents = (input: CreateCheckoutInput) =>
  input.lines.reduce((sum, l) => sum + l.unitAmountCents * l.quantity, 0) +
  input.shippingCents +
  input.taxCents;

/** Appends `session_id=<placeholder>` to a return URL, keeping its own query. */
export const withSessionIdParam = (url: string, placeholder: string) =>
  `${url}${url.includes('?') ? '&' : '?'}session_id=${placeholder}`;
