/**
 * The shop administration (admins only; routes check the role first): creating and editing
 * items and replacing an item's picture. A stored picture is deleted only after the row that
 * replaced it is saved.
 */
import type { z } from 'zod';
import type { CreateShopItemInputSchema, ShopItem, UpdateShopItemInput } from '@otakura/shared';
import { runInTransaction, type Db, type Tx } from '../../db/client';
import { validationError } from '../../lib/errors';
import { isId } from '../../lib/ids';
import type { Storage } from '../../storage/storage';
import { recordAudit } from '../moderation/audit.service';
import { deleteUploadKeys, imageKeys, saveImageUpload } from '../uploads/upload.service';
import { toShopItem } from './shop.mapper';
import * as repo from './shop.repository';
import { shopItemNotFound } from './shop.service';

export interface ShopAdminDeps {
  db: Db;
  storage: Storage;
  /** ISO 4217, lower-case (config CURRENCY). */
  currency: string;
}

type CreateShopItemInput = z.output<typeof CreateShopItemInputSchema>;

const SELLER_MESSAGE = 'That seller does not exist.';
const MEDIA_MESSAGE = 'That series does not exist.';
const VOLUME_MESSAGE = 'That volume is not part of the chosen series.';
const COMMUNITY_MESSAGE = 'That community does not exist.';

/**
 * Checks the merch tags (issue 12) in the caller's transaction: the series exists, the volume
 * belongs to it (a volume needs a series), every community exists. Throws 400
 * `validation_error` naming the field; nothing is written before it passes.
 */
async function assertMerchTags(
  db: Db,
  tags: { mediaId: string | null; mediaVolumeId: string | null; communityIds?: string[] },
): Promise<void> {
  if (tags.mediaId !== null && !(await repo.mediaExists(db, tags.mediaId)))
    throw validationError([{ path: 'mediaId', message: MEDIA_MESSAGE }], MEDIA_MESSAGE);
  if (tags.mediaVolumeId !== null) {
    const owner = await repo.volumeMedia(db, tags.mediaVolumeId);
    if (tags.mediaId === null || owner !== tags.mediaId)
      throw validationError([{ path: 'mediaVolumeId', message: VOLUME_MESSAGE }], VOLUME_MESSAGE);
  }
  if (tags.communityIds && tags.communityIds.length > 0) {
    const found = await repo.existingCommunities(db, tags.communityIds);
    if (tags.communityIds.some((id) => !found.has(id)))
      throw validationError(
        [{ path: 'communityIds', message: COMMUNITY_MESSAGE }],
        COMMUNITY_MESSAGE,
      );
  }
}

/** The storage folder of an item's pictures. */
export function shopItemFolder(itemId: string): string {
  return `shop/${itemId}`;
}

/** The item as the admin sees it: whatever its seller's state. */
async function present(
  deps: Pick<ShopAdminDeps, 'db' | 'currency'>,
  adminId: string,
  itemId: string,
) {
  const row = await repo.findShopItem(deps.db, itemId, adminId, { includeHidden: true });
  if (!row) throw shopItemNotFound();
  return toShopItem(row, deps.currency);
}

async function assertSeller(db: Db, sellerId: string): Promise<void> {
  if (!(await repo.userExists(db, sellerId)))
    throw validationError([{ path: 'sellerId', message: SELLER_MESSAGE }], SELLER_MESSAGE);
}

/** Writes `shop_item.update` (the fields changed) inside the edit's transaction. */
async function auditItemUpdate(tx: Tx, adminId: string, itemId: string, fields: string[]) {
  const row = await repo.findShopItem(tx, itemId, adminId, { includeHidden: true });
  await recordAudit(tx, {
    actorId: adminId,
    action: 'shop_item.update',
    targetType: 'shop_item',
    targetId: itemId,
    subjectId: row?.sellerId ?? null,
    label: row?.name ?? null,
    details: { fields },
  });
}

