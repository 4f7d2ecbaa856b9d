import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminPagesSchema,
  EpisodeSchema,
  IssueSummarySchema,
  MediaSchema,
  VolumeSchema,
  type AdminPages,
  type Episode,
  type IssueSummary,
  type Media,
  type Volume,
} from '@otakura/shared';
import { newId } from '../../lib/ids';
import { buildTestApp, type TestApp } from '../../test/app';
import { createMedia, createUser, type TestUser } from '../../test/factories';
import { pngOf, storedKeys, TEXT } from '../uploads/test-fixtures';
import { MOOV_AFTER_MDAT_WARNING } from './media-admin.routes';
import { expectError } from './media.test-helpers';

const FIXTURES = path.join(import.meta.dirname, '../../../fixtures/video');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

let t: TestApp;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t, { role: 'admin' });
  member = await createUser(t);
});
afterAll(async () => {
  await t?.close();
});

/** Stored files of one entry. */
const filesOf = (mediaId: string) =>
  storedKeys(path.join(t.config.dataDir, 'files')).filter((k) => k.startsWith(`media/${mediaId}/`));

function form(files: { bytes: Buffer; name: string; type: string }[]): FormData {
  const f = new FormData();
  for (const file of files)
    f.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return f;
}
const png = (bytes: Buffer, name = 'page.png') => ({ bytes, name, type: 'image/png' });

async function ok<T>(res: Response, status: number, parse: (v: unknown) => T): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status);
  return parse(await res.json());
}

async function newMedia(body: Record<string, unknown>): Promise<Media> {
  return ok(
    await admin.http('/api/admin/media', { method: 'POST', json: body }),
    201,
    MediaSchema.parse,
  );
}
async function newEpisode(mediaId: string, body: Record<string, unknown> = {}): Promise<Episode> {
  return ok(
    await admin.http(`/api/admin/media/${mediaId}/episodes`, { method: 'POST', json: body }),
    201,
    EpisodeSchema.parse,
  );
}
async function newVolume(mediaId: string, body: Record<string, unknown> = {}): Promise<Volume> {
  return ok(
    await admin.http(`/api/admin/media/${mediaId}/volumes`, { method: 'POST', json: body }),
    201,
    VolumeSchema.parse,
  );
}
async function newIssue(
  mediaId: string,
  body: Record<string, unknown> = {},
): Promise<IssueSummary> {
  return ok(
    await admin.http(`/api/admin/media/${mediaId}/issues`, { method: 'POST', json: body }),
    201,
    IssueSummarySchema.parse,
  );
}
async function uploadPages(issueId: string, files: Buffer[]): Promise<AdminPages> {
  return ok(
    await admin.http(`/api/admin/issues/${issueId}/pages`, {
      method: 'POST',
      body: form(files.map((b, i) => png(b, `p${i}.png`))),
    }),
    201,
    AdminPagesSchema.parse,
  );
}

describe('who may administer media', () => {
  it('answers 403 to a normal user and 401 signed out, changing nothing', async () => {
    const entry = await createMedia(t, { kind: 'manga', title: 'Untouched' });
    const attempts: [string, string, RequestInit & { json?: unknown }][] = [
      ['POST', '/api/admin/media', { json: { kind: 'video', title: 'Nope' } }],
      ['PATCH', `/api/admin/media/${entry.id}`, { json: { title: 'Changed' } }],
      ['PUT', `/api/admin/media/${entry.id}/cover`, { body: form([png(await pngOf(50, 50))]) }],
      ['POST', `/api/admin/media/${entry.id}/volumes`, { json: {} }],
      ['POST', `/api/admin/media/${entry.id}/episodes`, { json: {} }],
      ['PUT', `/api/admin/issues/${newId()}/pages/order`, { json: { pageIds: [newId()] } }],
      ['POST', `/api/admin/issues/${newId()}/pages`, { body: form([png(await pngOf(50, 50))]) }],
      ['DELETE', `/api/admin/pages/${newId()}`, {}],
    ];
    for (const [method, url, init] of attempts) {
      await expectError(await member.http(url, { method, ...init }), 403, 'forbidden');
      await expectError(await t.http(url, { method, ...init }), 401, 'unauthorized');
    }
    const after = MediaSchema.parse(await (await member.http(`/api/media/${entry.id}`)).json());
    expect(after).toMatchObject({ title: 'Untouched', volumeCount: 0, coverUrl: null });
    expect(filesOf(entry.id)).toEqual([]);
  });
});

