/**
 * Cart pricing, checkout with stock holds, fulfilment from signed provider events, and orders
 * (docs/shop.md, "Orders and checkout"). Prices, stock, discounts and tax are always read and
 * computed here; the client sends item ids and quantities only.
 *
 * - A checkout takes the stock in one transaction (guarded decrements) and inserts a `pending`
 *   order holding it until `expires_at`; the payment session is started after the commit.
 * - A hold that ends unpaid is cancelled and its units return to the stock (lazily whenever
 *   orders are read or a checkout starts, and every minute by `startHoldSweeper`).
 * - Every payment confirmation goes through `fulfilSession`, idempotently; provider events are
 *   recorded in `payment_events` first and applied only the first time, in the same transaction.
 */
import {
  liveTopics,
  type AdminOrder,
  type AdminOrderPage,
  type AdminOrdersQuery,
  type OrderStatus,
  type CartInput,
  type CartQuote,
  type CartQuoteLine,
  type CheckoutStarted,
  type Order,
  type OrderPage,
  type PageQuery,
  type SalePage,
  type TestCheckout,
} from '@otakura/shared';
import { z } from 'zod';
import type { AppConfig, PromoCode } from '../../config/env';
import { runInTransaction, type Db } from '../../db/client';
import { cursorCodec, cursorId, cursorTimestamp } from '../../lib/cursor';
import { AppError, appError, conflict, notFound, validationError } from '../../lib/errors';
import { fileUrl } from '../../lib/file-url';
import { isId } from '../../lib/ids';
import {
  checkoutExpiresAt,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentWebhookEvent,
  WebhookSignatureError,
} from '../payments/payments.service';
import type { LiveBus } from '../live/live-bus';
import { recordAudit } from '../moderation/audit.service';
import type { Notifier } from '../notifications/notifications.service';
import { toAdminOrder, toOrder, toSale, toTestCheckout } from './orders.mapper';
import * as repo from './orders.repository';

export interface PaymentProviders {
  /** The provider new checkouts use. */
  active: PaymentProvider;
  /** The provider of an existing order (null when it is no longer configured). */
  byName(name: 'test' | 'stripe'): PaymentProvider | null;
}

export interface OrdersDeps {
  db: Db;
  config: Pick<AppConfig, 'currency' | 'shopTaxRateBps' | 'promoCodes' | 'publicUrl'>;
  providers: PaymentProviders;
  /** `order.updated` on the buyer's `user:{id}` topic after a status change. */
  live?: Pick<LiveBus, 'publish'>;
  log?: { warn(o: object, m: string): void };
  /** Tells the buyer their order was paid (issue 09). */
  notifier?: Pick<Notifier, 'notify'>;
}

export const orderNotFound = () => notFound('order_not_found');

const orderCursor = cursorCodec({
  wire: z.tuple([z.literal('o'), cursorTimestamp, cursorId]),
  read: ([, at, id]) => ({ at, id }),
  write: (c: { at: string; id: string }) => ['o', c.at, c.id] as const,
});
const saleCursor = cursorCodec({
  wire: z.tuple([z.literal('sl'), cursorTimestamp, cursorId]),
  read: ([, at, id]) => ({ at, id }),
  write: (c: { at: string; id: string }) => ['sl', c.at, c.id] as const,
});

// ---- Pricing -----------------------------------------------------------------------------

export const PROMO_INVALID = 'This promo code is not valid.';
export const PROMO_EXPIRED = 'This promo code has expired.';

function promoLabel(p: PromoCode, currency: string): string {
  return p.kind === 'percent'
    ? `${p.value}% off`
    : `${(p.value / 100).toFixed(2)} ${currency.toUpperCase()} off`;
}

