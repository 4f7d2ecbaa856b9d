/**
 * The committed video fixtures (apps/server/fixtures/video) are what docs/seed.md and the
 * tables in demo-seed.ts say: MP4s that play while downloading (`moov` before `mdat`), of the
 * recorded duration and size, each with a JPEG thumbnail.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EPISODE_CLIPS, VIDEO_FIXTURES } from './demo-seed';
import { resolveFixturesDir } from './util';

interface Box {
  type: string;
  start: number;
  size: number;
}

/** The boxes (atoms) of an ISO BMFF buffer between `from` and `to`, in file order. */
function boxes(buf: Buffer, from = 0, to = buf.length): Box[] {
  const out: Box[] = [];
  let at = from;
  while (at + 8 <= to) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    if (size === 1) size = Number(buf.readBigUInt64BE(at + 8));
    else if (size === 0) size = to - at;
    if (size < 8 || at + size > to) throw new Error(`Bad box ${type} at ${at}`);
    out.push({ type, start: at, size });
    at += size;
  }
  return out;
}

/** The movie's duration in seconds, from `moov/mvhd` (version 0 or 1). */
function movieDuration(buf: Buffer): number {
  const moov = boxes(buf).find((b) => b.type === 'moov')!;
  const mvhd = boxes(buf, moov.start + 8, moov.start + moov.size).find((b) => b.type === 'mvhd')!;
  const body = mvhd.start + 8;
  const version = buf.readUInt8(body);
  if (version === 1) {
    const timescale = buf.readUInt32BE(body + 20);
    return Number(buf.readBigUInt64BE(body + 24)) / timescale;
  }
  return buf.readUInt32BE(body + 16) / buf.readUInt32BE(body + 12);
}

const videoDir = path.join(resolveFixturesDir(), 'video');
const mp4s = [...EPISODE_CLIPS, ...VIDEO_FIXTURES].filter((c) => c.file.endsWith('.mp4'));

describe('video fixtures', () => {
  it.each(mp4s.map((c) => [c.file, c] as const))(
    '%s is fast-start: its top-level moov comes before mdat',
    async (_file, clip) => {
      const buf = await readFile(path.join(videoDir, clip.file));
      const order = boxes(buf).map((b) => b.type);
      expect(order[0]).toBe('ftyp');
      expect(order).toContain('moov');
      expect(order).toContain('mdat');
      expect(order.indexOf('moov')).toBeLessThan(order.indexOf('mdat'));
    },
  );

  it.each(EPISODE_CLIPS.map((c) => [c.file, c] as const))(
    'episode clip %s lasts 30 s or more, as recorded, and stays small',
    async (_file, clip) => {
      const buf = await readFile(path.join(videoDir, clip.file));
      const seconds = movieDuration(buf);
      expect(clip.durationSeconds).toBeGreaterThanOrEqual(30);
      expect(Math.abs(seconds - clip.durationSeconds)).toBeLessThan(0.5);
      expect(buf.length).toBeLessThanOrEqual(400 * 1024);
    },
  );

  it.each([...EPISODE_CLIPS, ...VIDEO_FIXTURES].map((c) => [c.thumbnail, c] as const))(
    'thumbnail %s is a JPEG of the clip’s size',
    async (file, clip) => {
      const meta = await sharp(path.join(videoDir, file)).metadata();
      expect(meta.format).toBe('jpeg');
      expect([meta.width, meta.height]).toEqual([clip.width, clip.height]);
      expect((await stat(path.join(videoDir, file))).size).toBeGreaterThan(1000);
    },
  );

  it('keeps the episode clips, thumbnails included, under 1.5 MB in all', async () => {
    let total = 0;
    for (const clip of EPISODE_CLIPS) {
      total += (await stat(path.join(videoDir, clip.file))).size;
      total += (await stat(path.join(videoDir, clip.thumbnail))).size;
    }
    expect(total).toBeLessThan(1.5 * 1024 * 1024);
  });
});
