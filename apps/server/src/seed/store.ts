/**
 * Stores generated art the way an upload is stored (modules/uploads/upload.service):
 * WebP variants `${prefix}/${uuidv7}-640.webp` and, for art wider than 640 px,
 * `-1280.webp` (never enlarged; post art, `responsive`, also `-800.webp` and an `.avif`
 * beside each), with width, height and the average colour as
 * placeholder. Still art is drawn again at each variant's size from its SVG rather
 * than decoded, resized and re-encoded at effort 4 as uploads are: the same files,
 * in less than half the time, which keeps the demo seed to seconds. Animations
 * (no SVG) go through saveImageUpload itself.
 */
import sharp from 'sharp';
import { newId } from '../lib/ids';
import type { ImageVariantRef } from '../db/schema/posts';
import {
  AVIF_OPTIONS,
  variantLabels,
  type ImageVariantWidth,
} from '../modules/uploads/image-processing';
import {
  saveImageUpload,
  type SavedImage,
  type StoredVariant,
} from '../modules/uploads/upload.service';
import type { Storage } from '../storage/storage';
import { renderArtVariant, type Art } from './art';

export interface StoredImage {
  /** The widest variant (what profiles, communities, media and the shop store). */
  key: string;
  /** The 640 px variant (what post_images.key stores). */
  w640Key: string;
  /** The widest variant, when the art is wider than 640 px (post_images.large_key). */
  w1280Key: string | null;
  /** Every file, WebP and AVIF (post_images.variants). */
  variants: ImageVariantRef[];
  width: number;
  height: number;
  /** `#rrggbb`. */
  placeholder: string;
}

export function fromSavedImage(saved: SavedImage): StoredImage {
  return {
    key: saved.key,
    w640Key: saved.variants.w640Key,
    w1280Key: saved.variants.w1280Key ?? null,
    variants: saved.variants.files,
    width: saved.width,
    height: saved.height,
    placeholder: saved.placeholder,
  };
}

/** Stores `art` under `prefix` (a safe key prefix such as `post-images/{uid}`). */
export async function storeArt(
  storage: Storage,
  prefix: string,
  art: Art,
  opts: {
    maxWidth?: ImageVariantWidth;
    /**
     * Store only the widest variant (media pages: the reader and the issue thumbnails show
     * that one size, so the 640 px copy would be work nobody reads). `w640Key` then names
     * the widest file too, and the placeholder comes from the art's own pixels.
     */
    widestOnly?: boolean;
    /** Post art: the 800 px variant and AVIF beside every WebP, as post uploads get them. */
    responsive?: boolean;
  } = {},
): Promise<StoredImage> {
  if (!art.svg) {
    return fromSavedImage(
      await saveImageUpload(storage, {
        prefix,
        buffer: art.data,
        maxWidth: opts.maxWidth,
        responsive: opts.responsive,
      }),
    );
  }
  const allowed = variantLabels(art.width, {
    maxWidth: opts.maxWidth,
    responsive: opts.responsive,
  });
  const labels = opts.widestOnly ? allowed.slice(-1) : allowed;
  const id = newId();
  const webp: StoredVariant[] = [];
  const avif: StoredVariant[] = [];
  let small: Buffer | undefined;
  for (const label of labels) {
    const variant = await renderArtVariant(art, Math.min(label, art.width));
    const key = `${prefix}/${id}-${label}.webp`;
    await storage.put(key, variant.data, { contentType: 'image/webp', size: variant.data.length });
    webp.push({ key, width: variant.width, type: 'image/webp' });
    small ??= variant.data;
    if (opts.responsive) {
      const data = await avifOf(art, variant);
      const avifKey = `${prefix}/${id}-${label}.avif`;
      await storage.put(avifKey, data, { contentType: 'image/avif', size: data.length });
      avif.push({ key: avifKey, width: variant.width, type: 'image/avif' });
    }
  }
  const w640Key = webp[0]!.key;
  const widest = webp[webp.length - 1]!.key;
  const w1280Key = widest !== w640Key ? widest : null;
  return {
    key: widest,
    w640Key,
    w1280Key,
    variants: [...webp, ...avif],
    width: art.width,
    height: art.height,
    placeholder:
      opts.widestOnly && art.raw ? await averageRawColour(art.raw) : await averageColour(small!),
  };
}

/**
 * Effort 0 instead of the uploads' 1: about half the CPU for files ~15 % larger (still about
 * three quarters of the WebP). At effort 1 the AVIF of the ~90 post images added ~30 s of CPU
 * to the first start's seed (docs/seed.md).
 */
const SEED_AVIF = { ...AVIF_OPTIONS, effort: 0 } as const;

/** The AVIF of one variant: from the art's own pixels when it has them, else from the WebP. */
async function avifOf(art: Art, variant: { data: Buffer; width: number; height: number }) {
  const source = art.raw
    ? sharp(art.raw.data, { raw: art.raw }).resize(variant.width, variant.height, { fit: 'fill' })
    : sharp(variant.data);
  return source.avif(SEED_AVIF).toBuffer();
}

/** Mean colour of a 16 px copy of decoded pixels (no decoding of the WebP). */
async function averageRawColour(raw: NonNullable<Art['raw']>): Promise<string> {
  const { data, info } = await sharp(raw.data, { raw })
    .resize(16, 16, { fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return meanHex(data, info.width * info.height, info.channels);
}

/** Mean colour of a 16 px copy, as uploads compute it. */
export async function averageColour(image: Buffer): Promise<string> {
  const { data, info } = await sharp(image)
    .resize(16, 16, { fit: 'inside' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return meanHex(data, info.width * info.height, 3);
}

function meanHex(data: Buffer, n: number, channels: number): string {
  let r = 0;
  let g = 0;
  let b = 0;
  for (let i = 0; i < n * channels; i += channels) {
    r += data[i]!;
    g += data[i + 1]!;
    b += data[i + 2]!;
  }
  const hex = (v: number) =>
    Math.round(v / n)
      .toString(16)
      .padStart(2, '0');
  return `#${hex(r)}${hex(g)}${hex(b)}`;
}
