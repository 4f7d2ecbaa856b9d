import { createReadStream } from 'node:fs';
import { v7 as uuidv7 } from 'uuid';
import { isValidKey } from '../../storage/keys';
import type { Storage } from '../../storage/storage';
import {
  processImage,
  type ImageVariantType,
  type ImageVariantWidth,
  type ProcessedImage,
} from './image-processing';
import { inspectVideo } from './video-processing';

/** Top-level folders of spec §7. */
export type UploadFolder = 'user-profile-images' | 'post-images' | 'post-videos';

/** `{folder}/{uid}`, checked to be a safe storage path. */
export function uploadPrefix(folder: UploadFolder, uid: string): string {
  const prefix = `${folder}/${uid}`;
  if (!isValidKey(prefix) || uid.includes('/'))
    throw new Error(`Not a safe upload prefix: ${prefix}`);
  return prefix;
}

/** One stored file of an image (what `uploads.variants` and `post_images.variants` hold). */
export interface StoredVariant {
  key: string;
  /** Real px width of this file (never more than the original's). */
  width: number;
  type: ImageVariantType;
}

export interface SavedImage {
  /** The widest WebP variant: what a post or profile stores as its image. */
  key: string;
  variants: {
    /** The 640 px WebP (smaller when the image is). */
    w640Key: string;
    /** The widest WebP when the image is wider than 640 px (1280 px at most). */
    w1280Key?: string;
    /** Every file, WebP and AVIF, smallest first per type. */
    files: StoredVariant[];
  };
  /** Of the original after EXIF rotation. */
  width: number;
  height: number;
  /** `#rrggbb` for the blurred placeholder. */
  placeholder: string;
  isGif: boolean;
  animated: boolean;
  contentType: 'image/webp';
}

export interface SavedVideo {
  key: string;
  contentType: 'video/mp4' | 'video/webm';
  /** Bytes. */
  size: number;
  thumbnail: SavedImage;
}

/**
 * Validates and re-encodes an uploaded image (see processImage), then stores
 * its WebP variants as `${prefix}/${uuidv7}-640.webp` (and `-1280.webp` when
 * the image is wider than 640 px). With `responsive` (post images) also `-800.webp`
 * when it is wider than 640 px, and an `.avif` beside each still WebP. Keys are new for every upload and never
 * overwritten. Nothing is stored when the image is refused; if storing one
 * variant fails, the others are removed.
 */
export async function saveImageUpload(
  storage: Storage,
  input: { prefix: string; buffer: Buffer; maxWidth?: ImageVariantWidth; responsive?: boolean },
): Promise<SavedImage> {
  assertPrefix(input.prefix);
  const processed = await processImage(input.buffer, {
    maxWidth: input.maxWidth,
    responsive: input.responsive,
  });
  return storeImage(storage, input.prefix, uuidv7(), processed);
}

/**
 * Stores an MP4 or WebM (checked by its bytes) as `${prefix}/${uuidv7}.{mp4|webm}`
 * with the client's thumbnail, processed like any image, as
 * `${prefix}/${sameId}-640.webp` (and `-1280.webp`). Everything is validated
 * before anything is written; a failure part-way removes what was written.
 * `video` is a buffer or the path of a temp file (see readFileToTemp).
 */
export async function saveVideoUpload(
  storage: Storage,
  input: { prefix: string; video: Buffer | { path: string }; thumbnail: Buffer },
): Promise<SavedVideo> {
  assertPrefix(input.prefix);
  const source = Buffer.isBuffer(input.video) ? input.video : input.video.path;
  const video = await inspectVideo(source);
  const thumbnail = await processImage(input.thumbnail);

  const id = uuidv7();
  const savedThumbnail = await storeImage(storage, input.prefix, id, thumbnail);
  const key = `${input.prefix}/${id}.${video.ext}`;
  try {
    await storage.put(key, Buffer.isBuffer(source) ? source : createReadStream(source), {
      contentType: video.contentType,
      size: video.size,
    });
  } catch (err) {
    await deleteUploadKeys(storage, [key, ...imageKeys(savedThumbnail)]);
    throw err;
  }
  return { key, contentType: video.contentType, size: video.size, thumbnail: savedThumbnail };
}

/** Every key a saved image occupies, for deleting it later (e.g. after a new profile picture is saved). */
export function imageKeys(image: Pick<SavedImage, 'variants'>): string[] {
  return image.variants.files.map((f) => f.key);
}

/** Best-effort removal; a key that is already gone is fine. */
export async function deleteUploadKeys(storage: Storage, keys: string[]): Promise<void> {
  await Promise.allSettled(keys.map((k) => storage.delete(k)));
}

async function storeImage(
  storage: Storage,
  prefix: string,
  id: string,
  processed: ProcessedImage,
): Promise<SavedImage> {
  const written: string[] = [];
  const files: StoredVariant[] = [];
  try {
    for (const variant of [...processed.variants, ...processed.avifVariants]) {
      const ext = variant.contentType === 'image/avif' ? 'avif' : 'webp';
      const key = `${prefix}/${id}-${variant.label}.${ext}`;
      await storage.put(key, variant.data, {
        contentType: variant.contentType,
        size: variant.data.length,
      });
      written.push(key);
      files.push({ key, width: variant.width, type: variant.contentType });
    }
  } catch (err) {
    await deleteUploadKeys(storage, written);
    throw err;
  }
  const webp = files.filter((f) => f.type === 'image/webp');
  const w640Key = webp[0]!.key;
  const widest = webp[webp.length - 1]!.key;
  return {
    key: widest,
    variants: widest !== w640Key ? { w640Key, w1280Key: widest, files } : { w640Key, files },
    width: processed.width,
    height: processed.height,
    placeholder: processed.placeholder,
    isGif: processed.isGif,
    animated: processed.animated,
    contentType: 'image/webp',
  };
}

function assertPrefix(prefix: string): void {
  // Prefixes are built by the server (uploadPrefix), so a bad one is a bug, not a client error.
  if (!isValidKey(prefix)) throw new Error(`Not a safe upload prefix: ${prefix}`);
}