/** The quote of `input` against the items as read now (`items`), with the configuration. */
export function priceCart(
  input: CartInput,
  items: repo.CartItemRow[],
  config: OrdersDeps['config'],
  now: Date = new Date(),
): CartQuote {
  const byId = new Map(items.map((i) => [i.id, i]));
  const lines: CartQuoteLine[] = input.lines.map((l) => {
    const item = byId.get(l.itemId);
    if (!item) {
      return {
        itemId: l.itemId,
        name: '',
        imageUrl: null,
        unitPriceCents: 0,
        shippingCents: 0,
        quantity: 0,
        available: 0,
        problem: 'not_found',
      };
    }
    const quantity = Math.min(l.quantity, item.quantity);
    return {
      itemId: item.id,
      name: item.name,
      imageUrl: fileUrl(item.imageKey),
      unitPriceCents: item.priceCents,
      shippingCents: item.shippingCents,
      quantity,
      available: item.quantity,
      problem: item.quantity === 0 ? 'sold_out' : quantity < l.quantity ? 'quantity_reduced' : null,
    };
  });
  const subtotalCents = lines.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0);
  const shippingCents = lines.reduce((s, l) => s + l.shippingCents * l.quantity, 0);
  let discountCents = 0;
  let promo: CartQuote['promo'] = null;
  let promoError: string | null = null;
  const code = input.promoCode?.trim().toUpperCase();
  if (code) {
    const found = config.promoCodes.find((p) => p.code === code);
    const today = now.toISOString().slice(0, 10);
    if (!found) promoError = PROMO_INVALID;
    else if (found.expiresOn !== null && today > found.expiresOn) promoError = PROMO_EXPIRED;
    else {
      discountCents =
        found.kind === 'percent'
          ? Math.round((subtotalCents * found.value) / 100)
          : Math.min(found.value, subtotalCents);
      promo = { code: found.code, label: promoLabel(found, config.currency) };
    }
  }
  const taxCents = Math.round(((subtotalCents - discountCents) * config.shopTaxRateBps) / 10_000);
  return {
    lines,
    subtotalCents,
    shippingCents,
    discountCents,
    taxCents,
    totalCents: subtotalCents - discountCents + shippingCents + taxCents,
    currency: config.currency,
    promo,
    promoError,
  };
}

const knownIds = (input: CartInput) => input.lines.map((l) => l.itemId).filter((id) => isId(id));

export async function quoteCart(
  deps: OrdersDeps,
  buyerId: string,
  input: CartInput,
): Promise<CartQuote> {
  const items = await repo.findCartItems(deps.db, buyerId, knownIds(input), false);
  return priceCart(input, items, deps.config);
}

// ---- Live --------------------------------------------------------------------------------

export interface StatusChange {
  orderId: string;
  userId: string | null;
  status: OrderStatus;
}

/** Tells each buyer that an order of theirs changed (after the commit; best effort). */
async function publishChanges(
  live: Pick<LiveBus, 'publish'> | undefined,
  changes: StatusChange[],
): Promise<void> {
  if (!live) return;
  for (const c of changes) {
    if (!c.userId) continue;
    await live
      .publish({
        type: 'order.updated',
        topic: liveTopics.user(c.userId),
        orderId: c.orderId,
        status: c.status,
      })
      .catch(() => undefined);
  }
}

// ---- Holds -------------------------------------------------------------------------------

/** Cancels the pending orders whose hold ended and returns their stock; answers their ids. */
export async function expireHolds(db: Db, live?: Pick<LiveBus, 'publish'>): Promise<string[]> {
  const rows = await runInTransaction(db, (tx) => repo.expireHolds(tx));
  await publishChanges(
    live,
    rows.map((r) => ({ orderId: r.id, userId: r.userId, status: 'cancelled' as const })),
  );
  return rows.map((r) => r.id);
}

