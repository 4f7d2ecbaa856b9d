/**
 * Queries of the shop catalog: the newest-first list and search, one item with its seller, and
 * likes. Every function takes a `Db`, which may be a transaction; the service decides the
 * transactions.
 *
 * Visibility: an item is listed and shown only while it is not hidden by a moderator
 * (`hidden_at is null`), its seller may be shown (`visibleUser()`: not banned, not the system
 * account) and the viewer has not blocked the seller.
 */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { queryParsed, type Db } from '../../db/client';
import { shopItems, shopLikes, users } from '../../db/schema';
import { visibleUser } from '../../db/visible-user';
import type { Cursor } from '../../lib/cursor';
import type { ShopItemDetailRow, ShopItemSummaryRow } from './shop.mapper';

/**
 * `text` with the LIKE metacharacters `\`, `%` and `_` escaped (backslash is ILIKE's default
 * escape), so that each matches itself — as the communities and media searches do.
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The ILIKE pattern of a substring search: `%<escaped>%`. */
export function substringPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

export interface ListShopItemsOptions {
  viewerId: string;
  /** An ILIKE pattern over the name (see substringPattern); undefined lists all. */
  pattern?: string;
  /** Rows strictly after this (created_at, id) in newest-first order. */
  after?: Cursor;
  limit: number;
}

