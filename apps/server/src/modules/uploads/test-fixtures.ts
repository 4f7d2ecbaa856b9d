import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/** Test inputs made on the spot, so the tests carry no binary files. */

export function solid(width: number, height: number, background: string) {
  return sharp({ create: { width, height, channels: 3, background } });
}

export async function pngOf(
  width: number,
  height: number,
  background = '#336699',
): Promise<Buffer> {
  return solid(width, height, background).png().toBuffer();
}

/** Random pixels compress badly, so cutting the file loses real image data. */
export async function noisyPng(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

export async function truncatedPng(): Promise<Buffer> {
  const png = await noisyPng(400, 300);
  return png.subarray(0, Math.floor(png.length * 0.6));
}

/** Frames of solid colours, `delay` ms each, as a looping GIF. */
export async function animatedGif(
  width: number,
  height: number,
  colours: string[],
  delay = 100,
): Promise<Buffer> {
  const frames = await Promise.all(colours.map((c) => solid(width, height, c).raw().toBuffer()));
  return sharp(Buffer.concat(frames), {
    raw: { width, height: height * colours.length, channels: 3, pageHeight: height },
  })
    .gif({ delay: colours.map(() => delay), loop: 0 })
    .toBuffer();
}

/** 300×100, left half red and right half blue, stored sideways with EXIF orientation 6 and a GPS position. */
export async function sidewaysJpegWithGps(): Promise<Buffer> {
  const red = await solid(150, 100, '#ff0000').png().toBuffer();
  return solid(300, 100, '#0000ff')
    .composite([{ input: red, left: 0, top: 0 }])
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'secret-owner' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A PNG header claiming width × height, with no pixel data behind it. */
export function pngHeaderClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

/** The start of an MP4: an `ftyp` box (brand `major`) and some padding. Enough for magic-byte detection. */
export function mp4Bytes(major = 'isom', padding = 2048): Buffer {
  const ftyp = Buffer.concat([
    Buffer.from('00000020', 'hex'),
    Buffer.from(`ftyp${major}`, 'latin1'),
    Buffer.from('00000200', 'hex'),
    Buffer.from('isomiso2avc1mp41', 'latin1'),
  ]);
  return Buffer.concat([
    ftyp,
    Buffer.from('00000008', 'hex'),
    Buffer.from('free', 'latin1'),
    Buffer.alloc(padding, 1),
  ]);
}

/** The start of an EBML file with the given DocType (`webm` or `matroska`). */
export function ebmlBytes(docType: string, padding = 2048): Buffer {
  const body = Buffer.concat([
    Buffer.from('4286810142f7810142f2810442f381084282', 'hex'),
    Buffer.from([0x80 | docType.length]),
    Buffer.from(docType, 'latin1'),
    Buffer.from('4287810442858102', 'hex'),
  ]);
  return Buffer.concat([
    Buffer.from('1a45dfa3', 'hex'),
    Buffer.from([0x80 | body.length]),
    body,
    Buffer.from('18538067', 'hex'),
    Buffer.alloc(padding, 2),
  ]);
}

export const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
);
export const HTML = Buffer.from(
  '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
);
export const TEXT = Buffer.from('just some text pretending to be a picture\n');

/** Every stored object key under a local storage root (sidecars and temp files excluded). */
export function storedKeys(root: string): string[] {
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
      .filter((k) => !k.startsWith('.'))
      .sort();
  } catch {
    return [];
  }
}
