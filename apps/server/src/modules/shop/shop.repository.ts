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
import { queryParsed, queryRows, type Db } from '../../db/client';
import { shopItemCommunities, shopItems, shopLikes, users } from '../../db/schema';
import { visibleUser } from '../../db/visible-user';
import type { Cursor } from '../../lib/cursor';
import type { ShopItemDetailRow } from './shop.mapper';

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
  return sql`select ${summaryColumns(opts.viewerId)}, ${shareableColumns(opts.viewerId)}
    from shop_items s
    join users on users.id = s.seller_id
    where ${sql.join(conditions, sql` and `)}
    order by ${at} desc, s.id desc
    limit ${opts.limit}`;
}

/**
 * Whether the page is also every other viewer's who blocks nobody (the shop list's cache,
 * lib/page-cache.ts), asked once per statement (uncorrelated): the viewer blocks someone, or a
 * seller's ban has an end still to come (the page would change when it ends, and no row
 * changes then; `users_timed_ban_idx` finds those bans, and one probe of
 * `shop_items_seller_created_idx` each tells whether that user sells: the `limit 1` keeps it a
 * probe, where an EXISTS may become a pass over every item).
 */
const shareableColumns = (viewerId: string) => sql`
    exists (select 1 from user_blocks b where b.blocker_id = ${viewerId}::uuid) as "viewerBlocks",
    exists (select 1 from users u
      where u.banned and u.ban_expires is not null and u.ban_expires > now()
        and (select true from shop_items t where t.seller_id = u.id limit 1)) as "sellerBanEnds"`;

const ShopListRowSchema = ShopItemSummaryRowSchema.extend({
  viewerBlocks: z.boolean(),
  sellerBanEnds: z.boolean(),
});
export type ShopListRow = z.output<typeof ShopListRowSchema>;

/** One page of the newest-first list (see listShopItemsSql). */
export function listShopItems(db: Db, opts: ListShopItemsOptions): Promise<ShopListRow[]> {
  return queryParsed(db, ShopListRowSchema, listShopItemsSql(opts));
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
  seriesId: z.string().nullable(),
  seriesTitle: z.string().nullable(),
  seriesKind: z.enum(['video', 'manga', 'sequence']).nullable(),
  volumeId: z.string().nullable(),
  volumeNumber: z.number().int().nullable(),
  volumeTitle: z.string().nullable(),
  communities: z.array(z.object({ id: z.string(), name: z.string() })),
  viewerBlocks: z.boolean(),
});

/**
 * One item with its seller, as `viewerId` may see it; undefined when unknown or hidden (unless
 * `includeHidden`, for the administration). `viewerBlocks`: whether the viewer blocks anyone
 * (when not, every other viewer who blocks nobody sees the same page: the item page's cache).
 */
