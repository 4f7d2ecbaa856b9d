import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalStorage } from '../../storage/local-storage';
import type { Storage } from '../../storage/storage';
import { animatedGif, ebmlBytes, mp4Bytes, pngOf, storedKeys, SVG, TEXT } from './test-fixtures';
import { imageKeys, saveImageUpload, saveVideoUpload, uploadPrefix } from './upload.service';

const UUID_V7 = '[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Wraps a storage so the nth put (1-based) fails, to prove partial writes are undone. */
function failingOnPut(inner: Storage, n: number): Storage {
  let puts = 0;
  return new Proxy(inner, {
    get(target, prop, receiver) {
      if (prop === 'put') {
        return async (...args: Parameters<Storage['put']>) => {
          puts += 1;
          if (puts === n) throw new Error('disk full');
          return target.put(...args);
        };
      }
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
}

describe('upload service', () => {
  let root: string;
  let storage: LocalStorage;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'otakura-uploads-'));
    storage = new LocalStorage(root);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  describe('saveImageUpload', () => {
    it('stores 640 and 1280 WebP variants under the prefix with a fresh UUIDv7, and reports the image', async () => {
      const saved = await saveImageUpload(storage, {
        prefix: 'post-images/u1',
        buffer: await pngOf(2000, 1000),
      });
      expect(saved.variants.w640Key).toMatch(
        new RegExp(`^post-images/u1/(${UUID_V7})-640\\.webp$`),
      );
      expect(saved.variants.w1280Key).toBe(
        saved.variants.w640Key.replace('-640.webp', '-1280.webp'),
      );
      expect(saved.key).toBe(saved.variants.w1280Key);
      expect(saved).toMatchObject({
        width: 2000,
        height: 1000,
        isGif: false,
        animated: false,
        contentType: 'image/webp',
      });
      expect(saved.placeholder).toMatch(/^#[0-9a-f]{6}$/);
      expect(storedKeys(root)).toEqual([saved.variants.w1280Key, saved.variants.w640Key].sort());

      const got = await storage.get(saved.variants.w1280Key!);
      expect(got!.info.contentType).toBe('image/webp');
      const meta = await sharp(await readAll(got!.body)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1280, 640]);
    });

    it('stores only the 640 variant of a narrow image, and that is its key', async () => {
      const saved = await saveImageUpload(storage, {
        prefix: 'user-profile-images/u1',
        buffer: await pngOf(400, 400),
      });
      expect(saved.variants.w1280Key).toBeUndefined();
      expect(saved.key).toBe(saved.variants.w640Key);
      expect(storedKeys(root)).toEqual([saved.key]);
    });

    it('never reuses a key: the same picture twice makes two sets of files', async () => {
      const png = await pngOf(800, 600);
      const a = await saveImageUpload(storage, { prefix: 'post-images/u1', buffer: png });
      const b = await saveImageUpload(storage, { prefix: 'post-images/u1', buffer: png });
      expect(a.key).not.toBe(b.key);
      expect(storedKeys(root)).toHaveLength(4);
    });

    it('reports an animated GIF as isGif and stores it animated', async () => {
      const saved = await saveImageUpload(storage, {
        prefix: 'post-images/u1',
        buffer: await animatedGif(120, 90, ['#ff0000', '#0000ff']),
      });
      expect(saved).toMatchObject({ isGif: true, animated: true, width: 120, height: 90 });
      const got = await storage.get(saved.key);
      const meta = await sharp(await readAll(got!.body), { animated: true }).metadata();
      expect(meta.pages).toBe(2);
    });

    it.each([
      ['text renamed .png', TEXT],
      ['SVG', SVG],
    ])('stores nothing for %s', async (_name, buffer) => {
      await expect(
        saveImageUpload(storage, { prefix: 'post-images/u1', buffer }),
      ).rejects.toMatchObject({ status: 415 });
      expect(storedKeys(root)).toEqual([]);
    });

    it('responsive: stores -640, -800 and -1280 as WebP and AVIF; the 1280 WebP is the key', async () => {
      const saved = await saveImageUpload(storage, {
        prefix: 'post-images/u1',
        buffer: await pngOf(2000, 1000),
        responsive: true,
      });
      const stem = saved.variants.w640Key.replace(/-640\.webp$/, '');
      expect(saved.key).toBe(`${stem}-1280.webp`);
      expect(saved.variants.w1280Key).toBe(`${stem}-1280.webp`);
      expect(saved.variants.files.map((f) => [f.key.slice(stem.length), f.width, f.type])).toEqual([
        ['-640.webp', 640, 'image/webp'],
        ['-800.webp', 800, 'image/webp'],
        ['-1280.webp', 1280, 'image/webp'],
        ['-640.avif', 640, 'image/avif'],
        ['-800.avif', 800, 'image/avif'],
        ['-1280.avif', 1280, 'image/avif'],
      ]);
      expect(storedKeys(root)).toEqual(imageKeys(saved).sort());
      const got = await storage.get(`${stem}-800.avif`);
      expect(got!.info.contentType).toBe('image/avif');
      const meta = await sharp(await readAll(got!.body)).metadata();
      expect([meta.format, meta.compression, meta.width]).toEqual(['heif', 'av1', 800]);
    });

    it('responsive: removes every file already written when storing an AVIF fails', async () => {
      const flaky = failingOnPut(storage, 5);
      await expect(
        saveImageUpload(flaky, {
          prefix: 'post-images/u1',
          buffer: await pngOf(2000, 1000),
          responsive: true,
        }),
      ).rejects.toThrow('disk full');
      expect(storedKeys(root)).toEqual([]);
    });

    it('removes the variant already written when storing the next one fails', async () => {
      const flaky = failingOnPut(storage, 2);
      await expect(
        saveImageUpload(flaky, { prefix: 'post-images/u1', buffer: await pngOf(2000, 1000) }),
      ).rejects.toThrow('disk full');
      expect(storedKeys(root)).toEqual([]);
    });

    it('refuses an unsafe prefix before storing anything', async () => {
      await expect(
        saveImageUpload(storage, { prefix: 'post-images/../x', buffer: await pngOf(10, 10) }),
      ).rejects.toThrow(/prefix/);
      expect(storedKeys(root)).toEqual([]);
    });
  });

  describe('saveVideoUpload', () => {
    it('stores an MP4 as sent, with its thumbnail under the same id', async () => {
      const video = mp4Bytes();
      const saved = await saveVideoUpload(storage, {
        prefix: 'post-videos/u1',
        video,
        thumbnail: await pngOf(1920, 1080),
      });
      const id = new RegExp(`^post-videos/u1/(${UUID_V7})\\.mp4$`).exec(saved.key)?.[1];
      expect(id).toBeDefined();
      expect(saved).toMatchObject({ contentType: 'video/mp4', size: video.length });
      expect(saved.thumbnail.variants).toEqual({
        w640Key: `post-videos/u1/${id}-640.webp`,
        w1280Key: `post-videos/u1/${id}-1280.webp`,
        files: [
          { key: `post-videos/u1/${id}-640.webp`, width: 640, type: 'image/webp' },
          { key: `post-videos/u1/${id}-1280.webp`, width: 1280, type: 'image/webp' },
        ],
      });
      expect(saved.thumbnail).toMatchObject({ width: 1920, height: 1080 });
      const got = await storage.get(saved.key);
      expect(got!.info.contentType).toBe('video/mp4');
      expect((await readAll(got!.body)).equals(video)).toBe(true);
    });

    it('streams a WebM from a temp file path', async () => {
      const file = path.join(root, '..', `${path.basename(root)}-upload`);
      writeFileSync(file, ebmlBytes('webm', 300_000));
      try {
        const saved = await saveVideoUpload(storage, {
          prefix: 'post-videos/u1',
          video: { path: file },
          thumbnail: await pngOf(320, 180),
        });
        expect(saved.key).toMatch(/\.webm$/);
        expect(saved.size).toBe(ebmlBytes('webm', 300_000).length);
        expect((await storage.head(saved.key))!.size).toBe(saved.size);
      } finally {
        rmSync(file, { force: true });
      }
    });

    it('stores nothing when the video is not MP4 or WebM', async () => {
      await expect(
        saveVideoUpload(storage, {
          prefix: 'post-videos/u1',
          video: ebmlBytes('matroska'),
          thumbnail: await pngOf(320, 180),
        }),
      ).rejects.toMatchObject({ status: 415 });
      expect(storedKeys(root)).toEqual([]);
    });

    it('stores nothing, not even the video, when the thumbnail is not an image', async () => {
      await expect(
        saveVideoUpload(storage, { prefix: 'post-videos/u1', video: mp4Bytes(), thumbnail: SVG }),
      ).rejects.toMatchObject({
        status: 415,
      });
      expect(storedKeys(root)).toEqual([]);
    });

    it('removes the thumbnail when storing the video fails', async () => {
      // Thumbnail of 320 px: one variant (put 1), then the video (put 2) fails.
      const flaky = failingOnPut(storage, 2);
      await expect(
        saveVideoUpload(flaky, {
          prefix: 'post-videos/u1',
          video: mp4Bytes(),
          thumbnail: await pngOf(320, 180),
        }),
      ).rejects.toThrow('disk full');
      expect(storedKeys(root)).toEqual([]);
    });
  });

  describe('uploadPrefix', () => {
    it('builds the spec layout and refuses a uid that would climb out', () => {
      expect(uploadPrefix('post-images', 'abc123')).toBe('post-images/abc123');
      expect(() => uploadPrefix('post-images', '../other')).toThrow();
      expect(() => uploadPrefix('post-images', 'a/b')).toThrow();
      expect(() => uploadPrefix('post-images', '')).toThrow();
    });
    it('gives keys whose images can be deleted by imageKeys', async () => {
      const saved = await saveImageUpload(storage, {
        prefix: uploadPrefix('post-images', 'u9'),
        buffer: await pngOf(2000, 1000),
      });
      for (const key of imageKeys(saved)) await storage.delete(key);
      expect(storedKeys(root)).toEqual([]);
    });
  });
});