/** Expires holds every `everyMs` (60 s); returns the stop function. */
export function startHoldSweeper(
  db: Db,
  log: { warn(o: object, m: string): void },
  live?: Pick<LiveBus, 'publish'>,
  everyMs = 60_000,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    expireHolds(db, live)
      .catch((err: unknown) => log.warn({ err }, 'expiring order holds failed'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

// ---- Checkout ----------------------------------------------------------------------------

export async function startCheckout(
  deps: OrdersDeps,
  buyerId: string,
  input: CartInput,
): Promise<CheckoutStarted> {
  await expireHolds(deps.db, deps.live);
  const provider = deps.providers.active;
  const expiresAt = checkoutExpiresAt();
  const { orderId, quote } = await runInTransaction(deps.db, async (tx) => {
    const items = await repo.findCartItems(tx, buyerId, knownIds(input), true);
    const quote = priceCart(input, items, deps.config);
    if (quote.promoError)
      throw validationError([{ path: 'promoCode', message: quote.promoError }], quote.promoError);
    const soldOut = quote.lines.find((l) => l.problem === 'sold_out');
    if (soldOut) throw conflict('out_of_stock', `Sorry, ${soldOut.name} just sold out.`);
    const changed = quote.lines.find((l) => l.problem !== null);
    if (changed) {
      throw conflict(
        'cart_changed',
        changed.problem === 'quantity_reduced'
          ? `Only ${changed.available} of ${changed.name} left. Please check your cart.`
          : 'An item in your cart is no longer available. Please check your cart.',
      );
    }
    for (const line of quote.lines) {
      if (!(await repo.takeStock(tx, line.itemId, line.quantity)))
        throw conflict('out_of_stock', `Sorry, ${line.name} just sold out.`);
    }
    const orderId = await repo.insertOrder(tx, {
      userId: buyerId,
      subtotalCents: quote.subtotalCents,
      shippingCents: quote.shippingCents,
      discountCents: quote.discountCents,
      taxCents: quote.taxCents,
      totalCents: quote.totalCents,
      currency: quote.currency,
      provider: provider.name,
      promoCode: quote.promo?.code ?? null,
      expiresAt,
      lines: quote.lines.map((l) => ({
        itemId: l.itemId,
        name: l.name,
        unitPriceCents: l.unitPriceCents,
        shippingCents: l.shippingCents,
        quantity: l.quantity,
      })),
    });
    return { orderId, quote };
  });

  try {
    const session = await provider.createCheckoutSession({
      orderId,
      currency: quote.currency,
      lines: quote.lines.map((l) => ({
        name: l.name,
        unitAmountCents: l.unitPriceCents,
        quantity: l.quantity,
      })),
      shippingCents: quote.shippingCents,
      taxCents: quote.taxCents,
      discountCents: quote.discountCents,
      successUrl: `${deps.config.publicUrl}/success`,
      cancelUrl: `${deps.config.publicUrl}/cancel`,
      expiresAt,
      idempotencyKey: orderId,
    });
    await repo.setCheckoutSession(deps.db, orderId, session);
    return { orderId, url: session.url };
  } catch (err) {
    await cancelAndRelease(deps, orderId, buyerId, 'payment_failed');
    if (err instanceof PaymentProviderError) throw appError('payment_provider_error', err.message);
    throw err;
  }
}

/** pending → cancelled with `reason`, stock returned; false when it was not pending. */
async function cancelAndRelease(
  deps: Pick<OrdersDeps, 'db' | 'live'>,
  orderId: string,
  userId: string | null,
  reason: string,
): Promise<boolean> {
  const cancelled = await runInTransaction(deps.db, async (tx) => {
    if (!(await repo.cancelPending(tx, orderId, reason))) return false;
    await repo.releaseStock(tx, orderId);
    return true;
  });
  if (cancelled) await publishChanges(deps.live, [{ orderId, userId, status: 'cancelled' }]);
  return cancelled;
}

// ---- Fulfilment --------------------------------------------------------------------------

export interface Fulfilment {
  orderId: string;
  /** The status change to announce, or null when nothing changed. */
  change: StatusChange | null;
  /** The order was paid after its hold ended and the stock was gone: refund it. */
  refund: { paymentIntentId: string | null } | null;
}

/**
 * Marks the order of `sessionId` paid, in the caller's transaction, and records the volumes
 * among its items as owned by the buyer (issue 12). Idempotent: a paid or
 * refunded order is left alone. A cancelled order (its hold ended) takes its stock again when
 * every line is still there (then it is paid), else it becomes `refunded` ('sold_out').
 */
export async function fulfilInTx(
  tx: Db,
  provider: PaymentProvider,
  sessionId: string,
  paymentIntentId: string | null,
): Promise<Fulfilment | null> {
  const order = await repo.findOrderBySession(tx, sessionId, true);
  if (!order || order.provider !== provider.name) return null;
  const change = (status: OrderStatus): StatusChange => ({
    orderId: order.id,
    userId: order.userId,
    status,
  });
  if (order.status === 'pending') {
    await repo.markPaid(tx, order.id, paymentIntentId);
    await repo.recordOwnedVolumes(tx, order.id);
    return { orderId: order.id, change: change('paid'), refund: null };
  }
  if (order.status !== 'cancelled') return { orderId: order.id, change: null, refund: null };
  const lines = await repo.orderLines(tx, [order.id]);
  const retaken = await tx
    .transaction(async (sp) => {
      for (const line of lines) {
        if (!line.itemId || !(await repo.takeStock(sp, line.itemId, line.quantity)))
          throw new StockGone();
      }
      return true;
    })
    .catch((err: unknown) => {
      if (err instanceof StockGone) return false;
      throw err;
    });
  if (retaken) {
    await repo.markPaid(tx, order.id, paymentIntentId);
    await repo.recordOwnedVolumes(tx, order.id);
    return { orderId: order.id, change: change('paid'), refund: null };
  }
  await repo.markRefunded(tx, order.id, paymentIntentId, 'sold_out');
  return {
    orderId: order.id,
    change: change('refunded'),
    refund: { paymentIntentId: paymentIntentId ?? order.paymentIntentId },
  };
}

class StockGone extends Error {}

async function afterFulfilment(
  deps: OrdersDeps,
  provider: PaymentProvider,
  f: Fulfilment | null,
): Promise<void> {
  if (f?.change) await publishChanges(deps.live, [f.change]);
  if (f?.change?.status === 'paid' && f.change.userId && deps.notifier) {
    const label = orderLabel(await repo.orderLines(deps.db, [f.orderId]).catch(() => []));
    await deps.notifier.notify({
      recipientId: f.change.userId,
      type: 'order',
      subtype: 'paid',
      targetType: 'order',
      targetId: f.orderId,
      link: '/purchases',
      excerpt: label,
    });
  }
  if (!f?.refund?.paymentIntentId || provider.name !== 'stripe') return;
  try {
    await provider.refund(f.refund.paymentIntentId, `refund-${f.orderId}`);
  } catch (err) {
    deps.log?.warn({ err, orderId: f.orderId }, 'refunding a sold-out order failed');
  }
}

/** Fulfils the order of `sessionId` (idempotent); used by every confirmation path. */
export async function fulfilSession(
  deps: OrdersDeps,
  provider: PaymentProvider,
  sessionId: string,
  paymentIntentId: string | null,
): Promise<void> {
  const f = await runInTransaction(deps.db, (tx) =>
    fulfilInTx(tx, provider, sessionId, paymentIntentId),
  );
  await afterFulfilment(deps, provider, f);
}

/**
 * Applies a provider event once: recorded in `payment_events` first, applied only when the
 * row is new, both in one transaction. Answers whether it was applied.
 */
export async function applyEvent(
  deps: OrdersDeps,
  provider: PaymentProvider,
  event: PaymentWebhookEvent,
): Promise<boolean> {
  let fulfilment: Fulfilment | null = null;
  let cancelled: StatusChange | null = null;
  const applied = await runInTransaction(deps.db, async (tx) => {
    const fresh = await repo.recordEvent(tx, {
      id: event.id,
      provider: provider.name,
      type: event.providerType,
      payload: event,
    });
    if (!fresh || event.type === 'ignored') return fresh;
    const paid =
      event.type === 'checkout.async_payment_succeeded' ||
      (event.type === 'checkout.completed' &&
        (event.paymentStatus === 'paid' || event.paymentStatus === 'no_payment_required'));
    if (paid) {
      fulfilment = await fulfilInTx(tx, provider, event.sessionId, event.paymentIntentId);
    } else if (
      event.type === 'checkout.expired' ||
      event.type === 'checkout.async_payment_failed'
    ) {
      const order = await repo.findOrderBySession(tx, event.sessionId, true);
      if (order?.provider === provider.name && order.status === 'pending') {
        await repo.cancelPending(
          tx,
          order.id,
          event.type === 'checkout.expired' ? 'expired' : 'payment_failed',
        );
        await repo.releaseStock(tx, order.id);
        cancelled = { orderId: order.id, userId: order.userId, status: 'cancelled' };
      }
    }
    return true;
  });
  if (cancelled) await publishChanges(deps.live, [cancelled]);
  await afterFulfilment(deps, provider, fulfilment);
  return applied;
}

/**
 * The webhook path: verify the signature, then apply the event once. A missing, wrong or
 * stale signature is 400 `invalid_signature` and changes nothing.
 */
export async function handleWebhook(
  deps: OrdersDeps,
  provider: PaymentProvider,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ received: true; applied: boolean }> {
  let event: PaymentWebhookEvent;
  try {
    event = provider.parseWebhook(rawBody, signature);
  } catch (err) {
    if (err instanceof WebhookSignatureError)
      throw new AppError(
        'invalid_signature',
        `The webhook signature is not valid (${err.problem}).`,
      );
    throw err;
  }
  return { received: true, applied: await applyEvent(deps, provider, event) };
}

// ---- Orders ------------------------------------------------------------------------------

async function presentOrders(db: Db, rows: repo.OrderRow[]): Promise<Order[]> {
  const lines = await repo.orderLines(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    toOrder(
      r,
      lines.filter((l) => l.orderId === r.id),
    ),
  );
}

/** Orders read per page by `listOrdersForExport`. */
const EXPORT_PAGE = 500;

/**
 * Every order of the buyer for "Download my data": all statuses, newest first, with lines,
 * totals, currency, promo code, dates, status and cancel reason (the `Order` shape of
 * /purchases, so no provider session, payment intent or checkout URL). Read-only: holds are
 * not expired here, so it runs inside the export's read-only snapshot (`db` may be its tx).
 */
export async function listOrdersForExport(db: Db, buyerId: string): Promise<Order[]> {
  const out: Order[] = [];
  let after: { at: string; id: string } | undefined;
  for (;;) {
    const rows = await repo.listOrders(db, buyerId, after, EXPORT_PAGE);
    out.push(...(await presentOrders(db, rows)));
    const last = rows[rows.length - 1];
    if (rows.length < EXPORT_PAGE || !last) return out;
    after = { at: last.cursorAt, id: last.id };
  }
}

/** The buyer's order; 404 `order_not_found` for anyone else's, or a malformed id. */
async function ownOrder(db: Db, buyerId: string, orderId: string): Promise<repo.OrderRow> {
  const row = isId(orderId) ? await repo.findOrderById(db, orderId) : undefined;
  if (!row || row.userId !== buyerId) throw orderNotFound();
  return row;
}

async function ownSessionOrder(db: Db, buyerId: string, sessionId: string): Promise<repo.OrderRow> {
  const row = await repo.findOrderBySession(db, sessionId);
  if (!row || row.userId !== buyerId) throw orderNotFound();
  return row;
}

export async function listOrders(
  deps: OrdersDeps,
  buyerId: string,
  query: PageQuery,
): Promise<OrderPage> {
  const after = orderCursor.decode(query.cursor);
  await expireHolds(deps.db, deps.live);
  const rows = await repo.listOrders(deps.db, buyerId, after, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: await presentOrders(deps.db, page),
    nextCursor:
      rows.length > query.limit && last
        ? orderCursor.encode({ at: last.cursorAt, id: last.id })
        : null,
  };
}

export async function getOrder(deps: OrdersDeps, buyerId: string, orderId: string): Promise<Order> {
  await expireHolds(deps.db, deps.live);
  const row = await ownOrder(deps.db, buyerId, orderId);
  return (await presentOrders(deps.db, [row]))[0]!;
}

/**
 * The success page's order: when the provider says the session is complete and paid, the
 * order is fulfilled now (the webhook may not have arrived yet), then answered.
 */
export async function getOrderBySession(
  deps: OrdersDeps,
  buyerId: string,
  sessionId: string,
): Promise<Order> {
  await expireHolds(deps.db, deps.live);
  let row = await ownSessionOrder(deps.db, buyerId, sessionId);
  const provider = deps.providers.byName(row.provider);
  if (provider && (row.status === 'pending' || row.status === 'cancelled')) {
    const info = await provider.retrieveSession(sessionId).catch((err: unknown) => {
      deps.log?.warn({ err, sessionId }, 'reading a checkout session failed');
      return null;
    });
    if (
      info?.status === 'complete' &&
      (info.paymentStatus === 'paid' || info.paymentStatus === 'no_payment_required')
    ) {
      await fulfilSession(deps, provider, sessionId, info.paymentIntentId);
      row = await ownSessionOrder(deps.db, buyerId, sessionId);
    }
  }
  return (await presentOrders(deps.db, [row]))[0]!;
}

/** The buyer gives up: a pending order is cancelled and its stock returned. */
export async function cancelBySession(
  deps: OrdersDeps,
  buyerId: string,
  sessionId: string,
): Promise<Order> {
  const row = await ownSessionOrder(deps.db, buyerId, sessionId);
  const cancelled = await cancelAndRelease(deps, row.id, row.userId, 'cancelled');
  const provider = deps.providers.byName(row.provider);
  if (cancelled && provider?.name === 'stripe') {
    await provider.expireSession(sessionId).catch((err: unknown) => {
      deps.log?.warn({ err, sessionId }, 'expiring a checkout session failed');
    });
  }
  return getOrder(deps, buyerId, row.id);
}

// ---- The built-in test checkout ----------------------------------------------------------

export async function getTestCheckout(
  deps: OrdersDeps,
  buyerId: string,
  sessionId: string,
): Promise<TestCheckout> {
  await expireHolds(deps.db, deps.live);
  const row = await ownSessionOrder(deps.db, buyerId, sessionId);
  if (row.provider !== 'test') throw orderNotFound();
  return toTestCheckout(row, await repo.orderLines(deps.db, [row.id]));
}

/** The buyer's pending test-checkout order, or 404 / 409. */
export async function pendingTestOrder(
  deps: OrdersDeps,
  buyerId: string,
  sessionId: string,
): Promise<repo.OrderRow> {
  await expireHolds(deps.db, deps.live);
  const row = await ownSessionOrder(deps.db, buyerId, sessionId);
  if (row.provider !== 'test') throw orderNotFound();
  if (row.status !== 'pending') throw conflict('order_not_pending');
  return row;
}

export const testLookup = (db: Db) => async (sessionId: string) => {
  const row = await repo.findOrderBySession(db, sessionId);
  return (
    row && {
      orderId: row.id,
      status: row.status,
      totalCents: row.totalCents,
      currency: row.currency,
      paymentIntentId: row.paymentIntentId,
    }
  );
};

// ---- Sales -------------------------------------------------------------------------------

export async function listSales(
  deps: OrdersDeps,
  sellerId: string,
  query: PageQuery,
): Promise<SalePage> {
  const after = saleCursor.decode(query.cursor);
  const rows = await repo.listSales(deps.db, sellerId, after, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toSale),
    nextCursor:
      rows.length > query.limit && last
        ? saleCursor.encode({ at: last.cursorAt, id: last.lineId })
        : null,
  };
}

// ---- Administration (issue 09) -------------------------------------------------------------

const adminOrderCursor = cursorCodec({
  wire: z.tuple([z.literal('ao'), cursorTimestamp, cursorId]),
  read: ([, at, id]) => ({ at, id }),
  write: (c: { at: string; id: string }) => ['ao', c.at, c.id] as const,
});

async function presentAdminOrders(db: Db, rows: repo.AdminOrderRow[]): Promise<AdminOrder[]> {
  const lines = await repo.orderLines(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    toAdminOrder(
      r,
      lines.filter((l) => l.orderId === r.id),
    ),
  );
}

/** `GET /api/admin/orders` (admins; the route checks): every buyer's orders, newest first. */
export async function listAdminOrders(
  deps: Pick<OrdersDeps, 'db' | 'live'>,
  query: AdminOrdersQuery,
): Promise<AdminOrderPage> {
  const after = adminOrderCursor.decode(query.cursor);
  await expireHolds(deps.db, deps.live);
  const rows = await repo.listAdminOrders(deps.db, query.filter, after, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: await presentAdminOrders(deps.db, page),
    nextCursor:
      rows.length > query.limit && last
        ? adminOrderCursor.encode({ at: last.cursorAt, id: last.id })
        : null,
  };
}

/** "Frieren acrylic stand", or "Frieren acrylic stand and 2 more": an order in a few words. */
function orderLabel(lines: { name: string }[]): string {
  const first = lines[0]?.name ?? 'Order';
  return lines.length > 1 ? `${first} and ${lines.length - 1} more` : first;
}

/**
 * `POST /api/admin/orders/:orderId/ship` (admins; the route checks): marks a paid order shipped.
 * 404 `order_not_found`, 409 `order_not_paid` for any other status. Idempotent: an order shipped
 * already is answered as it is, with no second audit line or notification. The first time, the
 * audit line `order.ship` is written in the same transaction; after the commit the buyer is
 * notified (`order` / `shipped`, link /purchases) and `order.updated` goes to their `user:{id}`.
 */
export async function shipOrder(
  deps: Pick<OrdersDeps, 'db' | 'live'> & { notifier: Pick<Notifier, 'notify'> },
  adminId: string,
  orderId: string,
): Promise<AdminOrder> {
  if (!isId(orderId)) throw orderNotFound();
  const shipped = await runInTransaction(deps.db, async (tx) => {
    const row = await repo.lockOrderForShipping(tx, orderId);
    if (!row) throw orderNotFound();
    if (row.status !== 'paid') throw conflict('order_not_paid');
    if (row.shipped) return undefined;
    await repo.markShipped(tx, orderId);
    const label = orderLabel(await repo.orderLines(tx, [orderId]));
    await recordAudit(tx, {
      actorId: adminId,
      action: 'order.ship',
      targetType: 'order',
      targetId: orderId,
      subjectId: row.userId,
      label,
    });
    return { userId: row.userId, label };
  });
  if (shipped?.userId) {
    await deps.notifier.notify({
      recipientId: shipped.userId,
      type: 'order',
      subtype: 'shipped',
      targetType: 'order',
      targetId: orderId,
      link: '/purchases',
      excerpt: shipped.label,
    });
    await publishChanges(deps.live, [{ orderId, userId: shipped.userId, status: 'paid' }]);
  }
  const row = await repo.findAdminOrder(deps.db, orderId);
  if (!row) throw orderNotFound();
  return (await presentAdminOrders(deps.db, [row]))[0]!;
}
