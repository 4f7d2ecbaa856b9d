/**
 * Stripe Checkout behind the payment seam (docs/payments.md), with the official SDK.
 *
 * - One Checkout Session in `payment` mode per order: one line per item (`price_data`), shipping
 *   and tax as two more lines, and a discount as a one-off coupon (`amount_off`, `duration:
 *   'once'`, `max_redemptions: 1`) attached with `discounts`. Stripe refuses negative line
 *   amounts, and folding the discount into the item prices would show the buyer wrong unit
 *   prices and round badly; a coupon keeps the lines true and the total exact.
 * - `client_reference_id` and `metadata.orderId` carry the order id.
 * - Every POST carries an idempotency key, so a retried checkout returns the same session.
 * - Webhooks are verified with `stripe.webhooks.constructEvent` and a 300 s tolerance.
 * - Errors become `PaymentProviderError` with Stripe's own message.
 *
 * `host`, `port` and `protocol` point the SDK elsewhere (tests aim it at
 * `test/stripe-stand-in.ts`); production leaves them unset.
 */
import Stripe from 'stripe';
import type { AppConfig } from '../../config/env';
import {
  assertCheckoutInput,
  type CheckoutEventType,
  type CheckoutSession,
  type CheckoutSessionInfo,
  type CheckoutStatus,
  type CreateCheckoutInput,
  type PaymentErrorKind,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentStatus,
  type PaymentWebhookEvent,
  type RefundResult,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookSignatureError,
  withSessionIdParam,
} from './payment-provider';

export interface StripeProviderOptions {
  secretKey: string;
  /** `whsec_…`; without it `parseWebhook` refuses every webhook. */
  webhookSecret?: string;
  /** API host, port and protocol; Stripe's own by default. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** The SDK's automatic retries of failed requests (with the same idempotency key). */
  maxNetworkRetries?: number;
  timeoutMs?: number;
  /** The clock (tests move it). */
  now?: () => Date;
}

/** Stripe accepts `expires_at` from 30 minutes to 24 hours after it receives the request. */
const MIN_EXPIRY_MS = 30 * 60_000;
const MAX_EXPIRY_MS = 24 * 60 * 60_000;
/**
 * Room for the trip to Stripe and clock drift at either end of that window. Kept below the gap
 * between `CHECKOUT_TTL_MS` (32 min) and the minimum, so the default expiry is sent unchanged
 * unless the call comes more than 90 s after the order was stored (a moved expiry on a retry
 * would be other parameters under the same idempotency key, which Stripe refuses).
 */
const EXPIRY_SLACK_MS = 30_000;

const STRIPE_EVENT_TYPES: Record<string, CheckoutEventType> = {
  'checkout.session.completed': 'checkout.completed',
  'checkout.session.async_payment_succeeded': 'checkout.async_payment_succeeded',
  'checkout.session.async_payment_failed': 'checkout.async_payment_failed',
  'checkout.session.expired': 'checkout.expired',
};

