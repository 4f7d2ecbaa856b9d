import { stat } from 'node:fs/promises';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import { unsupportedMedia } from '../../lib/errors';

export const VIDEO_MESSAGES = {
  unsupported: 'That file is not a supported video. Use MP4 or WebM.',
} as const;

export interface InspectedVideo {
  contentType: 'video/mp4' | 'video/webm';
  ext: 'mp4' | 'webm';
  /** Bytes. */
  size: number;
}

/**
 * Accepts MP4 (including Apple's M4V flavour) and WebM by their magic bytes,
 * whatever the file is called; refuses everything else with 415. There is no
 * ffmpeg at runtime, so the video is stored as sent and the client supplies a
 * thumbnail.
 */
export async function inspectVideo(input: Buffer | string): Promise<InspectedVideo> {
  const detected = Buffer.isBuffer(input)
    ? await fileTypeFromBuffer(input)
    : await fileTypeFromFile(input);
  const size = Buffer.isBuffer(input) ? input.length : (await stat(input)).size;
  switch (detected?.mime) {
    case 'video/mp4':
    case 'video/x-m4v':
      return { contentType: 'video/mp4', ext: 'mp4', size };
    case 'video/webm':
      return { contentType: 'video/webm', ext: 'webm', size };
    default:
      throw unsupportedMedia(VIDEO_MESSAGES.unsupported);
  }
}