export async function findShopItem(
  db: Db,
  itemId: string,
  viewerId: string,
  opts: { includeHidden?: boolean } = {},
): Promise<(ShopItemDetailRow & { viewerBlocks: boolean }) | undefined> {
  const [row] = await queryParsed(
    db,
    ShopItemDetailRowSchema,
    sql`select ${summaryColumns(viewerId)}, s.about, s.condition,
        s.shipping_cents as "shippingCents", s.created_at as "createdAt",
        users.id as "sellerId", users.name as "sellerName", users.username as "sellerUsername",
        users.display_username as "sellerDisplayUsername",
        users.profile_image_key as "sellerImageKey",
        m.id as "seriesId", m.title as "seriesTitle", m.kind as "seriesKind",
        v.id as "volumeId", v.number as "volumeNumber", v.title as "volumeTitle",
        coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name) order by c.name, c.id)
          from shop_item_communities sc join communities c on c.id = sc.community_id
          where sc.item_id = s.id), '[]'::json) as communities,
        exists (select 1 from user_blocks b where b.blocker_id = ${viewerId}::uuid) as "viewerBlocks"
      from shop_items s
      join users on users.id = s.seller_id
      left join media m on m.id = s.media_id
      left join media_volumes v on v.id = s.media_volume_id
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
    | 'sellerId'
    | 'name'
    | 'about'
    | 'condition'
    | 'priceCents'
    | 'shippingCents'
    | 'quantity'
    | 'mediaId'
    | 'mediaVolumeId'
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

// ---- merch (issue 12) -------------------------------------------------------------------------

/** The media id an item is tagged with (row locked for the edit); undefined when no item. */
export async function lockShopItemSeries(
  db: Db,
  itemId: string,
): Promise<{ mediaId: string | null; mediaVolumeId: string | null } | undefined> {
  const [row] = await db
    .select({ mediaId: shopItems.mediaId, mediaVolumeId: shopItems.mediaVolumeId })
    .from(shopItems)
    .where(eq(shopItems.id, itemId))
    .for('update');
  return row;
}

/** Whether the media entry exists. */
export async function mediaExists(db: Db, mediaId: string): Promise<boolean> {
  const rows = await queryRows(db, sql`select 1 from media where id = ${mediaId}::uuid`);
  return rows.length > 0;
}

/** The media entry a volume belongs to; undefined when the volume is unknown. */
export async function volumeMedia(db: Db, volumeId: string): Promise<string | undefined> {
  const [row] = await queryRows<{ mediaId: string }>(
    db,
    sql`select media_id as "mediaId" from media_volumes where id = ${volumeId}::uuid`,
  );
  return row?.mediaId;
}

/** Which of `ids` are existing communities. */
export async function existingCommunities(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from communities where id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  return new Set(rows.map((r) => r.id));
}

/** Replaces the communities an item is merch for. */
export async function setShopItemCommunities(
  db: Db,
  itemId: string,
  communityIds: string[],
): Promise<void> {
  await db.delete(shopItemCommunities).where(eq(shopItemCommunities.itemId, itemId));
  if (communityIds.length > 0)
    await db
      .insert(shopItemCommunities)
      .values(communityIds.map((communityId) => ({ itemId, communityId })))
      .onConflictDoNothing();
}

export interface MerchShelfOptions {
  viewerId: string;
  /** The shelf's owner: a media entry or a community. */
  of: { media: string } | { community: string };
  limit: number;
}

const MerchRowSchema = z.object({
  /** Null on the one row of an empty shelf. */
  id: z.string().nullable(),
  name: z.string().nullable(),
  imageKey: z.string().nullable(),
  priceCents: z.number().int().nullable(),
  quantity: z.number().int().nullable(),
  likeCount: z.number().int().nullable(),
  likedByMe: z.boolean().nullable(),
  cursorAt: z.string().nullable(),
  volumeId: z.string().nullable(),
  volumeNumber: z.number().int().nullable(),
  volumeTitle: z.string().nullable(),
  owned: z.boolean().nullable(),
});
export type MerchRow = z.infer<typeof MerchRowSchema>;

/**
 * The SQL of a merch shelf, one statement: the shelf's owner (a media entry or a community) left
 * joined to its items, so an unknown owner answers no row and an empty shelf one row of nulls.
 * A media shelf lists the items tagged with the entry; a community shelf the items tagged with
 * the community plus the items of the series whose community it is. Hidden items and items of a
 * seller hidden from the viewer never show. In-stock first, then volumes by number, then newest.
 */
export function merchShelfSql(opts: MerchShelfOptions): SQL {
  const owner =
    'media' in opts.of
      ? sql`select id from media where id = ${opts.of.media}::uuid`
      : sql`select id from communities where id = ${opts.of.community}::uuid`;
  const tagged =
    'media' in opts.of
      ? sql`s.media_id = o.id`
      : sql`(exists (select 1 from shop_item_communities sc
              where sc.community_id = o.id and sc.item_id = s.id)
            or s.media_id in (select sm.id from media sm where sm.community_id = o.id))`;
  return sql`select x.* from (${owner}) o
    left join lateral (
      select ${summaryColumns(opts.viewerId)},
        v.id as "volumeId", v.number as "volumeNumber", v.title as "volumeTitle",
        exists (select 1 from owned_volumes ov
          where ov.user_id = ${opts.viewerId}::uuid and ov.volume_id = s.media_volume_id) as owned
      from shop_items s
      join users on users.id = s.seller_id
      left join media_volumes v on v.id = s.media_volume_id
      where ${tagged} and s.hidden_at is null and ${sellerVisible(opts.viewerId)}
      order by (s.quantity > 0) desc, v.number asc nulls last, s.created_at desc, s.id desc
      limit ${opts.limit}
    ) x on true`;
}

/** A merch shelf's rows (see merchShelfSql); [] when its owner does not exist, [nulls] when empty. */
export function merchShelf(db: Db, opts: MerchShelfOptions): Promise<MerchRow[]> {
  return queryParsed(db, MerchRowSchema, merchShelfSql(opts));
}
