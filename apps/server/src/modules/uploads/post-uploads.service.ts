/**
 * POST /api/uploads: one file for a future post. The server decides what it is from
 * the bytes (a GIF → 'gif', another image → 'image', MP4/WebM → 'video', anything
 * else 415), under the cap of what it turned out to be (413), stores it under
 * `post-images/{uid}/` or `post-videos/{uid}/`, and records it as an unused upload
 * that one post may claim.
 */
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import type { Upload } from '@otakura/shared';
import type { Db } from '../../db/client';
import { payloadTooLarge, unsupportedMedia } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Storage } from '../../storage/storage';
import { tooLargeMessage } from './multipart';
import { deleteUploadKeys, imageKeys, saveImageUpload, uploadPrefix } from './upload.service';
import { toUpload } from './uploads.mapper';
import * as repo from './uploads.repository';
import { inspectVideo } from './video-processing';

export interface UploadDeps {
  db: Db;
  storage: Storage;
}

export const UPLOAD_MESSAGES = {
  unsupported:
    'That file is not a supported image or video. Use JPEG, PNG, WebP, GIF, AVIF, MP4 or WebM.',
} as const;

const IMAGE_MIMES = new Set([
  'image/jpeg',
  'image/png',
  'image/apng',
  'image/webp',
  'image/gif',
  'image/avif',
]);
const VIDEO_MIMES = new Set(['video/mp4', 'video/x-m4v', 'video/webm']);

/** Unused uploads older than this are removed (rows and files) the next time their owner uploads. */
export const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;

/**
 * Stores the file received at `file.path` (a temp file the caller removes) for `userId`.
 * `maxBytes` are the caps per kind; the video cap already bounded the read.
 */
export async function savePostUpload(
  deps: UploadDeps,
  userId: string,
  file: { path: string; size: number },
  maxBytes: { image: number; video: number },
): Promise<Upload> {
  const mime = (await fileTypeFromFile(file.path))?.mime;
  const id = newId();
  let keys: string[];
  let values: Parameters<typeof repo.insertUpload>[1];

  if (mime && IMAGE_MIMES.has(mime)) {
    if (file.size > maxBytes.image) throw payloadTooLarge(tooLargeMessage(maxBytes.image));
    const saved = await saveImageUpload(deps.storage, {
      prefix: uploadPrefix('post-images', userId),
      buffer: await readFile(file.path),
      responsive: true,
    });
    keys = imageKeys(saved);
    values = {
      id,
      userId,
      kind: saved.isGif ? 'gif' : 'image',
      key: saved.variants.w640Key,
      largeKey: saved.variants.w1280Key ?? null,
      width: saved.width,
      height: saved.height,
      placeholder: saved.placeholder,
      variants: saved.variants.files,
      size: file.size,
    };
  } else if (mime && VIDEO_MIMES.has(mime)) {
    if (file.size > maxBytes.video) throw payloadTooLarge(tooLargeMessage(maxBytes.video));
    const video = await inspectVideo(file.path);
    const key = `${uploadPrefix('post-videos', userId)}/${id}.${video.ext}`;
    await deps.storage.put(key, createReadStream(file.path), {
      contentType: video.contentType,
      size: video.size,
    });
    keys = [key];
    values = {
      id,
      userId,
      kind: 'video',
      key,
      largeKey: null,
      width: null,
      height: null,
      placeholder: null,
      variants: null,
      size: file.size,
    };
  } else {
    throw unsupportedMedia(UPLOAD_MESSAGES.unsupported);
  }

  try {
    return toUpload(await repo.insertUpload(deps.db, values));
  } catch (err) {
    await deleteUploadKeys(deps.storage, keys);
    throw err;
  }
}

/** Removes a user's uploads that no post used within a day. Best effort; never throws. */
export async function purgeStaleUploads(deps: UploadDeps, userId: string): Promise<void> {
  try {
    const keys = await repo.deleteStaleUploads(deps.db, userId, STALE_UPLOAD_MS);
    await deleteUploadKeys(deps.storage, keys);
  } catch {
    // Housekeeping only; the next upload tries again.
  }
}