describe('entries', () => {
  it('creates entries with defaults (manga reads right to left) and edits only the fields given', async () => {
    const manga = await newMedia({ kind: 'manga', title: '  Berserk ', keywords: ['dark'] });
    expect(manga).toMatchObject({
      kind: 'manga',
      title: 'Berserk',
      about: '',
      author: '',
      language: null,
      nsfw: false,
      keywords: ['dark'],
      readingDirection: 'rtl',
      likeCount: 0,
      likedByMe: false,
      pageCount: 1,
      nextUp: null,
    });
    expect((await newMedia({ kind: 'video', title: 'Bebop' })).readingDirection).toBe('ltr');
    expect((await newMedia({ kind: 'sequence', title: 'Seq' })).readingDirection).toBe('ltr');
    expect(
      (await newMedia({ kind: 'manga', title: 'Western', readingDirection: 'ltr' }))
        .readingDirection,
    ).toBe('ltr');

    const edited = await ok(
      await admin.http(`/api/admin/media/${manga.id}`, {
        method: 'PATCH',
        json: { author: 'Kentaro Miura', language: 'Japanese', keywords: ['dark', 'fantasy'] },
      }),
      200,
      MediaSchema.parse,
    );
    expect(edited).toMatchObject({
      title: 'Berserk',
      author: 'Kentaro Miura',
      language: 'Japanese',
      keywords: ['dark', 'fantasy'],
      readingDirection: 'rtl',
      kind: 'manga',
    });
    // The keywords are searchable at once.
    const found = await member.http('/api/media?q=FANTASY');
    expect(((await found.json()) as { items: { id: string }[] }).items.map((m) => m.id)).toContain(
      manga.id,
    );
  });

  it('refuses bad input with 400 and unknown entries with 404', async () => {
    await expectError(
      await admin.http('/api/admin/media', { method: 'POST', json: { kind: 'video', title: '' } }),
      400,
      'validation_error',
    );
    await expectError(
      await admin.http('/api/admin/media', { method: 'POST', json: { kind: 'book', title: 'x' } }),
      400,
      'validation_error',
    );
    await expectError(
      await admin.http(`/api/admin/media/${newId()}`, { method: 'PATCH', json: { title: 'x' } }),
      404,
      'media_not_found',
    );
    await expectError(
      await admin.http('/api/admin/media/garbage', { method: 'PATCH', json: { title: 'x' } }),
      404,
      'media_not_found',
    );
  });

  it('stores cover and banner under media/{id}/ and deletes the old file only after the new one is saved', async () => {
    const entry = await newMedia({ kind: 'video', title: 'Pictures' });
    const put = async (which: string, bytes: Buffer) =>
      ok(
        await admin.http(`/api/admin/media/${entry.id}/${which}`, {
          method: 'PUT',
          body: form([png(bytes)]),
        }),
        200,
        MediaSchema.parse,
      );
    const one = await put('cover', await pngOf(900, 1200, '#ff0000'));
    expect(one.coverUrl).toMatch(new RegExp(`^/files/media/${entry.id}/[0-9a-f-]+-640\\.webp$`));
    const banner = await put('banner', await pngOf(2000, 600, '#00ff00'));
    expect(banner.bannerUrl).toMatch(
      new RegExp(`^/files/media/${entry.id}/[0-9a-f-]+-1280\\.webp$`),
    );
    expect(banner.coverUrl).toBe(one.coverUrl);
    const two = await put('cover', await pngOf(900, 1200, '#0000ff'));
    expect(two.coverUrl).not.toBe(one.coverUrl);
    expect((await t.http(one.coverUrl!)).status).toBe(404);
    expect((await t.http(two.coverUrl!)).status).toBe(200);
    // Exactly one file per picture: the unused variants are not kept.
    expect(
      filesOf(entry.id)
        .map((k) => `/files/${k}`)
        .sort(),
    ).toEqual([two.coverUrl, banner.bannerUrl].sort());

    const refused = await admin.http(`/api/admin/media/${entry.id}/cover`, {
      method: 'PUT',
      body: form([{ bytes: TEXT, name: 'cover.png', type: 'image/png' }]),
    });
    await expectError(refused, 415, 'unsupported_media_type');
    expect(filesOf(entry.id)).toHaveLength(2);
  });
});

