/**
 * Orders' SQL: the items a cart names, stock holds (guarded decrements and releases), orders
 * and their lines, payment events, and the seller's sales. Every function takes the caller's
 * connection or transaction; the service decides the transaction boundaries.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryParsed, queryRows, type Db } from '../../db/client';
import { visibleUser } from '../../db/visible-user';
import { users } from '../../db/schema';
import { newId } from '../../lib/ids';

const microUtc = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

const CartItemRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  imageKey: z.string().nullable(),
  priceCents: z.number().int(),
  shippingCents: z.number().int(),
  quantity: z.number().int(),
});
export type CartItemRow = z.infer<typeof CartItemRowSchema>;

/**
 * The items of a cart that are not hidden by a moderator and whose seller may be shown (not
 * banned, not blocked by the buyer).
 * `lock`: FOR UPDATE of the item rows, in id order (no deadlocks between two checkouts).
 */
export function findCartItems(
  db: Db,
  buyerId: string,
  itemIds: string[],
  lock: boolean,
): Promise<CartItemRow[]> {
  if (itemIds.length === 0) return Promise.resolve([]);
  const ids = sql.join(
    itemIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return queryParsed(
    db,
    CartItemRowSchema,
    sql`select s.id, s.name, s.image_key as "imageKey", s.price_cents as "priceCents",
        s.shipping_cents as "shippingCents", s.quantity
      from shop_items s join ${users} on ${users.id} = s.seller_id
      where s.id in (${ids}) and s.hidden_at is null and ${visibleUser()}
        and not exists (select 1 from user_blocks b
          where b.blocker_id = ${buyerId}::uuid and b.blocked_id = s.seller_id)
      order by s.id
      ${lock ? sql`for update of s` : sql``}`,
  );
}

/** Takes `quantity` units off the stock if that many are there; false when they are not. */
export async function takeStock(db: Db, itemId: string, quantity: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`update shop_items set quantity = quantity - ${quantity}, updated_at = now()
      where id = ${itemId}::uuid and quantity >= ${quantity} returning id`,
  );
  return rows.length === 1;
}

/** Puts an order's units back on the stock (items deleted since are skipped). */
export async function releaseStock(db: Db, orderId: string): Promise<void> {
  await db.execute(sql`update shop_items s set quantity = s.quantity + oi.quantity, updated_at = now()
    from order_items oi where oi.order_id = ${orderId}::uuid and oi.item_id = s.id`);
}

/**
 * Cancels every pending order whose hold ended (`expires_at` passed) and returns their units
 * to the stock, in one statement. Concurrent sweeps cancel each order once: the second waits
 * for the row and no longer finds it pending.
 */
export async function expireHolds(db: Db): Promise<{ id: string; userId: string | null }[]> {
  return queryRows<{ id: string; userId: string | null }>(
    db,
    sql`with expired as (
        update orders set status = 'cancelled', cancel_reason = 'expired', updated_at = now()
        where status = 'pending' and expires_at < now() returning id, user_id),
      released as (
        update shop_items s set quantity = s.quantity + x.q, updated_at = now()
        from (select oi.item_id, sum(oi.quantity)::int as q from order_items oi
              join expired e on e.id = oi.order_id
              where oi.item_id is not null group by oi.item_id) x
        where s.id = x.item_id returning s.id)
      select id, user_id as "userId" from expired`,
  );
}

const OrderRowSchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  status: z.enum(['pending', 'paid', 'cancelled', 'refunded']),
  subtotalCents: z.number().int(),
  shippingCents: z.number().int(),
  discountCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  currency: z.string(),
  provider: z.enum(['test', 'stripe']),
  providerSessionId: z.string().nullable(),
  checkoutUrl: z.string().nullable(),
  paymentIntentId: z.string().nullable(),
  promoCode: z.string().nullable(),
  cancelReason: z.string().nullable(),
  createdAt: z.coerce.date(),
  paidAt: z.coerce.date().nullable(),
  shippedAt: z.coerce.date().nullable(),
  expiresAt: z.coerce.date().nullable(),
  cursorAt: z.string(),
});
export type OrderRow = z.infer<typeof OrderRowSchema>;

const orderColumns = sql`o.id, o.user_id as "userId", o.status,
  o.subtotal_cents as "subtotalCents", o.shipping_cents as "shippingCents",
  o.discount_cents as "discountCents", o.tax_cents as "taxCents", o.total_cents as "totalCents",
  o.currency, o.provider, o.provider_session_id as "providerSessionId",
  o.checkout_url as "checkoutUrl", o.payment_intent_id as "paymentIntentId",
  o.promo_code as "promoCode", o.cancel_reason as "cancelReason",
  o.created_at as "createdAt", o.paid_at as "paidAt", o.shipped_at as "shippedAt",
  o.expires_at as "expiresAt",
  ${microUtc('o.created_at')} as "cursorAt"`;

export async function findOrderById(db: Db, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await queryParsed(
    db,
    OrderRowSchema,
    sql`select ${orderColumns} from orders o where o.id = ${orderId}::uuid`,
  );
  return row;
}

