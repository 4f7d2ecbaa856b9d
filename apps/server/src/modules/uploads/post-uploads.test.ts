import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostSchema } from '@otakura/shared';
import { postImages, uploads } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { createCommunity, createUser, type TestUser } from '../../test/factories';
import { expectApiError, sendUpload, upload, writePost } from '../../test/post-factories';
import {
  animatedGif,
  ebmlBytes,
  HTML,
  mp4Bytes,
  pngOf,
  sidewaysJpegWithGps,
  SVG,
  TEXT,
} from './test-fixtures';
import { uploadsSettings } from './uploads.settings';

let t: TestApp;
let alice: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await createUser(t);
});
afterAll(async () => {
  await t?.close();
});

const keyOf = (url: string) => url.replace(/^\/files\//, '');

describe('POST /api/uploads', () => {
  it('stores an image as WebP variants under post-images/{uid}/ and answers an unused Upload', async () => {
    const up = await upload(alice.http, await pngOf(1500, 1000), 'holiday.png', 'image/png');
    expect(up).toMatchObject({ kind: 'image', width: 1500, height: 1000 });
    expect(up.url).toMatch(
      new RegExp(`^/files/post-images/${alice.user.id}/[0-9a-f-]{36}-640\\.webp$`),
    );
    expect(up.placeholder).toMatch(/^#[0-9a-f]{6}$/);
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, up.id));
    expect(row).toMatchObject({ userId: alice.user.id, kind: 'image', postId: null });
    expect(row!.largeKey).toMatch(/-1280\.webp$/);
    expect(await t.storage.head(row!.largeKey!)).not.toBeNull();
  });

  it('stores an 800 px variant and an AVIF beside each WebP, typed by their bytes', async () => {
    const up = await upload(alice.http, await pngOf(1500, 1000), 'wide.png', 'image/png');
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, up.id));
    const stem = row!.key.replace(/-640\.webp$/, '');
    expect(row!.variants).toEqual([
      { key: `${stem}-640.webp`, width: 640, type: 'image/webp' },
      { key: `${stem}-800.webp`, width: 800, type: 'image/webp' },
      { key: `${stem}-1280.webp`, width: 1280, type: 'image/webp' },
      { key: `${stem}-640.avif`, width: 640, type: 'image/avif' },
      { key: `${stem}-800.avif`, width: 800, type: 'image/avif' },
      { key: `${stem}-1280.avif`, width: 1280, type: 'image/avif' },
    ]);
    for (const v of row!.variants!) {
      const res = await t.http(`/files/${v.key}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(v.type);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.format).toBe(v.type === 'image/avif' ? 'heif' : 'webp');
      expect(meta.width).toBe(v.width);
    }
  });

  it('a post sends every variant as sources (AVIF and WebP); rows from before AVIF list their WebP', async () => {
    const { id: communityId } = await createCommunity(t);
    const wide = await upload(alice.http, await pngOf(1000, 500, '#ff0000'));
    const post = await writePost(alice.http, { communityId, uploadIds: [wide.id] });
    const stem = wide.url.replace(/-640\.webp$/, '');
    expect(post.images[0]).toMatchObject({
      url: wide.url,
      largeUrl: `${stem}-1280.webp`,
      placeholder: wide.placeholder,
    });
    expect(post.images[0]!.sources).toEqual([
      { url: `${stem}-640.avif`, width: 640, type: 'image/avif' },
      { url: `${stem}-800.avif`, width: 800, type: 'image/avif' },
      { url: `${stem}-1280.avif`, width: 1000, type: 'image/avif' },
      { url: `${stem}-640.webp`, width: 640, type: 'image/webp' },
      { url: `${stem}-800.webp`, width: 800, type: 'image/webp' },
      { url: `${stem}-1280.webp`, width: 1000, type: 'image/webp' },
    ]);

    // A row written before migration 0012: only key and large_key.
    await t.database.db
      .update(postImages)
      .set({ variants: null })
      .where(eq(postImages.postId, post.id));
    const res = await alice.http(`/api/posts/${post.id}`);
    expect(res.status).toBe(200);
    const old = PostSchema.parse(await res.json());
    expect(old.images[0]!.sources).toEqual([
      { url: `${stem}-640.webp`, width: 640, type: 'image/webp' },
      { url: `${stem}-1280.webp`, width: 1000, type: 'image/webp' },
    ]);

    // Deleting the post removes every file of the image, AVIF included.
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, wide.id));
    expect(row!.variants).toHaveLength(6);
    expect((await alice.http(`/api/posts/${post.id}`, { method: 'DELETE' })).status).toBe(204);
    await expect
      .poll(async () => Promise.all(row!.variants!.map((v) => t.storage.head(v.key))))
      .toEqual(row!.variants!.map(() => null));
  });

  it('strips EXIF and GPS from a photo', async () => {
    const up = await upload(alice.http, await sidewaysJpegWithGps(), 'me.jpg', 'image/jpeg');
    expect([up.width, up.height]).toEqual([100, 300]);
    const stored = await t.http(up.url);
    const bytes = Buffer.from(await stored.arrayBuffer());
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    expect(bytes.toString('latin1')).not.toContain('secret-owner');
  });

  it("decides 'gif' from the bytes, whatever the file is called", async () => {
    const up = await upload(
      alice.http,
      await animatedGif(60, 40, ['#ff0000', '#00ff00']),
      'not-a-gif.png',
      'image/png',
    );
    expect(up.kind).toBe('gif');
  });

  it("decides 'video' for MP4 and WebM under post-videos/{uid}/, stored as sent", async () => {
    const mp4 = mp4Bytes();
    const up = await upload(alice.http, mp4, 'clip.bin', 'application/octet-stream');
    expect(up).toMatchObject({
      kind: 'video',
      width: null,
      height: null,
      placeholder: null,
      size: mp4.length,
    });
    expect(up.url).toMatch(new RegExp(`^/files/post-videos/${alice.user.id}/[0-9a-f-]{36}\\.mp4$`));
    const stored = await t.storage.head(keyOf(up.url));
    expect(stored).toMatchObject({ size: mp4.length, contentType: 'video/mp4' });
    const webm = await upload(alice.http, ebmlBytes('webm'), 'clip.webm', 'video/webm');
    expect(webm.url).toMatch(/\.webm$/);
  });

  it.each([
    ['a text file renamed .png', TEXT, 'cat.png', 'image/png'],
    ['an SVG', SVG, 'logo.svg', 'image/svg+xml'],
    ['an HTML page called .jpg', HTML, 'page.jpg', 'image/jpeg'],
    ['a Matroska file (not WebM)', ebmlBytes('matroska'), 'film.webm', 'video/webm'],
  ])('refuses %s with 415 and stores nothing', async (_name, bytes, filename, type) => {
    const before = await t.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.userId, alice.user.id));
    await expectApiError(
      await sendUpload(alice.http, bytes, filename, type),
      415,
      'unsupported_media_type',
    );
    const after = await t.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.userId, alice.user.id));
    expect(after.length).toBe(before.length);
  });

  it('refuses an oversized video and an oversized image with 413', async () => {
    const settings = uploadsSettings(t.ctx);
    const saved = structuredClone(settings.uploadMaxBytes);
    settings.uploadMaxBytes = { image: 40 * 1024, video: 64 * 1024 };
    try {
      const tooBigVideo = mp4Bytes('isom', 100 * 1024);
      const res = await sendUpload(alice.http, tooBigVideo, 'long.mp4', 'video/mp4');
      const body = await expectApiError(res, 413, 'payload_too_large');
      expect(body.error.message).toBe('That file is too large. The limit is 64 KB.');
      // Under the video cap but over the image cap: refused as what the bytes are.
      const noisy = await sharp(randomBytes(130 * 130 * 3), {
        raw: { width: 130, height: 130, channels: 3 },
      })
        .png()
        .toBuffer();
      expect(noisy.length).toBeGreaterThan(40 * 1024);
      expect(noisy.length).toBeLessThan(64 * 1024);
      await expectApiError(await sendUpload(alice.http, noisy), 413, 'payload_too_large');
    } finally {
      settings.uploadMaxBytes = saved;
    }
  });

  it("removes a user's uploads that stayed unused for a day (rows and files) when they upload again", async () => {
    const user = await createUser(t);
    const old = await upload(user.http, await pngOf(900, 600));
    const used = await upload(user.http, await pngOf(100, 100));
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await t.database.db.update(uploads).set({ createdAt: dayAgo }).where(eq(uploads.id, old.id));
    const [oldRow] = await t.database.db.select().from(uploads).where(eq(uploads.id, old.id));
    await upload(user.http, await pngOf(50, 50));
    await expect
      .poll(
        async () =>
          (await t.database.db.select().from(uploads).where(eq(uploads.id, old.id))).length,
      )
      .toBe(0);
    await expect
      .poll(async () => [
        await t.storage.head(oldRow!.key),
        await t.storage.head(oldRow!.largeKey!),
        // The 800 px WebP and the AVIF files go too.
        ...(await Promise.all(oldRow!.variants!.map((v) => t.storage.head(v.key)))),
      ])
      .toEqual([null, null, ...oldRow!.variants!.map(() => null)]);
    expect(oldRow!.variants).toHaveLength(6);
    expect(await t.database.db.select().from(uploads).where(eq(uploads.id, used.id))).toHaveLength(
      1,
    );
  });

  it('answers 400 without a file and 401 without a session', async () => {
    const form = new FormData();
    form.append('note', 'no file here');
    const res = await alice.http('/api/uploads', { method: 'POST', body: form });
    expect(res.status).toBe(400);
    await expectApiError(await sendUpload(t.http, await pngOf(10, 10)), 401, 'unauthorized');
  });

  it('rate-limits uploads per user with 429 rate_limited', async () => {
    const settings = uploadsSettings(t.ctx);
    const saved = settings.uploadRateLimit.max;
    settings.uploadRateLimit.max = 3;
    try {
      const [user, other] = [await createUser(t), await createUser(t)];
      const png = await pngOf(20, 20);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await sendUpload(user.http, png)).status);
      expect(statuses).toEqual([201, 201, 201, 429]);
      // Another user is counted apart.
      expect((await sendUpload(other.http, png)).status).toBe(201);
    } finally {
      settings.uploadRateLimit.max = saved;
    }
  });
});