describe('episodes', () => {
  it('numbers episodes by default, refuses a taken number and the wrong kind of entry', async () => {
    const entry = await newMedia({ kind: 'video', title: 'Numbers' });
    const e1 = await newEpisode(entry.id, { title: 'Pilot' });
    const e2 = await newEpisode(entry.id);
    const e5 = await newEpisode(entry.id, { number: 5 });
    const e6 = await newEpisode(entry.id);
    expect([e1, e2, e5, e6].map((e) => e.number)).toEqual([1, 2, 5, 6]);
    expect(e1).toMatchObject({
      mediaId: entry.id,
      title: 'Pilot',
      videoUrl: null,
      thumbnailUrl: null,
      durationSeconds: null,
      progress: null,
    });
    await expectError(
      await admin.http(`/api/admin/media/${entry.id}/episodes`, {
        method: 'POST',
        json: { number: 2 },
      }),
      409,
      'number_taken',
    );
    await expectError(
      await admin.http(`/api/admin/episodes/${e5.id}`, { method: 'PATCH', json: { number: 1 } }),
      409,
      'number_taken',
    );
    const renamed = await ok(
      await admin.http(`/api/admin/episodes/${e5.id}`, {
        method: 'PATCH',
        json: { number: 3, title: 'Renamed' },
      }),
      200,
      EpisodeSchema.parse,
    );
    expect(renamed).toMatchObject({ id: e5.id, number: 3, title: 'Renamed' });

    const manga = await newMedia({ kind: 'manga', title: 'No episodes here' });
    await expectError(
      await admin.http(`/api/admin/media/${manga.id}/episodes`, { method: 'POST', json: {} }),
      409,
      'media_kind_mismatch',
    );
    await expectError(
      await admin.http(`/api/admin/media/${newId()}/episodes`, { method: 'POST', json: {} }),
      404,
      'media_not_found',
    );
    await expectError(
      await admin.http(`/api/admin/episodes/${newId()}`, { method: 'PATCH', json: { title: 'x' } }),
      404,
      'episode_not_found',
    );
    const landing = MediaSchema.parse(await (await member.http(`/api/media/${entry.id}`)).json());
    expect(landing).toMatchObject({
      episodeCount: 4,
      nextUp: { type: 'episode', episodeId: e1.id, started: false },
    });
  });

  it('stores an MP4 or WebM episode video typed by its bytes, with its duration; a text file named .mp4 is 415', async () => {
    const entry = await newMedia({ kind: 'video', title: 'Videos' });
    const episode = await newEpisode(entry.id);
    const upload = (bytes: Buffer, name: string, type: string) =>
      admin.http(`/api/admin/episodes/${episode.id}/video`, {
        method: 'PUT',
        body: form([{ bytes, name, type }]),
      });

    const res = await upload(
      fixture('aurora-gradient.mp4'),
      'clip.bin',
      'application/octet-stream',
    );
    expect(res.headers.get('warning')).toBeNull();
    const mp4 = await ok(res, 200, EpisodeSchema.parse);
    expect(mp4.videoUrl).toMatch(new RegExp(`^/files/media/${entry.id}/[0-9a-f-]+\\.mp4$`));
    expect(mp4.durationSeconds).toBe(4);
    const served = await t.http(mp4.videoUrl!);
    expect(served.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(fixture('aurora-gradient.mp4'));

    await expectError(
      await upload(TEXT, 'episode.mp4', 'video/mp4'),
      415,
      'unsupported_media_type',
    );

    const webm = await ok(
      await upload(fixture('plasma-rings.webm'), 'clip.webm', 'video/webm'),
      200,
      EpisodeSchema.parse,
    );
    expect(webm.videoUrl).toMatch(/\.webm$/);
    expect(webm.durationSeconds).toBeNull();
    // The replaced video is gone; only the new one is kept (no pipeline thumbnail either).
    expect((await t.http(mp4.videoUrl!)).status).toBe(404);
    expect(filesOf(entry.id).map((k) => `/files/${k}`)).toEqual([webm.videoUrl]);
    await expectError(
      await admin.http(`/api/admin/episodes/${newId()}/video`, {
        method: 'PUT',
        body: form([{ bytes: fixture('test-pattern.mp4'), name: 'a.mp4', type: 'video/mp4' }]),
      }),
      404,
      'episode_not_found',
    );
  });

  it('keeps an MP4 whose moov follows mdat and warns the admin in a Warning header', async () => {
    const entry = await newMedia({ kind: 'video', title: 'Slow start' });
    const episode = await newEpisode(entry.id);
    // The fixture's boxes are ftyp, moov, free, mdat: move moov to the end.
    const original = fixture('fractal-zoom.mp4');
    const boxes: Buffer[] = [];
    for (let at = 0; at < original.length;) {
      const size = original.readUInt32BE(at);
      boxes.push(original.subarray(at, at + size));
      at += size;
    }
    const type = (b: Buffer) => b.toString('latin1', 4, 8);
    expect(boxes.map(type)).toEqual(['ftyp', 'moov', 'free', 'mdat']);
    const late = Buffer.concat([boxes[0]!, boxes[2]!, boxes[3]!, boxes[1]!]);

    const res = await admin.http(`/api/admin/episodes/${episode.id}/video`, {
      method: 'PUT',
      body: form([{ bytes: late, name: 'late.mp4', type: 'video/mp4' }]),
    });
    expect(res.headers.get('warning')).toBe(MOOV_AFTER_MDAT_WARNING);
    const saved = await ok(res, 200, EpisodeSchema.parse);
    expect(saved.durationSeconds).toBe(3);
    expect(Buffer.from(await (await t.http(saved.videoUrl!)).arrayBuffer())).toEqual(late);
  });

  it('replaces an episode thumbnail', async () => {
    const entry = await newMedia({ kind: 'video', title: 'Thumbs' });
    const episode = await newEpisode(entry.id);
    const put = async (colour: string) =>
      ok(
        await admin.http(`/api/admin/episodes/${episode.id}/thumbnail`, {
          method: 'PUT',
          body: form([png(await pngOf(1280, 720, colour))]),
        }),
        200,
        EpisodeSchema.parse,
      );
    const one = await put('#112233');
    expect(one.thumbnailUrl).toMatch(new RegExp(`^/files/media/${entry.id}/.+-640\\.webp$`));
    const two = await put('#445566');
    expect((await t.http(one.thumbnailUrl!)).status).toBe(404);
    expect(filesOf(entry.id).map((k) => `/files/${k}`)).toEqual([two.thumbnailUrl]);
  });
});

describe('volumes and issues', () => {
  it('adds volumes to a manga and issues to its volumes; a sequence takes issues without volumes', async () => {
    const manga = await newMedia({ kind: 'manga', title: 'Volumes' });
    const v1 = await newVolume(manga.id, { title: 'Black Swordsman' });
    const v2 = await newVolume(manga.id);
    expect([v1.number, v2.number]).toEqual([1, 2]);
    expect(v1).toMatchObject({ mediaId: manga.id, title: 'Black Swordsman', issues: [] });
    await expectError(
      await admin.http(`/api/admin/media/${manga.id}/volumes`, {
        method: 'POST',
        json: { number: 2 },
      }),
      409,
      'number_taken',
    );

    const i1 = await newIssue(manga.id, { volumeId: v1.id });
    const i2 = await newIssue(manga.id, { volumeId: v1.id, title: 'Second' });
    // The default continues across volumes; the same number may repeat in another volume.
    const i3 = await newIssue(manga.id, { volumeId: v2.id });
    const again = await newIssue(manga.id, { volumeId: v2.id, number: 1 });
    expect([i1.number, i2.number, i3.number, again.number]).toEqual([1, 2, 3, 1]);
    expect(i1).toMatchObject({ volumeId: v1.id, mediaId: manga.id, pageCount: 0, progress: null });
    await expectError(
      await admin.http(`/api/admin/media/${manga.id}/issues`, {
        method: 'POST',
        json: { volumeId: v1.id, number: 2 },
      }),
      409,
      'number_taken',
    );
    await expectError(
      await admin.http(`/api/admin/issues/${i3.id}`, { method: 'PATCH', json: { number: 1 } }),
      409,
      'number_taken',
    );
    // A manga's issue needs one of its own volumes.
    await expectError(
      await admin.http(`/api/admin/media/${manga.id}/issues`, { method: 'POST', json: {} }),
      400,
      'validation_error',
    );
    const otherManga = await newMedia({ kind: 'manga', title: 'Other' });
    const foreign = await newVolume(otherManga.id);
    await expectError(
      await admin.http(`/api/admin/media/${manga.id}/issues`, {
        method: 'POST',
        json: { volumeId: foreign.id },
      }),
      404,
      'volume_not_found',
    );

    const volume = await ok(
      await admin.http(`/api/admin/volumes/${v1.id}`, {
        method: 'PATCH',
        json: { title: 'Vol. One' },
      }),
      200,
      VolumeSchema.parse,
    );
    expect(volume).toMatchObject({ number: 1, title: 'Vol. One' });
    expect(volume.issues.map((i) => i.id)).toEqual([i1.id, i2.id]);

    const sequence = await newMedia({ kind: 'sequence', title: 'Seq issues' });
    const s1 = await newIssue(sequence.id);
    expect(s1).toMatchObject({ number: 1, volumeId: null });
    await expectError(
      await admin.http(`/api/admin/media/${sequence.id}/issues`, {
        method: 'POST',
        json: { volumeId: v1.id },
      }),
      409,
      'media_kind_mismatch',
    );
    await expectError(
      await admin.http(`/api/admin/media/${sequence.id}/volumes`, { method: 'POST', json: {} }),
      409,
      'media_kind_mismatch',
    );
    const video = await newMedia({ kind: 'video', title: 'No issues' });
    await expectError(
      await admin.http(`/api/admin/media/${video.id}/issues`, { method: 'POST', json: {} }),
      409,
      'media_kind_mismatch',
    );
  });

  it('gives racing creations distinct numbers and one issue per number (a real race on PostgreSQL; serialised on PGlite)', async () => {
    const video = await newMedia({ kind: 'video', title: 'Racing episodes' });
    const created = await Promise.all(
      Array.from({ length: 8 }, () =>
        admin.http(`/api/admin/media/${video.id}/episodes`, { method: 'POST', json: {} }),
      ),
    );
    expect(created.map((r) => r.status)).toEqual(Array(8).fill(201));
    const numbers = await Promise.all(
      created.map(async (r) => EpisodeSchema.parse(await r.json()).number),
    );
    expect(numbers.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);

    // Issues have no unique index on their number: the entry's numbering lock keeps them unique.
    const sequence = await newMedia({ kind: 'sequence', title: 'Racing issues' });
    const same = await Promise.all(
      Array.from({ length: 8 }, () =>
        admin.http(`/api/admin/media/${sequence.id}/issues`, {
          method: 'POST',
          json: { number: 7 },
        }),
      ),
    );
    expect(same.map((r) => r.status).sort()).toEqual([201, ...Array(7).fill(409)]);
    const page = await member.http(`/api/media-pages/${sequence.id}`);
    expect(((await page.json()) as { issues: unknown[] }).issues).toHaveLength(1);
  });

  it('replaces a volume cover', async () => {
    const manga = await newMedia({ kind: 'manga', title: 'Covers' });
    const v = await newVolume(manga.id);
    const res = await admin.http(`/api/admin/volumes/${v.id}/cover`, {
      method: 'PUT',
      body: form([png(await pngOf(600, 900))]),
    });
    const saved = await ok(res, 200, VolumeSchema.parse);
    expect(saved.coverUrl).toMatch(new RegExp(`^/files/media/${manga.id}/.+\\.webp$`));
    expect((await t.http(saved.coverUrl!)).status).toBe(200);
  });
});

describe('pages', () => {
  async function pagesSetup() {
    const sequence = await newMedia({ kind: 'sequence', title: 'Pages' });
    const issue = await newIssue(sequence.id);
    return { sequence, issue };
  }

  it('appends uploaded images in order as web-sized WebP pages with their sizes', async () => {
    const { sequence, issue } = await pagesSetup();
    const first = await uploadPages(issue.id, [
      await pngOf(2000, 3000, '#ff0000'),
      await pngOf(300, 400, '#00ff00'),
      await pngOf(1000, 1500, '#0000ff'),
    ]);
    expect(first.items.map((p) => [p.number, p.width, p.height])).toEqual([
      [1, 1280, 1920],
      [2, 300, 400],
      [3, 1000, 1500],
    ]);
    for (const p of first.items) {
      expect(p.url).toMatch(
        new RegExp(`^/files/media/${sequence.id}/[0-9a-f-]+-(640|1280)\\.webp$`),
      );
    }
    // The stored file is the page as recorded: WebP, the recorded size, the first page red.
    const stored = Buffer.from(await (await t.http(first.items[0]!.url)).arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1280, 1920]);
    const { dominant } = await sharp(stored).stats();
    expect(dominant.r).toBeGreaterThan(200);
    expect(dominant.g).toBeLessThan(60);

    const more = await uploadPages(issue.id, [await pngOf(500, 700), await pngOf(510, 710)]);
    expect(more.items.map((p) => p.number)).toEqual([1, 2, 3, 4, 5]);
    expect(more.items.slice(0, 3)).toEqual(first.items);
    expect(filesOf(sequence.id)).toHaveLength(5);

    const summary = await ok(
      await admin.http(`/api/admin/issues/${issue.id}`, { method: 'PATCH', json: {} }),
      200,
      IssueSummarySchema.parse,
    );
    expect(summary).toMatchObject({ pageCount: 5, thumbnailUrl: first.items[0]!.url });
  });

  it('keeps nothing when one of the files is not an image', async () => {
    const { sequence, issue } = await pagesSetup();
    await uploadPages(issue.id, [await pngOf(100, 150)]);
    const res = await admin.http(`/api/admin/issues/${issue.id}/pages`, {
      method: 'POST',
      body: form([
        png(await pngOf(100, 150, '#ffffff')),
        { bytes: TEXT, name: 'page.png', type: 'image/png' },
        png(await pngOf(100, 150, '#000000')),
      ]),
    });
    await expectError(res, 415, 'unsupported_media_type');
    expect(filesOf(sequence.id)).toHaveLength(1);
    const empty = await admin.http(`/api/admin/issues/${issue.id}/pages`, {
      method: 'POST',
      body: new FormData(),
    });
    expect(empty.status).toBeGreaterThanOrEqual(400);
    expect(empty.status).toBeLessThan(500);
    await expectError(
      await admin.http(`/api/admin/issues/${newId()}/pages`, {
        method: 'POST',
        body: form([png(await pngOf(10, 10))]),
      }),
      404,
      'issue_not_found',
    );
  });

  it('reorders pages (every page exactly once) and renumbers after a delete', async () => {
    const { sequence, issue } = await pagesSetup();
    const uploaded = await uploadPages(
      issue.id,
      await Promise.all([1, 2, 3, 4].map((n) => pngOf(100 + n, 200))),
    );
    const [a, b, c, d] = uploaded.items.map((p) => p.id) as [string, string, string, string];
    const order = (pageIds: string[]) =>
      admin.http(`/api/admin/issues/${issue.id}/pages/order`, {
        method: 'PUT',
        json: { pageIds },
      });

    const reordered = await ok(await order([d, b, a, c]), 200, AdminPagesSchema.parse);
    expect(reordered.items.map((p) => [p.number, p.id])).toEqual([
      [1, d],
      [2, b],
      [3, a],
      [4, c],
    ]);
    for (const bad of [
      [d, b, a],
      [d, b, a, c, a],
      [d, b, a, a],
      [d, b, a, newId()],
    ]) {
      await expectError(await order(bad), 400, 'page_order_mismatch');
    }
    await expectError(await order(['not-a-uuid']), 400, 'validation_error');
    const unchanged = await ok(await order([d, b, a, c]), 200, AdminPagesSchema.parse);
    expect(unchanged.items.map((p) => p.id)).toEqual([d, b, a, c]);

    const gone = reordered.items[1]!;
    const afterDelete = await ok(
      await admin.http(`/api/admin/pages/${b}`, { method: 'DELETE' }),
      200,
      AdminPagesSchema.parse,
    );
    expect(afterDelete.items.map((p) => [p.number, p.id])).toEqual([
      [1, d],
      [2, a],
      [3, c],
    ]);
    expect((await t.http(gone.url)).status).toBe(404);
    expect(filesOf(sequence.id)).toHaveLength(3);
    await expectError(
      await admin.http(`/api/admin/pages/${b}`, { method: 'DELETE' }),
      404,
      'page_not_found',
    );

    // Deleting the first page moves every other page up.
    const afterFirst = await ok(
      await admin.http(`/api/admin/pages/${d}`, { method: 'DELETE' }),
      200,
      AdminPagesSchema.parse,
    );
    expect(afterFirst.items.map((p) => [p.number, p.id])).toEqual([
      [1, a],
      [2, c],
    ]);
    // New pages go after the last one.
    const appended = await uploadPages(issue.id, [await pngOf(90, 90)]);
    expect(appended.items.map((p) => p.number)).toEqual([1, 2, 3]);
  });
});
