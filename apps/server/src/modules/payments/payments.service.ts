/**
 * The payments module's public face (module seams, docs/architecture.md): other modules import
 * the payment seam from here, never the provider files themselves. See docs/payments.md.
 */
export {
  assertCheckoutInput,
  CHECKOUT_EVENT_TYPES,
  CHECKOUT_TTL_MS,
  checkoutExpiresAt,
  checkoutGrossCents,
  PaymentProviderError,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookSignatureError,
  withSessionIdParam,
} from './payment-provider';
export type {
  CheckoutEventType,
  CheckoutLine,
  CheckoutSession,
  CheckoutSessionInfo,
  CheckoutStatus,
  CreateCheckoutInput,
  PaymentErrorKind,
  PaymentProvider,
  PaymentProviderName,
  PaymentStatus,
  PaymentWebhookEvent,
  RefundResult,
  WebhookSignatureProblem,
} from './payment-provider';
export {
  StripeProvider,
  stripeProviderFromConfig,
  type StripeProviderOptions,
} from './stripe-provider';
