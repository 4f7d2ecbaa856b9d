/** The shop: items, likes, orders and payment events (applied once). */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { communities } from './communities';
import { media, mediaVolumes } from './media';
import { counterColumn, createdAtColumn, idColumn, tstz, updatedAtColumn } from './columns';

export const shopItems = pgTable(
  'shop_items',
  {
    id: idColumn(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    about: text('about').notNull().default(''),
    condition: text('condition').notNull().default(''),
    /** Money is integer cents. */
    priceCents: integer('price_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull().default(0),
    /** Stock; never below zero (CHECK), decremented when a payment is confirmed. */
    quantity: integer('quantity').notNull().default(0),
    imageKey: text('image_key'),
    /** Merch of a series (issue 12): shown on the series page and its communities' shelves. */
    mediaId: uuid('media_id').references(() => media.id, { onDelete: 'set null' }),
    /** The item is this volume of the series: buying it marks the volume owned (owned_volumes). */
    mediaVolumeId: uuid('media_volume_id').references(() => mediaVolumes.id, {
      onDelete: 'set null',
    }),
    /** Hidden by a moderator (issue 09): out of the catalog, carts and checkouts; null = listed. */
    hiddenAt: tstz('hidden_at'),
    /** = count(shop_likes). */
    likeCount: counterColumn('like_count'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('shop_items_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('shop_items_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('shop_items_seller_created_idx').on(
      t.sellerId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('shop_items_media_created_idx')
      .on(t.mediaId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.mediaId} is not null`),
    check(
      'shop_items_volume_needs_media',
      sql`${t.mediaVolumeId} is null or ${t.mediaId} is not null`,
    ),
    check('shop_items_quantity_nonneg', sql`${t.quantity} >= 0`),
    check('shop_items_price_nonneg', sql`${t.priceCents} >= 0`),
    check('shop_items_shipping_nonneg', sql`${t.shippingCents} >= 0`),
    check('shop_items_like_count_nonneg', sql`${t.likeCount} >= 0`),
  ],
);

export const shopLikes = pgTable(
  'shop_likes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => shopItems.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ name: 'shop_likes_pk', columns: [t.userId, t.itemId] }),
    index('shop_likes_item_idx').on(t.itemId),
  ],
);

export const ORDER_STATUSES = ['pending', 'paid', 'cancelled', 'refunded'] as const;
export const PAYMENT_PROVIDERS = ['test', 'stripe'] as const;

export const orders = pgTable(
  'orders',
  {
    id: idColumn(),
    /** Buyer; kept null after account deletion so the financial record survives. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    subtotalCents: integer('subtotal_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** ISO 4217, lower-case as Stripe uses it. */
    currency: text('currency').notNull().default('usd'),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** Checkout session id at the provider; unique so a confirmation maps to one order. */
    providerSessionId: text('provider_session_id').unique('orders_provider_session_id_unique'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    paidAt: tstz('paid_at'),
    /** Marked shipped by an admin (issue 09); the buyer is notified. Only a paid order ships. */
    shippedAt: tstz('shipped_at'),
    /** Promo discount taken off the subtotal, in cents. */
    discountCents: integer('discount_cents').notNull().default(0),
    /** The promo code applied, upper-case; null without one. */
    promoCode: text('promo_code'),
    /** While pending: when the stock hold ends and the order is cancelled ('expired'). */
    expiresAt: tstz('expires_at'),
    /** The provider's payment page for this order. */
    checkoutUrl: text('checkout_url'),
    /** The provider's payment id (Stripe payment intent), what a refund takes. */
    paymentIntentId: text('payment_intent_id'),
    /** Why a cancelled or refunded order ended: 'expired', 'cancelled', 'sold_out', 'payment_failed'... */
    cancelReason: text('cancel_reason'),
  },
  (t) => [
    index('orders_user_created_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    check('orders_status_valid', sql`${t.status} in ('pending', 'paid', 'cancelled', 'refunded')`),
    check('orders_provider_valid', sql`${t.provider} in ('test', 'stripe')`),
    check(
      'orders_amounts_nonneg',
      sql`${t.subtotalCents} >= 0 and ${t.shippingCents} >= 0 and ${t.taxCents} >= 0 and ${t.totalCents} >= 0`,
    ),
  ],
);

/** A line of an order, with name and prices snapshotted at checkout. */
export const orderItems = pgTable(
  'order_items',
  {
    id: idColumn(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Null once the item is deleted; the snapshot below remains. */
    itemId: uuid('item_id').references(() => shopItems.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    /** Shipping per unit. */
    shippingCents: integer('shipping_cents').notNull().default(0),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_item_idx').on(t.itemId),
    unique('order_items_order_item_unique').on(t.orderId, t.itemId),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
    check('order_items_amounts_nonneg', sql`${t.unitPriceCents} >= 0 and ${t.shippingCents} >= 0`),
  ],
);

/** Webhook events by the provider's event id: inserting first (ON CONFLICT DO NOTHING) applies each once. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull().default('stripe'),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  receivedAt: tstz('received_at').notNull().defaultNow(),
});

/** Communities an item is merch for (issue 12): their pages show it on the merch shelf. */
export const shopItemCommunities = pgTable(
  'shop_item_communities',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => shopItems.id, { onDelete: 'cascade' }),
    communityId: uuid('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'shop_item_communities_pk', columns: [t.itemId, t.communityId] }),
    index('shop_item_communities_community_idx').on(t.communityId, t.itemId),
  ],
);

/**
 * Volumes a user owns (issue 12): written when an order holding a volume's item is paid, in the
 * payment's transaction; shown on the profile only if the owner allows it (user_settings).
 */
export const ownedVolumes = pgTable(
  'owned_volumes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    volumeId: uuid('volume_id')
      .notNull()
      .references(() => mediaVolumes.id, { onDelete: 'cascade' }),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ name: 'owned_volumes_pk', columns: [t.userId, t.volumeId] }),
    index('owned_volumes_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);
