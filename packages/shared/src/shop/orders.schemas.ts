/**
 * The cart, checkout and orders (docs/shop.md, "Orders and checkout"). The client sends only
 * item ids and quantities: names, prices, shipping, stock, discounts and tax are always read
 * and computed on the server. Money is integer cents of `currency`.
 */
import { z } from 'zod';
import { safeText } from '../common/text';
import { pageOf } from '../common/page.schemas';
import { ORDER_STATUSES } from './order-statuses';

export const CART_RULES = {
  /** Distinct items in one cart. */
  linesMax: 50,
  quantityMax: 100_000,
  promoCodeMax: 40,
} as const;

export const CartLineInputSchema = z.object({
  itemId: z.string().max(100),
  quantity: z
    .number()
    .int('Quantity must be a whole number.')
    .min(1, 'Quantity must be at least 1.')
    .max(CART_RULES.quantityMax, `Quantity must be at most ${CART_RULES.quantityMax}.`),
});
export type CartLineInput = z.infer<typeof CartLineInputSchema>;

/** `POST /api/cart/quote` and `POST /api/checkout`. Any other field (a price) is ignored. */
export const CartInputSchema = z.object({
  lines: z
    .array(CartLineInputSchema)
    .min(1, 'Your cart is empty.')
    .max(CART_RULES.linesMax, `A cart holds at most ${CART_RULES.linesMax} different items.`)
    .refine((lines) => new Set(lines.map((l) => l.itemId)).size === lines.length, {
      message: 'Each item may appear only once.',
    }),
  promoCode: safeText()
    .trim()
    .max(CART_RULES.promoCodeMax, `A promo code is at most ${CART_RULES.promoCodeMax} characters.`)
    .optional(),
});
export type CartInput = z.infer<typeof CartInputSchema>;

export const CART_LINE_PROBLEMS = ['not_found', 'sold_out', 'quantity_reduced'] as const;

export const CartQuoteLineSchema = z.object({
  itemId: z.string(),
  /** The server's name; '' when the item is not found. */
  name: z.string(),
  imageUrl: z.string().nullable(),
  unitPriceCents: z.number().int(),
  /** Shipping per unit. */
  shippingCents: z.number().int(),
  /** The quantity asked for, clamped to 1..stock (0 when not found or sold out). */
  quantity: z.number().int(),
  /** In stock now. */
  available: z.number().int(),
  problem: z.enum(CART_LINE_PROBLEMS).nullable(),
});
export type CartQuoteLine = z.infer<typeof CartQuoteLineSchema>;

export const CartTotalsSchema = z.object({
  subtotalCents: z.number().int(),
  shippingCents: z.number().int(),
  discountCents: z.number().int(),
  /** round((subtotal − discount) × the configured rate). */
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  currency: z.string().length(3),
});

export const CartQuoteSchema = CartTotalsSchema.extend({
  lines: z.array(CartQuoteLineSchema),
  /** The applied promo, or null. */
  promo: z.object({ code: z.string(), label: z.string() }).nullable(),
  /** Why the given promo code was not applied, or null. */
  promoError: z.string().nullable(),
});
export type CartQuote = z.infer<typeof CartQuoteSchema>;

/** 201 of `POST /api/checkout`: send the buyer to `url`. */
export const CheckoutStartedSchema = z.object({ orderId: z.string(), url: z.string() });
export type CheckoutStarted = z.infer<typeof CheckoutStartedSchema>;

export const OrderLineSchema = z.object({
  /** Null once the item was deleted; the snapshot stays. */
  itemId: z.string().nullable(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  unitPriceCents: z.number().int(),
  shippingCents: z.number().int(),
  quantity: z.number().int(),
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

export const OrderSchema = CartTotalsSchema.extend({
  id: z.string(),
  status: z.enum(ORDER_STATUSES),
  lines: z.array(OrderLineSchema),
  promoCode: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** When an admin marked it shipped (issue 09); null until then. Only a paid order ships. */
  shippedAt: z.string().nullable(),
  /** While pending: when the stock hold ends. */
  expiresAt: z.string().nullable(),
  /** 'expired', 'cancelled', 'sold_out', 'payment_failed', or null. */
  cancelReason: z.string().nullable(),
});
export type Order = z.infer<typeof OrderSchema>;

export const OrderPageSchema = pageOf(OrderSchema);
export type OrderPage = z.infer<typeof OrderPageSchema>;

/** `GET /api/checkout/test/:sessionId`: the built-in test checkout's page. */
export const TestCheckoutSchema = CartTotalsSchema.extend({
  sessionId: z.string(),
  orderId: z.string(),
  status: z.enum(ORDER_STATUSES),
  lines: z.array(OrderLineSchema),
  expiresAt: z.string().nullable(),
});
export type TestCheckout = z.infer<typeof TestCheckoutSchema>;

/** The test checkout's card form. Numbers may contain spaces. */
export const TestCardInputSchema = z.object({
  cardNumber: z.string().max(40),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  cvc: z.string().max(10),
  name: safeText().trim().min(1, 'Please enter the name on the card.').max(100),
});
export type TestCardInput = z.infer<typeof TestCardInputSchema>;

export const TestPaymentResultSchema = z.object({ redirectUrl: z.string() });
export type TestPaymentResult = z.infer<typeof TestPaymentResultSchema>;

/** `GET /api/shop/sales`: a seller's sold lines. */
export const SaleSchema = z.object({
  orderId: z.string(),
  itemId: z.string().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  currency: z.string().length(3),
  buyerUsername: z.string().nullable(),
  paidAt: z.string(),
  /** When the order was marked shipped, or null. */
  shippedAt: z.string().nullable(),
});
export type Sale = z.infer<typeof SaleSchema>;
export const SalePageSchema = pageOf(SaleSchema);
export type SalePage = z.infer<typeof SalePageSchema>;
