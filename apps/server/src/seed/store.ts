/**
 * Stores generated art the way an upload is stored (modules/uploads/upload.service):
 * WebP variants `${prefix}/${uuidv7}-640.webp` and, for art wider than 640 px,
 * `-1280.webp` (never enlarged), with width, height and the average colour as
 * placeholder. Still art is drawn again at each variant's size from its SVG rather
 * than decoded, resized and re-encoded at effort 4 as uploads are: the same files,
 * in less than half the time, which keeps the demo seed to seconds. Animations
 * (no SVG) go through saveImageUpload itself.
 */
import sharp from 'sharp';
import { newId } from '../lib/ids';
import { IMAGE_VARIANT_WIDTHS, type ImageVariantWidth } from '../modules/uploads/image-processing';
import { saveImageUpload, type SavedImage } from '../modules/uploads/upload.service';
import type { Storage } from '../storage/storage';
import { renderArtVariant, type Art } from './art';

export interface StoredImage {
  /** The widest variant (what profiles, communities, media and the shop store). */
  key: string;
  /** The 640 px variant (what post_images.key stores). */
  w640Key: string;
  /** The 1280 px variant, when the art is wider than 640 px (post_images.large_key). */
  w1280Key: string | null;
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
  } = {},
): Promise<StoredImage> {
  if (!art.svg) {
    return fromSavedImage(
      await saveImageUpload(storage, { prefix, buffer: art.data, maxWidth: opts.maxWidth }),
    );
  }
  const maxWidth = opts.maxWidth ?? 1280;
  const allowed = IMAGE_VARIANT_WIDTHS.filter(
    (w) => w <= maxWidth && (w === 640 || art.width > 640),
  );
  const labels = opts.widestOnly ? allowed.slice(-1) : allowed;
  const id = newId();
  const keys: Partial<Record<ImageVariantWidth, string>> = {};
  let small: Buffer | undefined;
  for (const label of labels) {
    const variant = await renderArtVariant(art, Math.min(label, art.width));
    const key = `${prefix}/${id}-${label}.webp`;
    await storage.put(key, variant.data, { contentType: 'image/webp', size: variant.data.length });
    keys[label] = key;
    small ??= variant.data;
  }
  const widest = keys[labels[labels.length - 1]!]!;
  const w640Key = keys[640] ?? widest;
  const w1280Key = keys[1280] ?? null;
  return {
    key: w1280Key ?? w640Key,
    w640Key,
    w1280Key,
    width: art.width,
    height: art.height,
    placeholder:
      opts.widestOnly && art.raw ? await averageRawColour(art.raw) : await averageColour(small!),
  };
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
