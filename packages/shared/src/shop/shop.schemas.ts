/**
 * The shop catalog (spec §2 Shop, §3 Shop item, §4 like toggle): items for sale with their
 * seller, likes, and the admin's create and edit inputs. Wire shapes only: ISO date strings,
 * string ids, money in integer cents of `currency`.
 */
import { z } from 'zod';
import { safeText } from '../common/text';
import { LIMITS } from '../common/limits';
import { pageOf } from '../common/page.schemas';
import { MediaKindSchema } from '../media/media.schemas';
import { UserSummarySchema } from '../users/user-summary.schemas';

/** The limits of an item's fields; the server enforces them, the admin form shows them. */
export const SHOP_RULES = {
  nameMax: 120,
  aboutMax: 5000,
  conditionMax: 60,
  /** 100,000.00 in the currency. */
  priceCentsMax: 10_000_000,
  /** 10,000.00 in the currency. */
  shippingCentsMax: 1_000_000,
  quantityMax: 100_000,
  /** Communities one item may be merch for. */
  communitiesMax: 5,
  /** Items on one merch shelf (series page, community page). */
  merchShelfMax: 24,
  /** Volumes listed on one profile's "Owned volumes" shelf. */
  ownedVolumesMax: 100,
} as const;

/** The series an item is merch of (issue 12). */
export const ShopItemSeriesSchema = z.object({
  id: z.string(),
  title: z.string(),
  kind: MediaKindSchema,
});
export type ShopItemSeries = z.infer<typeof ShopItemSeriesSchema>;

/** The volume an item is (buying it marks the volume owned). */
export const ShopItemVolumeSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  /** '' when the volume has no title of its own. */
  title: z.string(),
});
export type ShopItemVolume = z.infer<typeof ShopItemVolumeSchema>;

/** A community whose merch shelf shows the item. */
export const ShopItemCommunitySchema = z.object({ id: z.string(), name: z.string() });
export type ShopItemCommunity = z.infer<typeof ShopItemCommunitySchema>;

/** One tile of the shop grid and of search results. */
export const ShopItemSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The item's picture, web-sized (640 px WebP), or null. */
  imageUrl: z.string().nullable(),
  /** Unit price in the currency's minor unit (cents for usd). */
  priceCents: z.number().int(),
  /** ISO 4217 code, lower-case as the server is configured (`CURRENCY`), e.g. `usd`. */
  currency: z.string().length(3),
  likeCount: z.number().int(),
  likedByMe: z.boolean(),
  /** Units in stock. */
  quantity: z.number().int(),
  /** True when `quantity` is 0. */
  soldOut: z.boolean(),
});
export type ShopItemSummary = z.infer<typeof ShopItemSummarySchema>;

/** The item page (`/item/{ShopPostID}`). */
export const ShopItemSchema = ShopItemSummarySchema.extend({
  about: z.string(),
  /** Free text such as "New" or "Used - like new"; '' when not given. */
  condition: z.string(),
  /** Shipping per unit, in the currency's minor unit. */
  shippingCents: z.number().int(),
  seller: UserSummarySchema,
  createdAt: z.string(),
  /** The series the item is merch of, or null. */
  series: ShopItemSeriesSchema.nullable(),
  /** The volume of `series` the item is, or null. */
  volume: ShopItemVolumeSchema.nullable(),
  /** Communities whose merch shelf shows the item (the series' own community shows it anyway). */
  communities: z.array(ShopItemCommunitySchema),
});
export type ShopItem = z.infer<typeof ShopItemSchema>;

/** One card of a merch shelf: the grid's tile plus the volume it is and whether the viewer owns it. */
export const MerchItemSchema = ShopItemSummarySchema.extend({
  volume: ShopItemVolumeSchema.nullable(),
  /** The viewer owns `volume` already (false for items that are not a volume). */
  owned: z.boolean(),
});
export type MerchItem = z.infer<typeof MerchItemSchema>;

/**
 * `GET /api/media/:mediaId/merch` and `GET /api/communities/:communityId/merch`: in-stock items
 * first, then volumes by number, then newest; at most `SHOP_RULES.merchShelfMax`.
 */
export const MerchShelfSchema = z.object({ items: z.array(MerchItemSchema) });
export type MerchShelf = z.infer<typeof MerchShelfSchema>;

/** A volume a user owns (bought in the shop). */
export const OwnedVolumeSchema = z.object({
  volumeId: z.string(),
  number: z.number().int(),
  /** '' when the volume has no title of its own. */
  title: z.string(),
  /** The volume's cover (web-sized), or null. */
  coverUrl: z.string().nullable(),
  series: ShopItemSeriesSchema,
  /** When it became owned (the order's payment). */
  ownedAt: z.string(),
});
export type OwnedVolume = z.infer<typeof OwnedVolumeSchema>;