/** `created_at` as the cursor carries it: UTC with microseconds. */
const cursorAt = sql`to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The seller of item `s` (joined as `users`) may be shown to the viewer. */
function sellerVisible(viewerId: string): SQL {
  return sql`${visibleUser()} and not exists (select 1 from user_blocks b
      where b.blocker_id = ${viewerId}::uuid and b.blocked_id = s.seller_id)`;
}

const summaryColumns = (viewerId: string) => sql`s.id, s.name, s.image_key as "imageKey",
    s.price_cents as "priceCents", s.quantity, s.like_count as "likeCount",
    exists (select 1 from shop_likes l where l.user_id = ${viewerId}::uuid and l.item_id = s.id) as "likedByMe",
    ${cursorAt} as "cursorAt"`;

const ShopItemSummaryRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  imageKey: z.string().nullable(),
  priceCents: z.number().int(),
  quantity: z.number().int(),
  likeCount: z.number().int(),
  likedByMe: z.boolean(),
  cursorAt: z.string(),
});

/**
 * The SQL of one page of the newest-first list (exported so a test can EXPLAIN exactly what the
 * endpoint runs). Unfiltered, `shop_items_created_idx` returns the rows in order. Filtered, the
 * pg_trgm GIN index `shop_items_name_trgm_idx` finds the matches (3+ characters) and they are
 * sorted: the order key is written so no index provides it (`+ interval '0'`), so the planner
 * never walks the whole list filtering row by row when the matches are old (as media and
 * communities do for their searches).
 */
export function listShopItemsSql(opts: ListShopItemsOptions): SQL {
  const at = opts.pattern === undefined ? sql`s.created_at` : sql`(s.created_at + interval '0')`;
  const conditions: SQL[] = [sql`s.hidden_at is null`, sellerVisible(opts.viewerId)];
  if (opts.pattern !== undefined) conditions.push(sql`s.name ilike ${opts.pattern}`);
  if (opts.after) {
    conditions.push(
      sql`(s.created_at, s.id) < (${opts.after.at}::timestamptz, ${opts.after.id}::uuid)`,
    );
  }
  return sql`select ${summaryColumns(opts.viewerId)}
    from shop_items s
    join users on users.id = s.seller_id
    where ${sql.join(conditions, sql` and `)}
    order by ${at} desc, s.id desc
    limit ${opts.limit}`;
}

/** One page of the newest-first list (see listShopItemsSql). */
export function listShopItems(db: Db, opts: ListShopItemsOptions): Promise<ShopItemSummaryRow[]> {
  return queryParsed(db, ShopItemSummaryRowSchema, listShopItemsSql(opts));
}

const ShopItemDetailRowSchema = ShopItemSummaryRowSchema.extend({
  about: z.string(),
  condition: z.string(),
  shippingCents: z.number().int(),
  createdAt: z.coerce.date(),
  sellerId: z.string(),
  sellerName: z.string(),
  sellerUsername: z.string().nullable(),
  sellerDisplayUsername: z.string().nullable(),
  sellerImageKey: z.string().nullable(),
});

/**
 * One item with its seller, as `viewerId` may see it; undefined when unknown or hidden (unless
 * `includeHidden`, for the administration).
 */
export async function findShopItem(
  db: Db,
  itemId: string,
  viewerId: string,
  opts: { includeHidden?: boolean } = {},
): Promise<ShopItemDetailRow | undefined> {
  const [row] = await queryParsed(
    db,
    ShopItemDetailRowSchema,
    sql`select ${summaryColumns(viewerId)}, s.about, s.condition,
        s.shipping_cents as "shippingCents", s.created_at as "createdAt",
        users.id as "sellerId", users.name as "sellerName", users.username as "sellerUsername",
        users.display_username as "sellerDisplayUsername",
        users.profile_image_key as "sellerImageKey"
      from shop_items s
      join users on users.id = s.seller_id
      where s.id = ${itemId}::uuid${opts.includeHidden ? sql`` : sql` and s.hidden_at is null and ${sellerVisible(viewerId)}`}`,
  );
  return row;
}

/** Inserts the like row unless it exists; true when it was inserted. */
export async function insertLike(db: Db, userId: string, itemId: string): Promise<boolean> {
  const rows = await db
    .insert(shopLikes)
    .values({ userId, itemId })
    .onConflictDoNothing()
    .returning({ itemId: shopLikes.itemId });
  return rows.length > 0;
}

/** Deletes the like row if it exists; true when it was deleted. */
export async function deleteLike(db: Db, userId: string, itemId: string): Promise<boolean> {
  const rows = await db
    .delete(shopLikes)
    .where(and(eq(shopLikes.userId, userId), eq(shopLikes.itemId, itemId)))
    .returning({ itemId: shopLikes.itemId });
  return rows.length > 0;
}

/** Adds `delta` to like_count (or reads it, for 0); null when the item does not exist or is hidden. */
export async function moveLikeCount(
  db: Db,
  itemId: string,
  delta: -1 | 0 | 1,
): Promise<number | null> {
  const rows =
    delta === 0
      ? await db
          .select({ likeCount: shopItems.likeCount })
          .from(shopItems)
          .where(and(eq(shopItems.id, itemId), isNull(shopItems.hiddenAt)))
      : await db
          .update(shopItems)
          .set({ likeCount: sql`${shopItems.likeCount} + ${delta}` })
          .where(and(eq(shopItems.id, itemId), isNull(shopItems.hiddenAt)))
          .returning({ likeCount: shopItems.likeCount });
  return rows[0]?.likeCount ?? null;
}

// ---- administration ---------------------------------------------------------------------------

export type ShopItemWrite = Partial<
  Pick<
    typeof shopItems.$inferInsert,
    'sellerId' | 'name' | 'about' | 'condition' | 'priceCents' | 'shippingCents' | 'quantity'
  >
>;

export async function userExists(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return !!row;
}

/** Inserts an item; answers its id. */
export async function insertShopItem(db: Db, values: Required<ShopItemWrite>): Promise<string> {
  const [row] = await db.insert(shopItems).values(values).returning({ id: shopItems.id });
  return row!.id;
}

/** Changes the fields given; false when the item does not exist. */
export async function updateShopItem(
  db: Db,
  itemId: string,
  values: ShopItemWrite,
): Promise<boolean> {
  const rows = await db
    .update(shopItems)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(shopItems.id, itemId))
    .returning({ id: shopItems.id });
  return rows.length > 0;
}

/** Points the item at a new image (row locked); answers the old key, undefined when no item. */
export async function replaceShopItemImage(
  db: Db,
  itemId: string,
  key: string,
): Promise<{ old: string | null } | undefined> {
  const [current] = await db
    .select({ old: shopItems.imageKey })
    .from(shopItems)
    .where(eq(shopItems.id, itemId))
    .for('update');
  if (!current) return undefined;
  await db
    .update(shopItems)
    .set({ imageKey: key, updatedAt: sql`now()` })
    .where(eq(shopItems.id, itemId));
  return current;
}

export async function shopItemExists(db: Db, itemId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: shopItems.id })
    .from(shopItems)
    .where(eq(shopItems.id, itemId));
  return !!row;
}

/**
 * Hides an item (a moderator's removal, docs/moderation.md) inside the caller's transaction: it
 * leaves the catalog, search, its page, likes, carts and new checkouts. Answers its seller and
 * name, or undefined when the item is unknown or hidden already.
 */
export async function hideShopItem(
  db: Db,
  itemId: string,
): Promise<{ sellerId: string; name: string } | undefined> {
  const [row] = await db
    .update(shopItems)
    .set({ hiddenAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(shopItems.id, itemId), isNull(shopItems.hiddenAt)))
    .returning({ sellerId: shopItems.sellerId, name: shopItems.name });
  return row;
}
