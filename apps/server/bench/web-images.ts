/**
 * Feed image bytes at phone width against the original uploads of the same images.
 *
 * The browser (Debian's Chromium through playwright-core) opens /feed signed in, at Lighthouse's
 * mobile size (412 × 823 CSS px, device pixel ratio 1.75), and scrolls through the first page
 * of the feed (the first `/api/feed` answer) until every image post of that page has loaded its
 * card image; the bytes of those responses are what the page costs. Only the card image of
 * each image post counts (GIFs, videos, avatars and link previews are not uploads of this kind).
 *
 * The originals: uploads keep no original (the seed draws its art from SVG and stores only the
 * WebP variants, `seed/store.ts`), so each one is rebuilt from the widest stored variant at the
 * image's own size (the seed's post art is ≤ 1024 px wide, so that variant has every pixel) and
 * encoded as a person would upload it: PNG (a drawing exported losslessly) and JPEG quality 90 (a
 * phone photo or a typical export). Both ratios are reported; the goal is read against JPEG,
 * the smaller and so the stricter of the two.
 */
import { POST_TYPES } from '@otakura/shared';
import { chromium, type Response } from 'playwright-core';
import sharp from 'sharp';
import { CHROMIUM } from './web-lighthouse';

interface FeedImage {
  url: string;
  largeUrl: string | null;
  width: number;
  height: number;
}
interface FeedPost {
  id: string;
  type: number;
  images: FeedImage[];
}

export interface ImageFigures {
  viewport: { width: number; height: number; dpr: number };
  posts: number;
  imagePosts: number;
  /** Image posts whose card image the browser loaded while scrolling the page. */
  loaded: number;
  /** Which variant the browser chose: 640 or large. */
  chose640: number;
  choseLarge: number;
  servedBytes: number;
  originalPngBytes: number;
  originalJpegBytes: number;
  ratioPng: number;
  ratioJpeg: number;
  /** Median width (CSS px) of the card images on screen: what `sizes` should say. */
  displayedWidth: number;
  /**
   * The same pixels at the served variant's width as AVIF (quality 50, effort 4): what AVIF
   * variants would weigh (an estimate; encoded from the decoded widest variant).
   */
  avifBytes: number;
  items: Array<{
    post: string;
    width: number;
    height: number;
    served: number;
    variant: '640' | 'large' | null;
    png: number;
    jpeg: number;
    avif: number;
  }>;
}

export async function measureFeedImages(base: string, cookie: string): Promise<ImageFigures> {
  const viewport = { width: 412, height: 823, dpr: 1.75 };
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: viewport.width, height: viewport.height },
      deviceScaleFactor: viewport.dpr,
      isMobile: true,
      hasTouch: true,
      extraHTTPHeaders: { cookie },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    const fileBytes = new Map<string, number>();
    const pending = new Set<Promise<void>>();
    page.on('response', (res: Response) => {
      const path = new URL(res.url()).pathname;
      if (!path.startsWith('/files/')) return;
      const p = res
        .body()
        .then((b) => void fileBytes.set(path, b.length))
        .catch(() => undefined)
        .finally(() => pending.delete(p));
      pending.add(p);
    });
    const feedAnswer = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/feed' && r.request().method() === 'GET',
      { timeout: 60_000 },
    );
    await page.goto(`${base}/feed`, { waitUntil: 'load', timeout: 60_000 });
    const feed = (await (await feedAnswer).json()) as { items: FeedPost[] };
    const imagePosts = feed.items.filter((p) => p.type === POST_TYPES.image && p.images[0]);
    const pathOf = (u: string) => new URL(u, base).pathname;
    const loadedVariant = (p: FeedPost): '640' | 'large' | null => {
      const img = p.images[0]!;
      if (img.largeUrl && fileBytes.has(pathOf(img.largeUrl))) return 'large';
      if (fileBytes.has(pathOf(img.url))) return '640';
      return null;
    };

    // Scroll a screen at a time until every image post of the first page has its image.
    let lastY = -1;
    for (let step = 0; step < 80; step++) {
      await page.waitForTimeout(150);
      await Promise.all([...pending]);
      if (imagePosts.every((p) => loadedVariant(p) !== null)) break;
      // A string: this package compiles without the DOM's types.
      const y = Number(
        await page.evaluate('window.scrollBy(0, window.innerHeight * 0.8), window.scrollY'),
      );
      if (y === lastY) {
        // At the bottom: give lazy images a moment, then stop.
        await page.waitForTimeout(1000);
        await Promise.all([...pending]);
        break;
      }
      lastY = y;
    }

    const widths = (
      JSON.parse(
        String(
          await page.evaluate(
            "JSON.stringify([...document.querySelectorAll('img.post-card__image')].map((i) => i.getBoundingClientRect().width))",
          ),
        ),
      ) as number[]
    ).sort((a, b) => a - b);
    const displayedWidth = widths[Math.floor((widths.length - 1) / 2)] ?? Number.NaN;

    const items: ImageFigures['items'] = [];
    for (const p of imagePosts) {
      const img = p.images[0]!;
      const variant = loadedVariant(p);
      const served =
        variant === 'large'
          ? fileBytes.get(pathOf(img.largeUrl!))!
          : variant === '640'
            ? fileBytes.get(pathOf(img.url))!
            : 0;
      const widest = await fetch(new URL(img.largeUrl ?? img.url, base), { headers: { cookie } });
      if (!widest.ok) throw new Error(`${img.largeUrl ?? img.url}: ${widest.status}`);
      const pixels = await sharp(Buffer.from(await widest.arrayBuffer()))
        .resize(img.width, img.height, { fit: 'fill' })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const raw = {
        raw: { width: pixels.info.width, height: pixels.info.height, channels: 3 as const },
      };
      const png = await sharp(pixels.data, raw).png().toBuffer();
      const jpeg = await sharp(pixels.data, raw).jpeg({ quality: 90 }).toBuffer();
      const servedWidth = Math.min(variant === 'large' ? 1280 : 640, img.width);
      const avif = await sharp(pixels.data, raw)
        .resize({ width: servedWidth })
        .avif({ quality: 50, effort: 4 })
        .toBuffer();
      items.push({
        post: p.id,
        width: img.width,
        height: img.height,
        served,
        variant,
        png: png.length,
        jpeg: jpeg.length,
        avif: avif.length,
      });
    }
    const loaded = items.filter((i) => i.variant !== null);
    const sum = (f: (i: (typeof items)[number]) => number) => loaded.reduce((s, i) => s + f(i), 0);
    const servedBytes = sum((i) => i.served);
    return {
      viewport,
      posts: feed.items.length,
      imagePosts: imagePosts.length,
      loaded: loaded.length,
      chose640: loaded.filter((i) => i.variant === '640').length,
      choseLarge: loaded.filter((i) => i.variant === 'large').length,
      servedBytes,
      originalPngBytes: sum((i) => i.png),
      originalJpegBytes: sum((i) => i.jpeg),
      ratioPng: sum((i) => i.png) / servedBytes,
      ratioJpeg: sum((i) => i.jpeg) / servedBytes,
      displayedWidth,
      avifBytes: sum((i) => i.avif),
      items,
    };
  } finally {
    await browser.close();
  }
}