/**
 * `GET /api/users/:userId/owned-volumes`. The owner always gets the list; anyone else gets it
 * only while the owner shows it (`showOwnedVolumes`), else an empty list with `public: false`.
 */
export const OwnedVolumesSchema = z.object({
  items: z.array(OwnedVolumeSchema),
  /** The owner's setting "Show the volumes I own on my profile". */
  public: z.boolean(),
});
export type OwnedVolumes = z.infer<typeof OwnedVolumesSchema>;

export const ShopItemPageSchema = pageOf(ShopItemSummarySchema);
export type ShopItemPage = z.infer<typeof ShopItemPageSchema>;

/**
 * `GET /api/shop/items?q=`: newest first, filtered to names containing `q` case-insensitively
 * (`%`, `_`, `\` match themselves). Blank lists every item.
 */
export const SearchShopItemsQuerySchema = z.object({
  q: safeText()
    .trim()
    .normalize('NFC')
    .max(LIMITS.searchQueryMax, `Search text must be at most ${LIMITS.searchQueryMax} characters.`)
    .default(''),
  cursor: safeText().max(1000).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
});
export type SearchShopItemsQuery = z.infer<typeof SearchShopItemsQuerySchema>;

const shopName = safeText()
  .trim()
  .normalize('NFC')
  .min(1, 'Please enter a name.')
  .max(SHOP_RULES.nameMax, `Name must be at most ${SHOP_RULES.nameMax} characters.`);
const shopAbout = safeText()
  .trim()
  .max(SHOP_RULES.aboutMax, `Description must be at most ${SHOP_RULES.aboutMax} characters.`);
const shopCondition = safeText()
  .trim()
  .max(SHOP_RULES.conditionMax, `Condition must be at most ${SHOP_RULES.conditionMax} characters.`);
/** Whole cents, 0 to `max`. */
const cents = (max: number, label: string) =>
  z
    .number()
    .int(`${label} must be whole cents.`)
    .min(0, `${label} cannot be negative.`)
    .max(max, `${label} must be at most ${max} cents.`);
const quantity = z
  .number()
  .int('Quantity must be a whole number.')
  .min(0, 'Quantity cannot be negative.')
  .max(SHOP_RULES.quantityMax, `Quantity must be at most ${SHOP_RULES.quantityMax}.`);

const mediaRef = z.string().uuid('must be an id');
const communityIds = z
  .array(z.string().uuid('must be an id'))
  .max(SHOP_RULES.communitiesMax, `At most ${SHOP_RULES.communitiesMax} communities.`)
  .refine((ids) => new Set(ids).size === ids.length, 'A community is listed twice.');

/** `POST /api/admin/shop/items`; the picture is uploaded afterwards (`PUT …/image`). */
export const CreateShopItemInputSchema = z.object({
  name: shopName,
  about: shopAbout.default(''),
  condition: shopCondition.default(''),
  /** Unit price in the currency's minor unit (cents), 0–10,000,000. */
  priceCents: cents(SHOP_RULES.priceCentsMax, 'Price'),
  /** Shipping per unit in cents, 0–1,000,000. */
  shippingCents: cents(SHOP_RULES.shippingCentsMax, 'Shipping').default(0),
  /** Units in stock, 0–100,000. */
  quantity: quantity.default(0),
  /** The seller (an existing user's id); the admin who creates the item when absent. */
  sellerId: z.string().uuid('must be an id').optional(),
  /** The series the item is merch of (a media id); none when absent or null. */
  mediaId: mediaRef.nullable().optional(),
  /** The item is this volume of `mediaId` (which it must belong to); none when absent or null. */
  mediaVolumeId: mediaRef.nullable().optional(),
  /** Communities whose merch shelf shows it (distinct, at most `SHOP_RULES.communitiesMax`). */
  communityIds: communityIds.optional(),
});
export type CreateShopItemInput = z.input<typeof CreateShopItemInputSchema>;

/** `PATCH /api/admin/shop/items/:itemId`: only the fields given change. */
export const UpdateShopItemInputSchema = z
  .object({
    name: shopName,
    about: shopAbout,
    condition: shopCondition,
    /** Unit price in cents. */
    priceCents: cents(SHOP_RULES.priceCentsMax, 'Price'),
    /** Shipping per unit in cents. */
    shippingCents: cents(SHOP_RULES.shippingCentsMax, 'Shipping'),
    /** Units in stock. */
    quantity,
    sellerId: z.string().uuid('must be an id'),
    /** null removes the series (and the volume with it). */
    mediaId: mediaRef.nullable(),
    /** null: not a volume. Must belong to the item's series (the one given or the stored one). */
    mediaVolumeId: mediaRef.nullable(),
    /** Replaces the whole list. */
    communityIds,
  })
  .partial();
export type UpdateShopItemInput = z.infer<typeof UpdateShopItemInputSchema>;
