import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  avatarArt,
  bannerArt,
  communityArt,
  createRng,
  gifArt,
  initialsOf,
  mangaPageArt,
  mediaCoverArt,
  postArt,
  renderArtVariant,
  shopItemArt,
  type Art,
} from './art';
import { measureLine, normaliseForFont, textBlock } from './stroke-font';

async function decoded(art: Art) {
  const meta = await sharp(art.data, { animated: true }).metadata();
  // Decoding every pixel is the real validation (metadata accepts truncated files).
  const { info } = await sharp(art.data, { animated: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { meta, info };
}

const cases: Array<[string, () => Promise<Art>, number, number]> = [
  ['postArt', () => postArt(7, { width: 320, height: 240, title: 'Rooftop sunset' }), 320, 240],
  ['postArt portrait, no title', () => postArt('seed', { width: 200, height: 300 }), 200, 300],
  ['bannerArt', () => bannerArt(1, { width: 450, height: 150 }), 450, 150],
  ['avatarArt', () => avatarArt('mika', 'MT', { size: 128 }), 128, 128],
  ['communityArt', () => communityArt('mecha', 'Mecha Garage', { size: 256 }), 256, 256],
  [
    'mediaCoverArt',
    () => mediaCoverArt('relay', 'Starlight Relay', { width: 200, height: 300 }),
    200,
    300,
  ],
  ['mangaPageArt', () => mangaPageArt('letters', 3, { width: 200, height: 300 }), 200, 300],
  [
    'mangaPageArt spread with a title',
    () => mangaPageArt('letters', 6, { width: 400, height: 300, title: 'Lighthouse Letters' }),
    400,
    300,
  ],
  [
    'shopItemArt',
    () => shopItemArt('bear', 'Round Bear Plush', { size: 256, kind: 'plush' }),
    256,
    256,
  ],
];

describe('generated art', () => {
  it.each(cases)(
    '%s returns a decodable WebP of the asked size, the same for the same seed',
    async (_name, make, w, h) => {
      const a = await make();
      const b = await make();
      expect(a.contentType).toBe('image/webp');
      expect(a.width).toBe(w);
      expect(a.height).toBe(h);
      const { meta, info } = await decoded(a);
      expect(meta.format).toBe('webp');
      expect([info.width, info.height]).toEqual([w, h]);
      expect(a.placeholder).toMatch(/^#[0-9a-f]{6}$/);
      expect(Buffer.compare(a.data, b.data)).toBe(0);
    },
  );

  it('draws each page of an issue differently (layout, colours, page number)', async () => {
    const pages = await Promise.all(
      [1, 2, 3].map((n) => mangaPageArt('issue', n, { width: 160, height: 240, title: 'T' })),
    );
    expect(Buffer.compare(pages[0]!.data, pages[1]!.data)).not.toBe(0);
    expect(Buffer.compare(pages[1]!.data, pages[2]!.data)).not.toBe(0);
    // The title is drawn: the page differs from the same page without it.
    const untitled = await mangaPageArt('issue', 1, { width: 160, height: 240 });
    expect(Buffer.compare(pages[0]!.data, untitled.data)).not.toBe(0);
  });

  it('gives different art for different seeds', async () => {
    const a = await postArt(1, { width: 160, height: 120 });
    const b = await postArt(2, { width: 160, height: 120 });
    expect(Buffer.compare(a.data, b.data)).not.toBe(0);
  });

  it('draws every shop item kind', async () => {
    for (const kind of ['figure', 'poster', 'plush', 'stand', 'artbook'] as const) {
      const art = await shopItemArt('x', 'Item', { size: 160, kind });
      expect((await decoded(art)).info.width).toBe(160);
    }
  });

  it('draws titles without any system font (the stroke font paints pixels)', async () => {
    const plain = await sharp((await postArt(3, { width: 240, height: 180 })).data)
      .raw()
      .toBuffer();
    const titled = await sharp((await postArt(3, { width: 240, height: 180, title: 'HELLO' })).data)
      .raw()
      .toBuffer();
    let differing = 0;
    for (let i = 0; i < plain.length; i++) if (Math.abs(plain[i]! - titled[i]!) > 40) differing++;
    expect(differing).toBeGreaterThan(500);
  });

  it('can also return PNG', async () => {
    const art = await postArt(4, { width: 64, height: 48, format: 'png' });
    expect(art.contentType).toBe('image/png');
    expect((await sharp(art.data).metadata()).format).toBe('png');
  });

  it('makes an animated GIF with the asked frames, deterministic', async () => {
    const a = await gifArt(5, { width: 120, height: 90, frames: 4 });
    const b = await gifArt(5, { width: 120, height: 90, frames: 4 });
    expect(a.contentType).toBe('image/gif');
    const { meta } = await decoded(a);
    expect(meta.format).toBe('gif');
    expect(meta.pages).toBe(4);
    expect(meta.width).toBe(120);
    expect(meta.pageHeight).toBe(90);
    expect(Buffer.compare(a.data, b.data)).toBe(0);
  });

  it('renders smaller variants of an artwork', async () => {
    const art = await postArt(6, { width: 400, height: 300 });
    const v = await renderArtVariant(art, 200);
    expect([v.width, v.height]).toEqual([200, 150]);
    const meta = await sharp(v.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 200, 150]);
    expect((await renderArtVariant(art, 400)).data).toBe(art.data);
  });
});

describe('seeded PRNG', () => {
  it('repeats for a seed and stays in range', () => {
    const a = createRng('x');
    const b = createRng('x');
    const xs = Array.from({ length: 100 }, () => a.next());
    expect(xs).toEqual(Array.from({ length: 100 }, () => b.next()));
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    const r = createRng(42);
    for (let i = 0; i < 200; i++) {
      const n = r.int(3, 5);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(5);
    }
    expect(createRng('x').next()).not.toBe(createRng('y').next());
  });
});

describe('stroke font', () => {
  it('normalises text to drawable capitals', () => {
    expect(normaliseForFont('Café “quotes” – ok…')).toBe('CAFE "QUOTES" - OK...');
    expect(initialsOf('Mika Tanabe')).toBe('MT');
    expect(initialsOf('rosa')).toBe('RO');
  });

  it('wraps and shrinks a long title to the width and line limit', () => {
    const block = textBlock(
      'A very long title that certainly does not fit on a single line at this size',
      {
        x: 0,
        y: 0,
        maxWidth: 300,
        size: 40,
        maxLines: 3,
        fill: '#fff',
      },
    );
    expect(block.lines.length).toBeLessThanOrEqual(3);
    expect(block.width).toBeLessThanOrEqual(300 + 1);
    expect(block.size).toBeLessThan(40);
    expect(measureLine('AB', 2)).toBeGreaterThan(measureLine('A', 2));
  });
});
