/**
 * The shop catalog: the newest-first list and search, an item's page, and likes. Rules, access
 * checks and transactions live here; queries in shop.repository, the wire shapes in shop.mapper.
 */
import {
  liveTopics,
  SHOP_RULES,
  type LikeState,
  type MerchShelf,
  type SearchShopItemsQuery,
  type ShopItem,
  type ShopItemPage,
} from '@otakura/shared';
import { runInTransaction, sqlState, type Db } from '../../db/client';
import { shopItemCursor } from '../../lib/cursor';
import { AppError, notFound } from '../../lib/errors';
import { isId } from '../../lib/ids';
import type { LiveBus } from '../live/live-bus';
import { toMerchItem, toShopItem, toShopItemSummary } from './shop.mapper';
import * as repo from './shop.repository';

export interface ShopDeps {
  db: Db;
  live: Pick<LiveBus, 'publish'>;
  /** ISO 4217, lower-case (config CURRENCY). */
  currency: string;
}

export const shopItemNotFound = () => notFound('shop_item_not_found');
const FOREIGN_KEY_VIOLATION = '23503';

/**
 * A page of the shop, newest first, filtered to items whose name contains `q`
 * case-insensitively when `q` is not empty (`%`, `_`, `\` match themselves). Items of a banned
 * seller or of one the viewer blocked are left out. Keyset pages: no duplicates or gaps.
 * `shared` when the page is also every other viewer's who blocks nobody (but for their likes).
 */
export async function searchShopItems(
  deps: Pick<ShopDeps, 'db' | 'currency'>,
  viewerId: string,
  query: SearchShopItemsQuery,
): Promise<{ page: ShopItemPage; shared: boolean }> {
  const after = shopItemCursor.decode(query.cursor);
  const q = query.q.trim();
  const rows = await repo.listShopItems(deps.db, {
    viewerId,
    pattern: q === '' ? undefined : repo.substringPattern(q),
    after,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    page: {
      items: page.map((r) => toShopItemSummary(r, deps.currency)),
      nextCursor:
        rows.length > query.limit && last
          ? shopItemCursor.encode({ at: last.cursorAt, id: last.id })
          : null,
    },
    // `shared`: every viewer who blocks nobody sees these items (the shop list's cache); an
    // empty page says nothing of the viewer's blocks or the sellers' bans.
    shared: rows.length > 0 && rows.every((r) => !r.viewerBlocks && !r.sellerBanEnds),
  };
}

/**
 * One item's page as the viewer sees it (seller, `likedByMe`). 404 `shop_item_not_found` for
 * malformed or unknown ids and for items whose seller is hidden from the viewer.
 */
export async function getShopItem(
  deps: Pick<ShopDeps, 'db' | 'currency'>,
  viewerId: string,
  itemId: string,
): Promise<ShopItem> {
  return (await getShopItemShared(deps, viewerId, itemId)).item;
}

/**
 * `getShopItem`, and whether every viewer who blocks nobody sees the same page but for
 * `likedByMe` (the item page's cache: an item that is shown has a seller who is not banned now,
 * so no ban can end and change it without a row changing).
 */
export async function getShopItemShared(
  deps: Pick<ShopDeps, 'db' | 'currency'>,
  viewerId: string,
  itemId: string,
): Promise<{ item: ShopItem; shared: boolean }> {
  if (!isId(itemId)) throw shopItemNotFound();
  const row = await repo.findShopItem(deps.db, itemId, viewerId);
  if (!row) throw shopItemNotFound();
  return { item: toShopItem(row, deps.currency), shared: !row.viewerBlocks };
}

/**
 * Likes (`like`) or unlikes an item: one transaction that inserts or deletes the like row and
 * moves like_count only when a row really was inserted or deleted, so twice is once and the count
 * equals the rows under any concurrency. Publishes `shop.liked` after the commit when it changed.
 */
export async function setLike(
  deps: ShopDeps,
  userId: string,
  itemId: string,
  like: boolean,
): Promise<LikeState> {
  if (!isId(itemId)) throw shopItemNotFound();
  let result: { changed: boolean; likeCount: number };
  try {
    result = await runInTransaction(deps.db, async (tx) => {
      const changed = like
        ? await repo.insertLike(tx, userId, itemId)
        : await repo.deleteLike(tx, userId, itemId);
      const likeCount = await repo.moveLikeCount(tx, itemId, changed ? (like ? 1 : -1) : 0);
      if (likeCount === null) throw shopItemNotFound();
      return { changed, likeCount };
    });
  } catch (err) {
    // The item is unknown (or was deleted between the insert and its foreign-key check).
    if (!(err instanceof AppError) && sqlState(err) === FOREIGN_KEY_VIOLATION)
      throw shopItemNotFound();
    throw err;
  }
  if (result.changed) {
    await deps.live
      .publish({
        type: 'shop.liked',
        topic: liveTopics.shop(itemId),
        itemId,
        likeCount: result.likeCount,
        actorId: userId,
      })
      .catch(() => undefined);
  }
  return { liked: like, likeCount: result.likeCount };
}

/**
 * A moderator's removal of an item (docs/moderation.md), inside the caller's transaction:
 * `hidden_at` is set, so it leaves the catalog, search, its page (404), likes, carts and new
 * checkouts. Undefined when the item is unknown or hidden already.
 */
export async function hideShopItemInTransaction(
  tx: Db,
  itemId: string,
): Promise<{ sellerId: string; name: string } | undefined> {
  if (!isId(itemId)) return undefined;
  return repo.hideShopItem(tx, itemId);
}

/**
 * A merch shelf (issue 12), one statement: the items tagged with a media entry (the series page),
 * or with a community plus the items of the series whose community it is (the community page).
 * Listed items only: never hidden ones, nor those of a seller hidden from the viewer. In-stock
 * first, then volumes by number, then newest; at most `SHOP_RULES.merchShelfMax`. 404
 * `media_not_found` / `community_not_found` for an unknown or malformed owner.
 */
export async function getMerchShelf(
  deps: Pick<ShopDeps, 'db' | 'currency'>,
  viewerId: string,
  of: { media: string } | { community: string },
): Promise<MerchShelf> {
  const missing = () =>
    'media' in of ? notFound('media_not_found') : notFound('community_not_found');
  if (!isId('media' in of ? of.media : of.community)) throw missing();
  const rows = await repo.merchShelf(deps.db, { viewerId, of, limit: SHOP_RULES.merchShelfMax });
  if (rows.length === 0) throw missing();
  const items: MerchShelf['items'] = [];
  for (const r of rows) {
    if (r.id === null || r.name === null || r.priceCents === null || r.quantity === null) continue;
    items.push(
      toMerchItem(
        {
          id: r.id,
          name: r.name,
          imageKey: r.imageKey,
          priceCents: r.priceCents,
          quantity: r.quantity,
          likeCount: r.likeCount ?? 0,
          likedByMe: r.likedByMe ?? false,
          cursorAt: r.cursorAt ?? '',
          volumeId: r.volumeId,
          volumeNumber: r.volumeNumber,
          volumeTitle: r.volumeTitle,
          owned: r.owned ?? false,
        },
        deps.currency,
      ),
    );
  }
  return { items };
}