/** Creates an item sold by `sellerId` (an existing user) or, without one, by the admin. */
export async function createShopItem(
  deps: ShopAdminDeps,
  adminId: string,
  input: CreateShopItemInput,
): Promise<ShopItem> {
  const sellerId = input.sellerId ?? adminId;
  await assertSeller(deps.db, sellerId);
  const tags = {
    mediaId: input.mediaId ?? null,
    mediaVolumeId: input.mediaVolumeId ?? null,
    communityIds: input.communityIds ?? [],
  };
  const id = await runInTransaction(deps.db, async (tx) => {
    await assertMerchTags(tx, tags);
    const created = await repo.insertShopItem(tx, {
      sellerId,
      name: input.name,
      about: input.about,
      condition: input.condition,
      priceCents: input.priceCents,
      shippingCents: input.shippingCents,
      quantity: input.quantity,
      mediaId: tags.mediaId,
      mediaVolumeId: tags.mediaVolumeId,
    });
    await repo.setShopItemCommunities(tx, created, tags.communityIds);
    await recordAudit(tx, {
      actorId: adminId,
      action: 'shop_item.create',
      targetType: 'shop_item',
      targetId: created,
      subjectId: sellerId,
      label: input.name,
    });
    return created;
  });
  return present(deps, adminId, id);
}

/**
 * Changes only the fields given. 404 `shop_item_not_found` for unknown or malformed ids. A new
 * series without a volume drops the stored volume (it belonged to the old series);
 * `communityIds` replaces the whole list.
 */
export async function updateShopItem(
  deps: ShopAdminDeps,
  adminId: string,
  itemId: string,
  input: UpdateShopItemInput,
): Promise<ShopItem> {
  if (!isId(itemId)) throw shopItemNotFound();
  if (input.sellerId !== undefined) await assertSeller(deps.db, input.sellerId);
  if (Object.keys(input).length > 0) {
    await runInTransaction(deps.db, async (tx) => {
      const stored = await repo.lockShopItemSeries(tx, itemId);
      if (!stored) throw shopItemNotFound();
      const { communityIds, ...fields } = input;
      const values: repo.ShopItemWrite = { ...fields };
      if (input.mediaId !== undefined || input.mediaVolumeId !== undefined) {
        const mediaId = input.mediaId !== undefined ? input.mediaId : stored.mediaId;
        const seriesChanged = mediaId !== stored.mediaId;
        const mediaVolumeId =
          input.mediaVolumeId !== undefined
            ? input.mediaVolumeId
            : seriesChanged
              ? null
              : stored.mediaVolumeId;
        values.mediaId = mediaId;
        values.mediaVolumeId = mediaVolumeId;
      }
      await assertMerchTags(tx, {
        mediaId: values.mediaId !== undefined ? values.mediaId : null,
        mediaVolumeId: values.mediaVolumeId !== undefined ? values.mediaVolumeId : null,
        communityIds,
      });
      if (Object.keys(values).length > 0 && !(await repo.updateShopItem(tx, itemId, values)))
        throw shopItemNotFound();
      if (communityIds !== undefined) await repo.setShopItemCommunities(tx, itemId, communityIds);
      await auditItemUpdate(tx, adminId, itemId, Object.keys(input));
    });
  }
  return present(deps, adminId, itemId);
}

/**
 * Replaces an item's picture (640 px WebP, checked by its bytes, stored under `shop/{itemId}/`).
 * The row is pointed at the new file before the old one is deleted; when the row cannot be
 * saved, the new file is removed instead.
 */
export async function setShopItemImage(
  deps: ShopAdminDeps,
  adminId: string,
  itemId: string,
  buffer: Buffer,
): Promise<ShopItem> {
  if (!isId(itemId) || !(await repo.shopItemExists(deps.db, itemId))) throw shopItemNotFound();
  const saved = await saveImageUpload(deps.storage, {
    prefix: shopItemFolder(itemId),
    buffer,
    maxWidth: 640,
  });
  // The row keeps one key: the other variants are not kept.
  await deleteUploadKeys(
    deps.storage,
    imageKeys(saved).filter((k) => k !== saved.key),
  );
  let replaced: { old: string | null } | undefined;
  try {
    replaced = await runInTransaction(deps.db, async (tx) => {
      const r = await repo.replaceShopItemImage(tx, itemId, saved.key);
      if (r) await auditItemUpdate(tx, adminId, itemId, ['image']);
      return r;
    });
  } catch (err) {
    await deleteUploadKeys(deps.storage, [saved.key]);
    throw err;
  }
  if (!replaced) {
    await deleteUploadKeys(deps.storage, [saved.key]);
    throw shopItemNotFound();
  }
  const old = replaced.old;
  // Only files of the item's own folder are ever deleted (a seeded key elsewhere stays).
  if (old && old !== saved.key && old.startsWith(`${shopItemFolder(itemId)}/`))
    await deleteUploadKeys(deps.storage, [old]);
  return present(deps, adminId, itemId);
}
