/**
 * The one place that decides which fields of a shop item leave the server: storage keys become
 * file URLs, the seller becomes a byline, and the configured currency is attached.
 */
import type { MerchItem, MediaKind, ShopItem, ShopItemSummary } from '@otakura/shared';
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
  seriesId: string | null;
  seriesTitle: string | null;
  seriesKind: MediaKind | null;
  volumeId: string | null;
  volumeNumber: number | null;
  volumeTitle: string | null;
  communities: { id: string; name: string }[];
}

/** A card of a merch shelf: the summary plus the volume it is and whether the viewer owns it. */
export interface MerchItemRow extends ShopItemSummaryRow {
  volumeId: string | null;
  volumeNumber: number | null;
  volumeTitle: string | null;
  owned: boolean;
}

function volumeOf(row: {
  volumeId: string | null;
  volumeNumber: number | null;
  volumeTitle: string | null;
}) {
  return row.volumeId !== null && row.volumeNumber !== null
    ? { id: row.volumeId, number: row.volumeNumber, title: row.volumeTitle ?? '' }
    : null;
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
    series:
      row.seriesId !== null && row.seriesTitle !== null && row.seriesKind !== null
        ? { id: row.seriesId, title: row.seriesTitle, kind: row.seriesKind }
        : null,
    volume: volumeOf(row),
    communities: row.communities,
  };
}

export function toMerchItem(row: MerchItemRow, currency: string): MerchItem {
  const volume = volumeOf(row);
  return {
    ...toShopItemSummary(row, currency),
    volume,
    owned: volume !== null && row.owned,
  };
}