/** The order of a provider session; `lock` takes it FOR UPDATE. */
export async function findOrderBySession(
  db: Db,
  sessionId: string,
  lock = false,
): Promise<OrderRow | undefined> {
  const [row] = await queryParsed(
    db,
    OrderRowSchema,
    sql`select ${orderColumns} from orders o where o.provider_session_id = ${sessionId}
      ${lock ? sql`for update` : sql``}`,
  );
  return row;
}

/** A buyer's orders, newest first, after the keyset `(at, id)`. */
export function listOrders(
  db: Db,
  userId: string,
  after: { at: string; id: string } | undefined,
  limit: number,
): Promise<OrderRow[]> {
  return queryParsed(
    db,
    OrderRowSchema,
    sql`select ${orderColumns} from orders o where o.user_id = ${userId}::uuid
      ${after ? sql`and (o.created_at, o.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
      order by o.created_at desc, o.id desc limit ${limit}`,
  );
}

export interface NewOrder {
  userId: string;
  subtotalCents: number;
  shippingCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
  currency: string;
  provider: 'test' | 'stripe';
  promoCode: string | null;
  expiresAt: Date;
  lines: {
    itemId: string;
    name: string;
    unitPriceCents: number;
    shippingCents: number;
    quantity: number;
  }[];
}

export async function insertOrder(db: Db, o: NewOrder): Promise<string> {
  const orderId = newId();
  await db.execute(
    sql`insert into orders (id, user_id, status, subtotal_cents, shipping_cents, discount_cents,
        tax_cents, total_cents, currency, provider, promo_code, expires_at)
      values (${orderId}::uuid, ${o.userId}::uuid, 'pending', ${o.subtotalCents}, ${o.shippingCents},
        ${o.discountCents}, ${o.taxCents}, ${o.totalCents}, ${o.currency}, ${o.provider},
        ${o.promoCode}, ${o.expiresAt.toISOString()}::timestamptz)`,
  );
  const values = sql.join(
    o.lines.map(
      (l) =>
        sql`(${newId()}::uuid, ${orderId}::uuid, ${l.itemId}::uuid, ${l.name}, ${l.unitPriceCents}, ${l.shippingCents}, ${l.quantity})`,
    ),
    sql`, `,
  );
  await db.execute(sql`insert into order_items
    (id, order_id, item_id, name, unit_price_cents, shipping_cents, quantity) values ${values}`);
  return orderId;
}

export async function setCheckoutSession(
  db: Db,
  orderId: string,
  s: { sessionId: string; url: string; expiresAt: Date },
): Promise<void> {
  await db.execute(sql`update orders set provider_session_id = ${s.sessionId},
      checkout_url = ${s.url}, expires_at = greatest(expires_at, ${s.expiresAt.toISOString()}::timestamptz),
      updated_at = now()
    where id = ${orderId}::uuid`);
}

/** pending → cancelled with `reason`; false when the order was not pending. */
export async function cancelPending(db: Db, orderId: string, reason: string): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`update orders set status = 'cancelled', cancel_reason = ${reason}, updated_at = now()
      where id = ${orderId}::uuid and status = 'pending' returning id`,
  );
  return rows.length === 1;
}

export async function markPaid(
  db: Db,
  orderId: string,
  paymentIntentId: string | null,
): Promise<void> {
  await db.execute(sql`update orders set status = 'paid', paid_at = now(), cancel_reason = null,
      payment_intent_id = coalesce(${paymentIntentId}, payment_intent_id), updated_at = now()
    where id = ${orderId}::uuid`);
}

/**
 * Issue 12: the buyer of a paid order owns the volumes among its items (items with a
 * `media_volume_id`), in the payment's transaction. ON CONFLICT DO NOTHING: a volume owned
 * already keeps its first order, and a repeated confirmation adds nothing.
 */
export async function recordOwnedVolumes(db: Db, orderId: string): Promise<void> {
  await db.execute(sql`insert into owned_volumes (user_id, volume_id, media_id, order_id)
    select o.user_id, s.media_volume_id, v.media_id, o.id
      from orders o
      join order_items oi on oi.order_id = o.id
      join shop_items s on s.id = oi.item_id
      join media_volumes v on v.id = s.media_volume_id
      where o.id = ${orderId}::uuid and o.user_id is not null
    on conflict (user_id, volume_id) do nothing`);
}

export async function markRefunded(
  db: Db,
  orderId: string,
  paymentIntentId: string | null,
  reason: string,
): Promise<void> {
  await db.execute(sql`update orders set status = 'refunded', cancel_reason = ${reason},
      payment_intent_id = coalesce(${paymentIntentId}, payment_intent_id), updated_at = now()
    where id = ${orderId}::uuid`);
}

/** Records a provider event; true only the first time its id is seen. */
export async function recordEvent(
  db: Db,
  e: { id: string; provider: 'test' | 'stripe'; type: string; payload: unknown },
): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`insert into payment_events (id, provider, type, payload)
      values (${e.id}, ${e.provider}, ${e.type}, ${JSON.stringify(e.payload)}::jsonb)
      on conflict (id) do nothing returning id`,
  );
  return rows.length === 1;
}

const OrderLineRowSchema = z.object({
  orderId: z.string(),
  itemId: z.string().nullable(),
  name: z.string(),
  imageKey: z.string().nullable(),
  unitPriceCents: z.number().int(),
  shippingCents: z.number().int(),
  quantity: z.number().int(),
});
export type OrderLineRow = z.infer<typeof OrderLineRowSchema>;

export function orderLines(db: Db, orderIds: string[]): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  const ids = sql.join(
    orderIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return queryParsed(
    db,
    OrderLineRowSchema,
    sql`select oi.order_id as "orderId", oi.item_id as "itemId", oi.name, s.image_key as "imageKey",
        oi.unit_price_cents as "unitPriceCents", oi.shipping_cents as "shippingCents", oi.quantity
      from order_items oi left join shop_items s on s.id = oi.item_id
      where oi.order_id in (${ids}) order by oi.name, oi.id`,
  );
}

const SaleRowSchema = z.object({
  lineId: z.string(),
  orderId: z.string(),
  itemId: z.string().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  currency: z.string(),
  buyerUsername: z.string().nullable(),
  paidAt: z.coerce.date(),
  shippedAt: z.coerce.date().nullable(),
  cursorAt: z.string(),
});
export type SaleRow = z.infer<typeof SaleRowSchema>;

/** Lines of paid orders for the seller's items, latest payment first. */
export function listSales(
  db: Db,
  sellerId: string,
  after: { at: string; id: string } | undefined,
  limit: number,
): Promise<SaleRow[]> {
  return queryParsed(
    db,
    SaleRowSchema,
    sql`select oi.id as "lineId", o.id as "orderId", oi.item_id as "itemId", oi.name, oi.quantity,
        oi.unit_price_cents as "unitPriceCents", o.currency,
        coalesce(u.display_username, u.username) as "buyerUsername", o.paid_at as "paidAt",
        o.shipped_at as "shippedAt", ${microUtc('o.paid_at')} as "cursorAt"
      from order_items oi
        join orders o on o.id = oi.order_id
        join shop_items s on s.id = oi.item_id
        left join users u on u.id = o.user_id
      where s.seller_id = ${sellerId}::uuid and o.status = 'paid'
      ${after ? sql`and (o.paid_at, oi.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
      order by o.paid_at desc, oi.id desc limit ${limit}`,
  );
}

// ---- Administration (issue 09) -------------------------------------------------------------

const AdminOrderRowSchema = OrderRowSchema.extend({
  buyerName: z.string().nullable(),
  buyerUsername: z.string().nullable(),
  buyerDisplayUsername: z.string().nullable(),
  buyerImageKey: z.string().nullable(),
});
export type AdminOrderRow = z.infer<typeof AdminOrderRowSchema>;

const adminOrderColumns = sql`${orderColumns}, u.name as "buyerName", u.username as "buyerUsername",
  u.display_username as "buyerDisplayUsername", u.profile_image_key as "buyerImageKey"`;

/** Every buyer's orders newest first: `to_ship` paid and unshipped, `shipped`, or `all`. */
export function listAdminOrders(
  db: Db,
  filter: 'to_ship' | 'shipped' | 'all',
  after: { at: string; id: string } | undefined,
  limit: number,
): Promise<AdminOrderRow[]> {
  const where =
    filter === 'to_ship'
      ? sql`o.status = 'paid' and o.shipped_at is null`
      : filter === 'shipped'
        ? sql`o.shipped_at is not null`
        : sql`true`;
  return queryParsed(
    db,
    AdminOrderRowSchema,
    sql`select ${adminOrderColumns} from orders o left join users u on u.id = o.user_id
      where ${where}
      ${after ? sql`and (o.created_at, o.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
      order by o.created_at desc, o.id desc limit ${limit}`,
  );
}

export async function findAdminOrder(db: Db, orderId: string): Promise<AdminOrderRow | undefined> {
  const [row] = await queryParsed(
    db,
    AdminOrderRowSchema,
    sql`select ${adminOrderColumns} from orders o left join users u on u.id = o.user_id
      where o.id = ${orderId}::uuid`,
  );
  return row;
}

/** The order's status and shipping, locked FOR UPDATE. */
export async function lockOrderForShipping(
  db: Db,
  orderId: string,
): Promise<{ userId: string | null; status: string; shipped: boolean } | undefined> {
  const [row] = await queryRows<{ userId: string | null; status: string; shipped: boolean }>(
    db,
    sql`select user_id as "userId", status, shipped_at is not null as shipped
      from orders where id = ${orderId}::uuid for update`,
  );
  return row;
}

/** Sets shipped_at now; the caller checked it was paid and unshipped under the lock. */
export async function markShipped(db: Db, orderId: string): Promise<void> {
  await db.execute(sql`update orders set shipped_at = now() where id = ${orderId}::uuid`);
}