/** The Stripe provider when `STRIPE_SECRET_KEY` is set, otherwise null (use the test checkout). */
export function stripeProviderFromConfig(config: AppConfig): StripeProvider | null {
  if (!config.stripeSecretKey) return null;
  return new StripeProvider({
    secretKey: config.stripeSecretKey,
    webhookSecret: config.stripeWebhookSecret,
  });
}

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;
  private readonly now: () => Date;

  constructor(private readonly options: StripeProviderOptions) {
    this.stripe = new Stripe(options.secretKey, {
      host: options.host,
      port: options.port,
      protocol: options.protocol,
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      timeout: options.timeoutMs ?? 30_000,
      telemetry: false,
      appInfo: { name: 'Otakura' },
    });
    this.now = options.now ?? (() => new Date());
  }

  async createCheckoutSession(input: CreateCheckoutInput): Promise<CheckoutSession> {
    assertCheckoutInput(input, 'stripe');
    const { currency } = input;
    const line = (name: string, unitAmount: number, quantity: number) => ({
      quantity,
      price_data: { currency, unit_amount: unitAmount, product_data: { name } },
    });
    const lineItems = input.lines.map((l) => line(l.name, l.unitAmountCents, l.quantity));
    if (input.shippingCents > 0) lineItems.push(line('Shipping', input.shippingCents, 1));
    if (input.taxCents > 0) lineItems.push(line('Tax', input.taxCents, 1));

    const now = this.now().getTime();
    const expiresAtMs = Math.min(
      Math.max(input.expiresAt.getTime(), now + MIN_EXPIRY_MS + EXPIRY_SLACK_MS),
      now + MAX_EXPIRY_MS - EXPIRY_SLACK_MS,
    );

    return this.call(async () => {
      let discounts: { coupon: string }[] | undefined;
      if (input.discountCents > 0) {
        const coupon = await this.stripe.coupons.create(
          {
            amount_off: input.discountCents,
            currency,
            duration: 'once',
            max_redemptions: 1,
            name: 'Discount',
            metadata: { orderId: input.orderId },
          },
          { idempotencyKey: `${input.idempotencyKey}:coupon`.slice(0, 255) },
        );
        discounts = [{ coupon: coupon.id }];
      }
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: lineItems,
          discounts,
          client_reference_id: input.orderId,
          metadata: { orderId: input.orderId },
          payment_intent_data: { metadata: { orderId: input.orderId } },
          expires_at: Math.floor(expiresAtMs / 1000),
          success_url: withSessionIdParam(input.successUrl, '{CHECKOUT_SESSION_ID}'),
          cancel_url: withSessionIdParam(input.cancelUrl, '{CHECKOUT_SESSION_ID}'),
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!session.url) {
        throw new PaymentProviderError(
          'Stripe did not return a payment page for this checkout.',
          'provider',
          'stripe',
        );
      }
      return {
        sessionId: session.id,
        url: session.url,
        expiresAt: new Date(session.expires_at * 1000),
      };
    });
  }

  retrieveSession(sessionId: string): Promise<CheckoutSessionInfo> {
    return this.call(async () => toInfo(await this.stripe.checkout.sessions.retrieve(sessionId)));
  }

  expireSession(sessionId: string): Promise<CheckoutSessionInfo> {
    return this.call(async () => toInfo(await this.stripe.checkout.sessions.expire(sessionId)));
  }

  refund(paymentIntentId: string, idempotencyKey: string): Promise<RefundResult> {
    return this.call(async () => {
      const refund = await this.stripe.refunds.create(
        { payment_intent: paymentIntentId },
        { idempotencyKey },
      );
      return {
        refundId: refund.id,
        status: (refund.status ?? 'pending') as RefundResult['status'],
        amountCents: refund.amount,
      };
    });
  }

  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentWebhookEvent {
    const secret = this.options.webhookSecret;
    if (!secret) {
      throw new WebhookSignatureError(
        'not_configured',
        'Stripe webhooks need STRIPE_WEBHOOK_SECRET.',
      );
    }
    if (!signatureHeader) {
      throw new WebhookSignatureError('missing', 'The Stripe-Signature header is missing.');
    }
    const nowMs = this.now().getTime();
    const nowSeconds = Math.floor(nowMs / 1000);
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signatureHeader,
        secret,
        WEBHOOK_TOLERANCE_SECONDS,
        undefined,
        nowMs, // the SDK takes milliseconds here
      );
    } catch (err) {
      const signedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(signatureHeader)?.[1]);
      if (
        err instanceof Stripe.errors.StripeSignatureVerificationError &&
        Number.isFinite(signedAt) &&
        Math.abs(nowSeconds - signedAt) > WEBHOOK_TOLERANCE_SECONDS
      ) {
        throw new WebhookSignatureError(
          'stale',
          `The webhook was signed more than ${WEBHOOK_TOLERANCE_SECONDS} seconds ago.`,
        );
      }
      throw new WebhookSignatureError(
        'invalid',
        err instanceof Stripe.errors.StripeSignatureVerificationError
          ? 'The webhook signature does not match.'
          : 'The webhook body could not be read.',
      );
    }

    const created = new Date(event.created * 1000);
    const type = STRIPE_EVENT_TYPES[event.type];
    if (!type) return { id: event.id, type: 'ignored', providerType: event.type, created };
    const session = event.data.object as Stripe.Checkout.Session;
    return {
      id: event.id,
      type,
      providerType: event.type,
      sessionId: session.id,
      orderId: orderIdOf(session),
      paymentStatus: session.payment_status as PaymentStatus,
      paymentIntentId: idOf(session.payment_intent),
      created,
    };
  }

  /** Runs a Stripe call, turning its errors into `PaymentProviderError`. */
  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      throw toProviderError(err);
    }
  }
}

const ERROR_KINDS: Record<string, PaymentErrorKind> = {
  StripeCardError: 'card_declined',
  StripeInvalidRequestError: 'invalid_request',
  StripeAuthenticationError: 'authentication',
  StripePermissionError: 'authentication',
  StripeRateLimitError: 'rate_limited',
  StripeIdempotencyError: 'idempotency',
  StripeConnectionError: 'connection',
};

function toProviderError(err: unknown): PaymentProviderError {
  if (err instanceof PaymentProviderError) return err;
  if (err instanceof Stripe.errors.StripeError) {
    return new PaymentProviderError(
      err.message || 'The payment provider refused the request.',
      ERROR_KINDS[err.type] ?? 'provider',
      'stripe',
      err.code,
      err.statusCode,
    );
  }
  return new PaymentProviderError(
    err instanceof Error ? err.message : 'The payment provider failed.',
    'provider',
    'stripe',
  );
}

const idOf = (ref: string | { id: string } | null | undefined) =>
  ref == null ? null : typeof ref === 'string' ? ref : ref.id;

const orderIdOf = (session: Stripe.Checkout.Session) =>
  session.client_reference_id ?? session.metadata?.orderId ?? null;

function toInfo(session: Stripe.Checkout.Session): CheckoutSessionInfo {
  return {
    sessionId: session.id,
    orderId: orderIdOf(session),
    status: (session.status ?? 'open') as CheckoutStatus,
    paymentStatus: session.payment_status as PaymentStatus,
    amountTotalCents: session.amount_total ?? 0,
    currency: session.currency ?? '',
    paymentIntentId: idOf(session.payment_intent),
  };
}
