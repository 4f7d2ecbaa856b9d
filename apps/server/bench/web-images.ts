/**
 * Feed image bytes at phone width against the original uploads of the same images.
 *
 * The browser (Debian's Chromium through playwright-core) opens /feed signed in, at Lighthouse's
 * mobile size (412 × 823 CSS px, device pixel ratio 1.75), and scrolls through the first page
 * of the feed (the first `/api/feed` answer) until every image post of that page has loaded its
 * card image; the bytes of those responses are what the page costs. The card offers every
 * variant (`sources`: AVIF in a <source>, WebP in the <img>), so which file the browser took
 * (type and width) is recorded too. Only the card image of
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

interface FeedSource {
  url: string;
  width: number;
  type: 'image/avif' | 'image/webp';
}
interface FeedImage {
  url: string;
  largeUrl: string | null;
  width: number;
  height: number;
  /** Absent on servers from before AVIF: then `url` (640 px) and `largeUrl` are the files. */
  sources?: FeedSource[];
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
  /** Which variant the browser chose: at most 640 px wide, or wider. */
  chose640: number;
  choseLarge: number;
  /** How many of the chosen files were AVIF (the rest WebP). */
  choseAvif: number;
  /** Chosen files by nominal width and type, e.g. `{ "800 image/avif": 9 }`. */
  chosen: Record<string, number>;
  servedBytes: number;
  originalPngBytes: number;
  originalJpegBytes: number;
  ratioPng: number;
  ratioJpeg: number;
  /** Median width (CSS px) of the card images on screen: what `sizes` should say. */
  displayedWidth: number;
  /** Bytes of the chosen files that were AVIF. */
  avifBytes: number;
  /**
   * What a browser without AVIF would have loaded: the WebP of the same width for each chosen
   * file (fetched after the run), and its ratio against the JPEG originals.
   */
  webpFallbackBytes: number;
  ratioJpegWebp: number;
  items: Array<{
    post: string;
    width: number;
    height: number;
    served: number;
    /** The chosen file's nominal label (640/800/1280, from its name) and type, or null. */
    variant: { label: number; width: number; type: FeedSource['type'] } | null;
    png: number;
    jpeg: number;
    /** Bytes of the WebP of the chosen file's width. */
    webp: number;
  }>;
}

/** Every file of a card image, as the card offers them. */
function sourcesOf(img: FeedImage): FeedSource[] {
  if (img.sources?.length) return img.sources;
  return [
    { url: img.url, width: Math.min(640, img.width), type: 'image/webp' },
    ...(img.largeUrl
      ? [{ url: img.largeUrl, width: Math.min(1280, img.width), type: 'image/webp' as const }]
      : []),
  ];
}

/** The nominal label of a variant file (`…-800.avif` → 800). */
function labelOf(url: string): number {
  return Number(/-(\d+)\.(?:webp|avif)$/.exec(url)?.[1] ?? Number.NaN);
}

/** The images paragraph of BENCHMARKS.md's web block. */
export function describeImages(images: ImageFigures, goal: number): string {
  const kb = (b: number) => `${(b / 1024).toFixed(1)}`;
  const chosen = Object.entries(images.chosen)
    .sort()
    .map(([k, n]) => `${k.replace(' image/', ' ')} ${n}×`)
    .join(', ');
  return `**Feed images at phone width** (${images.viewport.width} × ${images.viewport.height} CSS px, DPR ${images.viewport.dpr}, the first page of /api/feed scrolled through): ${images.loaded} of ${images.imagePosts} image posts (of ${images.posts} posts) loaded ${kb(images.servedBytes)} kB of card images (files chosen: ${chosen}; AVIF ${kb(images.avifBytes)} kB of it). The same images as uploads at their own size (rebuilt from the widest stored variant; the seed keeps no original): PNG ${kb(images.originalPngBytes)} kB → **${images.ratioPng.toFixed(1)}× smaller**, JPEG q90 ${kb(images.originalJpegBytes)} kB → **${images.ratioJpeg.toFixed(1)}× smaller** (goal ≥ ${goal}× against JPEG: ${images.ratioJpeg >= goal ? 'meets' : 'misses'}). A browser without AVIF takes the WebP of the same width: ${kb(images.webpFallbackBytes)} kB, ${images.ratioJpegWebp.toFixed(1)}× smaller than the JPEG. Card images on screen are ${images.displayedWidth.toFixed(0)} CSS px wide (what \`sizes\` says at this width).`;
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
    // The largest file of the image that was fetched (a browser may fetch a small one first).
    const loadedSource = (p: FeedPost): FeedSource | null =>
      sourcesOf(p.images[0]!)
        .filter((s) => fileBytes.has(pathOf(s.url)))
        .sort((a, b) => b.width - a.width)[0] ?? null;

    // The cards must be on the page before scrolling means anything: a short page that is
    // still rendering looks like "already at the bottom". (The first screen may hold no image
    // post, and the cards below it come as the page is scrolled: PostGrid.)
    await page.waitForSelector('article[data-post-id]', { timeout: 60_000 });
    // Scroll a screen at a time until every image post of the first page has its image.
    let lastY = -1;
    for (let step = 0; step < 80; step++) {
      await page.waitForTimeout(150);
      await Promise.all([...pending]);
      if (imagePosts.every((p) => loadedSource(p) !== null)) break;
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
      const source = loadedSource(p);
      // Every file of this image the page fetched counts (normally exactly one).
      const served = sourcesOf(img).reduce((n, s) => n + (fileBytes.get(pathOf(s.url)) ?? 0), 0);
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
      const sameWebp = source
        ? sourcesOf(img).find((s) => s.type === 'image/webp' && s.width === source.width)
        : undefined;
      let webp = 0;
      if (sameWebp) {
        const r = await fetch(new URL(sameWebp.url, base), { headers: { cookie } });
        if (!r.ok) throw new Error(`${sameWebp.url}: ${r.status}`);
        webp = (await r.arrayBuffer()).byteLength;
      }
      items.push({
        post: p.id,
        width: img.width,
        height: img.height,
        served,
        variant: source
          ? { label: labelOf(source.url), width: source.width, type: source.type }
          : null,
        png: png.length,
        jpeg: jpeg.length,
        webp,
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
      chose640: loaded.filter((i) => i.variant!.width <= 640).length,
      choseLarge: loaded.filter((i) => i.variant!.width > 640).length,
      choseAvif: loaded.filter((i) => i.variant!.type === 'image/avif').length,
      chosen: loaded.reduce<Record<string, number>>((acc, i) => {
        const k = `${i.variant!.label} ${i.variant!.type}`;
        acc[k] = (acc[k] ?? 0) + 1;
        return acc;
      }, {}),
      servedBytes,
      originalPngBytes: sum((i) => i.png),
      originalJpegBytes: sum((i) => i.jpeg),
      ratioPng: sum((i) => i.png) / servedBytes,
      ratioJpeg: sum((i) => i.jpeg) / servedBytes,
      displayedWidth,
      avifBytes: sum((i) => (i.variant!.type === 'image/avif' ? i.served : 0)),
      webpFallbackBytes: sum((i) => i.webp),
      ratioJpegWebp: sum((i) => i.jpeg) / sum((i) => i.webp),
      items,
    };
  } finally {
    await browser.close();
  }
}
