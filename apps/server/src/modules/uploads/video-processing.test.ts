import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { inspectVideo, VIDEO_MESSAGES } from './video-processing';
import { ebmlBytes, HTML, mp4Bytes, pngOf, TEXT } from './test-fixtures';

describe('inspectVideo', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'otakura-video-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('recognises MP4 and WebM by their bytes and records the size', async () => {
    await expect(inspectVideo(mp4Bytes())).resolves.toEqual({
      contentType: 'video/mp4',
      ext: 'mp4',
      size: mp4Bytes().length,
    });
    await expect(inspectVideo(ebmlBytes('webm'))).resolves.toEqual({
      contentType: 'video/webm',
      ext: 'webm',
      size: ebmlBytes('webm').length,
    });
  });

  it('treats Apple M4V, an MP4 flavour, as MP4', async () => {
    await expect(inspectVideo(mp4Bytes('M4V '))).resolves.toMatchObject({
      contentType: 'video/mp4',
      ext: 'mp4',
    });
  });

  it('reads a file on disk without loading it', async () => {
    const file = path.join(dir, 'upload-without-extension');
    writeFileSync(file, ebmlBytes('webm', 100_000));
    await expect(inspectVideo(file)).resolves.toEqual({
      contentType: 'video/webm',
      ext: 'webm',
      size: ebmlBytes('webm', 100_000).length,
    });
  });

  it.each([
    ['Matroska', () => ebmlBytes('matroska')],
    ['QuickTime', () => mp4Bytes('qt  ')],
    ['an M4A audio file', () => mp4Bytes('M4A ')],
    ['a PNG', () => pngOf(10, 10)],
    ['text', () => TEXT],
    ['HTML', () => HTML],
  ])('refuses %s with 415', async (_name, make) => {
    const err = await inspectVideo(await make()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      status: 415,
      code: 'unsupported_media_type',
      message: VIDEO_MESSAGES.unsupported,
    });
  });
});
