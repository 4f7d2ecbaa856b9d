/**
 * The shop catalog (spec §2 Shop, §3 Shop item, §4 like toggle): items for sale with their
 * seller, likes, and the admin's create and edit inputs. Wire shapes only: ISO date strings,
 * string ids, money in integer cents of `currency`.
 */
import { z } from 'zod';
import { safeText } from '../common/text';
import { LIMITS } from '../common/limits';
import { pageOf } from '../common/page.schemas';
import { UserSummarySchema } from '../users/users.schemas';

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
} as const;

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
});
export type ShopItem = z.infer<typeof ShopItemSchema>;

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
  })
  .partial();
export type UpdateShopItemInput = z.infer<typeof UpdateShopItemInputSchema>;
