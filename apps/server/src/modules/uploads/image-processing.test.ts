import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { IMAGE_MESSAGES, processImage, variantLabels } from './image-processing';
import {
  animatedGif,
  HTML,
  noisyPng,
  pngHeaderClaiming,
  pngOf,
  sidewaysJpegWithGps,
  solid,
  SVG,
  TEXT,
  truncatedPng,
} from './test-fixtures';

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

function hexDistance(a: string, b: string): number {
  const parse = (h: string) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
  const [x, y] = [parse(a), parse(b)];
  return Math.max(...x.map((v, i) => Math.abs(v - y[i]!)));
}

describe('processImage', () => {
  it.each([
    ['JPEG', () => solid(2000, 1000, '#884422').jpeg().toBuffer(), 'jpeg'],
    ['PNG', () => pngOf(2000, 1000), 'png'],
    ['WebP', () => solid(2000, 1000, '#884422').webp().toBuffer(), 'webp'],
    ['AVIF', () => solid(2000, 1000, '#884422').avif().toBuffer(), 'avif'],
  ] as const)('turns a wide %s into 640 and 1280 px WebP variants', async (_name, make, format) => {
    const out = await processImage(await make());
    expect(out.sourceFormat).toBe(format);
    expect(out).toMatchObject({ width: 2000, height: 1000, isGif: false, animated: false });
    expect(out.variants.map((v) => [v.label, v.width, v.height])).toEqual([
      [640, 640, 320],
      [1280, 1280, 640],
    ]);
    for (const v of out.variants) {
      expect(v.contentType).toBe('image/webp');
      const meta = await sharp(v.data).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(v.width);
    }
  });

  it('never enlarges: a small image gets one variant at its own size', async () => {
    const out = await processImage(await pngOf(500, 400));
    expect(out.variants.map((v) => [v.label, v.width, v.height])).toEqual([[640, 500, 400]]);
    expect(out).toMatchObject({ width: 500, height: 400 });
  });

  it('makes only the 640 variant when maxWidth is 640', async () => {
    const out = await processImage(await pngOf(2000, 1000), { maxWidth: 640 });
    expect(out.variants.map((v) => v.label)).toEqual([640]);
  });

  it('without responsive makes no 800 px variant and no AVIF (avatars, banners, covers)', async () => {
    const out = await processImage(await pngOf(2000, 1000));
    expect(out.variants.map((v) => v.label)).toEqual([640, 1280]);
    expect(out.avifVariants).toEqual([]);
  });

  it('responsive: 640, 800 and 1280 px WebP and an AVIF of each, typed by their bytes', async () => {
    const out = await processImage(await noisyPng(2000, 1000), { responsive: true });
    expect(out.variants.map((v) => [v.label, v.width, v.height, v.contentType])).toEqual([
      [640, 640, 320, 'image/webp'],
      [800, 800, 400, 'image/webp'],
      [1280, 1280, 640, 'image/webp'],
    ]);
    expect(out.avifVariants.map((v) => [v.label, v.width, v.height, v.contentType])).toEqual([
      [640, 640, 320, 'image/avif'],
      [800, 800, 400, 'image/avif'],
      [1280, 1280, 640, 'image/avif'],
    ]);
    for (const v of [...out.variants, ...out.avifVariants]) {
      const meta = await sharp(v.data).metadata();
      // sharp reports AVIF as 'heif' with the av1 compression.
      if (v.contentType === 'image/avif')
        expect([meta.format, meta.compression]).toEqual(['heif', 'av1']);
      else expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([v.width, v.height]);
      expect(meta.exif).toBeUndefined();
    }
  });

  it('responsive: never enlarges, and makes no two files of the same size', async () => {
    const out = await processImage(await pngOf(700, 500), { responsive: true });
    expect(out.variants.map((v) => [v.label, v.width])).toEqual([
      [640, 640],
      [800, 700],
    ]);
    expect(out.avifVariants.map((v) => [v.label, v.width])).toEqual([
      [640, 640],
      [800, 700],
    ]);
    expect(variantLabels(640, { responsive: true })).toEqual([640]);
    expect(variantLabels(801, { responsive: true })).toEqual([640, 800, 1280]);
    expect(variantLabels(5000, { responsive: true, maxWidth: 800 })).toEqual([640, 800]);
  });

  it('responsive: an animation stays WebP only (no animated AVIF), every frame kept', async () => {
    const gif = await animatedGif(900, 100, ['#ff0000', '#00ff00'], 100);
    const out = await processImage(gif, { responsive: true });
    expect(out.animated).toBe(true);
    expect(out.avifVariants).toEqual([]);
    expect(out.variants.map((v) => [v.label, v.width])).toEqual([
      [640, 640],
      [800, 800],
      [1280, 900],
    ]);
    const meta = await sharp(out.variants[1]!.data, { animated: true }).metadata();
    expect(meta.pages).toBe(2);
  });

  it('rotates by EXIF orientation, reports the upright size, and drops EXIF and GPS', async () => {
    const input = await sidewaysJpegWithGps();
    const inMeta = await sharp(input).metadata();
    expect(inMeta.orientation).toBe(6);
    expect(inMeta.exif?.toString('latin1')).toContain('secret-owner');

    const out = await processImage(input);
    expect(out).toMatchObject({ width: 100, height: 300 });
    const variant = out.variants[0]!;
    expect([variant.width, variant.height]).toEqual([100, 300]);
    const meta = await sharp(variant.data).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(variant.data.toString('latin1')).not.toContain('secret-owner');
    // The left (red) half of the sideways picture is now on top.
    const { data } = await sharp(variant.data).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200);
    expect(data[2]).toBeLessThan(60);
    expect(data[data.length - 3]).toBeLessThan(60);
    expect(data[data.length - 1]).toBeGreaterThan(200);
  });

  it('keeps an animated GIF animated, with its frames and timing, and reports isGif', async () => {
    const gif = await animatedGif(200, 100, ['#ff0000', '#00ff00', '#0000ff'], 120);
    const out = await processImage(gif);
    expect(out).toMatchObject({
      isGif: true,
      animated: true,
      width: 200,
      height: 100,
      sourceFormat: 'gif',
    });
    const variant = out.variants[0]!;
    expect([variant.width, variant.height]).toEqual([200, 100]);
    const meta = await sharp(variant.data, { animated: true }).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.pages).toBe(3);
    expect(meta.pageHeight).toBe(100);
    expect(meta.delay).toEqual([120, 120, 120]);
  });

  it('keeps an animated WebP animated, and it is not a GIF', async () => {
    const gif = await animatedGif(80, 60, ['#ff0000', '#00ff00'], 200);
    const webp = await sharp(gif, { animated: true }).webp().toBuffer();
    const out = await processImage(webp);
    expect(out).toMatchObject({
      isGif: false,
      animated: true,
      sourceFormat: 'webp',
      width: 80,
      height: 60,
    });
    const meta = await sharp(out.variants[0]!.data, { animated: true }).metadata();
    expect(meta.pages).toBe(2);
  });

  it('reports a one-frame GIF as a GIF that is not animated', async () => {
    const out = await processImage(await solid(50, 40, '#00ff00').gif().toBuffer());
    expect(out).toMatchObject({ isGif: true, animated: false, width: 50, height: 40 });
  });

  it('gives the average colour as the placeholder, ignoring transparent pixels', async () => {
    const opaque = await processImage(await pngOf(300, 200, '#336699'));
    expect(opaque.placeholder).toMatch(/^#[0-9a-f]{6}$/);
    expect(hexDistance(opaque.placeholder, '#336699')).toBeLessThanOrEqual(6);

    const halfTransparent = await sharp({
      create: { width: 200, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([{ input: await solid(100, 100, '#ff0000').png().toBuffer(), left: 0, top: 0 }])
      .png()
      .toBuffer();
    const out = await processImage(halfTransparent);
    expect(hexDistance(out.placeholder, '#ff0000')).toBeLessThanOrEqual(8);
  });

  it.each([
    ['a text file', TEXT],
    ['an SVG', SVG],
    ['an HTML page', HTML],
    ['a TIFF (a real image, but not one we take)', null],
    ['an empty file', Buffer.alloc(0)],
  ])('refuses %s with 415 and the supported-types message', async (_name, bytes) => {
    const input = bytes ?? (await solid(10, 10, '#000000').tiff().toBuffer());
    const err = await refusal(processImage(input));
    expect(err.status).toBe(415);
    expect(err.code).toBe('unsupported_media_type');
    expect(err.message).toBe(
      'That file is not a supported image. Use JPEG, PNG, WebP, GIF or AVIF.',
    );
  });

  it('refuses a truncated PNG, which sharp metadata alone would accept', async () => {
    const cut = await truncatedPng();
    await expect(sharp(cut).metadata()).resolves.toMatchObject({ width: 400, height: 300 });
    const err = await refusal(processImage(cut));
    expect(err.status).toBe(415);
    expect(err.message).toBe(IMAGE_MESSAGES.damaged);
  });

  it('refuses a truncated JPEG and a truncated GIF', async () => {
    const jpeg = await sharp(await noisyPng(400, 300))
      .jpeg()
      .toBuffer();
    expect((await refusal(processImage(jpeg.subarray(0, jpeg.length >> 1)))).status).toBe(415);
    // Cut inside the image data. (A GIF cut between whole frames decodes as the frames it still has.)
    const gif = await sharp(await noisyPng(300, 200))
      .gif()
      .toBuffer();
    expect(
      (await refusal(processImage(gif.subarray(0, Math.floor(gif.length * 0.6))))).status,
    ).toBe(415);
  });

  it('refuses an image over 40 megapixels from its header, before decoding it', async () => {
    const err = await refusal(processImage(pngHeaderClaiming(8000, 6000)));
    expect(err.status).toBe(413);
    expect(err.code).toBe('payload_too_large');
    expect(err.message).toBe('That image is too large. The limit is 40 megapixels.');
  });

  it('accepts an image just under the pixel limit in its header (and then finds it has no pixels)', async () => {
    const err = await refusal(processImage(pngHeaderClaiming(6000, 6000)));
    expect(err.status).toBe(415);
    expect(err.message).toBe(IMAGE_MESSAGES.damaged);
  });
});
