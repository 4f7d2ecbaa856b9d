/**
 * The files of a stored image: their URLs as the contract sends them (`ImageSourceSchema`)
 * and their storage keys (what deleting the image must remove). Uploads, posts and the seed
 * share these, so they live beside the storage keys rather than in one module.
 */
import type { ImageSource } from '@otakura/shared';
import type { ImageVariantRef } from '../db/schema/posts';
import { fileUrl } from '../lib/file-url';

/**
 * Every file of an image as `/files/…` URLs with their real widths and types, smallest first
 * per type. Rows written before migration 0012 have no `variants`: their 640 px (`key`) and
 * 1280 px (`largeKey`) WebP files are listed with the widths those labels imply (never more
 * than the original's), so old posts keep a working `srcset`.
 */
export function toImageSources(img: {
  key: string;
  largeKey: string | null;
  width: number;
  variants: ImageVariantRef[] | null;
}): ImageSource[] {
  const refs: ImageVariantRef[] = img.variants?.length
    ? img.variants
    : [
        { key: img.key, width: Math.min(640, img.width), type: 'image/webp' },
        ...(img.largeKey
          ? [{ key: img.largeKey, width: Math.min(1280, img.width), type: 'image/webp' as const }]
          : []),
      ];
  return refs
    .map((r) => ({ url: fileUrl(r.key)!, width: r.width, type: r.type }))
    .sort((a, b) => (a.type === b.type ? a.width - b.width : a.type < b.type ? -1 : 1));
}

/** Every storage key an image row occupies: its variants, or `key` and `largeKey` on older rows. */
export function imageFileKeys(row: {
  key: string;
  largeKey: string | null;
  variants: ImageVariantRef[] | null;
}): string[] {
  const keys = [row.key, row.largeKey, ...(row.variants ?? []).map((v) => v.key)];
  return [...new Set(keys.filter((k): k is string => !!k))];
}
