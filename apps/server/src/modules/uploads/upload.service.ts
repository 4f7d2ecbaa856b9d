import { createReadStream } from 'node:fs';
import { v7 as uuidv7 } from 'uuid';
import { isValidKey } from '../../storage/keys';
import type { Storage } from '../../storage/storage';
import { processImage, type ImageVariantWidth, type ProcessedImage } from './image-processing';
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

export interface SavedImage {
  /** The widest variant: what a post or profile stores as its image. */
  key: string;
  variants: { w640Key: string; w1280Key?: string };
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
 * the image is wider than 640 px). Keys are new for every upload and never
 * overwritten. Nothing is stored when the image is refused; if storing one
 * variant fails, the others are removed.
 */
export async function saveImageUpload(
  storage: Storage,
  input: { prefix: string; buffer: Buffer; maxWidth?: ImageVariantWidth },
): Promise<SavedImage> {
  assertPrefix(input.prefix);
  const processed = await processImage(input.buffer, { maxWidth: input.maxWidth });
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
  return [image.variants.w640Key, image.variants.w1280Key].filter((k): k is string => !!k);
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
  const keys: Partial<Record<ImageVariantWidth, string>> = {};
  try {
    for (const variant of processed.variants) {
      const key = `${prefix}/${id}-${variant.label}.webp`;
      await storage.put(key, variant.data, {
        contentType: variant.contentType,
        size: variant.data.length,
      });
      written.push(key);
      keys[variant.label] = key;
    }
  } catch (err) {
    await deleteUploadKeys(storage, written);
    throw err;
  }
  const w640Key = keys[640]!;
  const w1280Key = keys[1280];
  return {
    key: w1280Key ?? w640Key,
    variants: w1280Key ? { w640Key, w1280Key } : { w640Key },
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
