/**
 * The one place that decides which fields of a shop item leave the server: storage keys become
 * file URLs, the seller becomes a byline, and the configured currency is attached.
 */
import type { ShopItem, ShopItemSummary } from '@otakura/shared';
import { fileUrl } from '../../lib/file-url';
import { toUserSummary } from '../../lib/user-summary';

export interface ShopItemSummaryRow {
  id: string;
  name: string;
  imageKey: string | null;
  priceCents: number;
  quantity: number;
  likeCount: number;
  likedByMe: boolean;
  /** created_at as the cursor carries it (UTC, microseconds). */
  cursorAt: string;
}

export interface ShopItemDetailRow extends ShopItemSummaryRow {
  about: string;
  condition: string;
  shippingCents: number;
  createdAt: Date;
  sellerId: string;
  sellerName: string;
  sellerUsername: string | null;
  sellerDisplayUsername: string | null;
  sellerImageKey: string | null;
}

export function toShopItemSummary(row: ShopItemSummaryRow, currency: string): ShopItemSummary {
  return {
    id: row.id,
    name: row.name,
    imageUrl: fileUrl(row.imageKey),
    priceCents: row.priceCents,
    currency,
    likeCount: row.likeCount,
    likedByMe: row.likedByMe,
    quantity: row.quantity,
    soldOut: row.quantity <= 0,
  };
}

export function toShopItem(row: ShopItemDetailRow, currency: string): ShopItem {
  return {
    ...toShopItemSummary(row, currency),
    about: row.about,
    condition: row.condition,
    shippingCents: row.shippingCents,
    seller: toUserSummary({
      id: row.sellerId,
      name: row.sellerName,
      username: row.sellerUsername,
      displayUsername: row.sellerDisplayUsername,
      profileImageKey: row.sellerImageKey,
    }),
    createdAt: row.createdAt.toISOString(),
  };
}
