import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ContinueWatchingSchema,
  EpisodeCardPageSchema,
  EpisodeDetailSchema,
  type EpisodeCardPage,
} from '@otakura/shared';
import { mediaEpisodes, mediaWatchProgress } from '../../db/schema';
import { newId } from '../../lib/ids';
import { buildTestApp, type TestApp } from '../../test/app';
import { expectCursorRefused } from '../../test/expect-error';
import { createMedia, createUser, type TestUser } from '../../test/factories';
import { addEpisode, expectError } from './media-units.test-helpers';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const FIXTURES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../fixtures/video',
);

async function getJson<T>(who: TestUser, url: string, schema: { parse(v: unknown): T }) {
  const res = await who.http(url);
  expect(res.status, await res.clone().text()).toBe(200);
  return schema.parse(await res.json());
}

/** Saves a user's progress in an episode, `minutesAgo` in the past. */
async function watch(
  userId: string,
  episode: { id: string; mediaId: string },
  progress: { positionSeconds?: number; watched?: boolean; minutesAgo: number },
): Promise<void> {
  await t.database.db.insert(mediaWatchProgress).values({
    userId,
    episodeId: episode.id,
    mediaId: episode.mediaId,
    positionSeconds: progress.positionSeconds ?? 0,
    watched: progress.watched ?? false,
    updatedAt: new Date(Date.now() - progress.minutesAgo * 60_000),
  });
}

describe('GET /api/episodes', () => {
  it('pages the newest episodes across all series by (created_at, id), with the media ref and the viewer progress', async () => {
    const viewer = await createUser(t);
    const a = await createMedia(t, {
      kind: 'video',
      title: 'Alpha Show',
      imageKey: 'media/a.webp',
    });
    const b = await createMedia(t, { kind: 'video', title: 'Beta Show' });
    // Far in the future so they are the newest of this file; two share one instant (id decides).
    const at = (s: number) => new Date(Date.UTC(2200, 0, 1, 0, 0, s));
    const made = [
      await addEpisode(t, a.id, 1, { createdAt: at(1) }),
      await addEpisode(t, b.id, 1, { createdAt: at(2) }),
      await addEpisode(t, a.id, 2, { createdAt: at(3), durationSeconds: 600 }),
      await addEpisode(t, b.id, 2, { createdAt: at(3) }),
      await addEpisode(t, a.id, 3, { createdAt: at(4) }),
    ];
    await watch(viewer.user.id, made[2]!, { positionSeconds: 120, minutesAgo: 1 });
    const expected = [...made].sort(
      (x, y) => y.createdAt.getTime() - x.createdAt.getTime() || (x.id < y.id ? 1 : -1),
    );

    const seen: EpisodeCardPage['items'] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const q: string = cursor ? `&cursor=${cursor}` : '';
      const body: EpisodeCardPage = await getJson(
        viewer,
        `/api/episodes?limit=2${q}`,
        EpisodeCardPageSchema,
      );
      expect(body.items.length).toBeLessThanOrEqual(2);
      seen.push(...body.items);
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor && pages < 50);
    expect(cursor).toBeNull();
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(seen.slice(0, 5).map((e) => e.id)).toEqual(expected.map((e) => e.id));
    expect(new Set(seen.map((e) => e.id)).size).toBe(seen.length);

    const card = seen.find((e) => e.id === made[2]!.id)!;
    expect(card).toEqual({
      id: made[2]!.id,
      mediaId: a.id,
      number: 2,
      title: 'Episode 2',
      videoUrl: null,
      thumbnailUrl: null,
      durationSeconds: 600,
      progress: { positionSeconds: 120, watched: false, updatedAt: expect.any(String) },
      createdAt: at(3).toISOString(),
      media: { id: a.id, kind: 'video', title: 'Alpha Show', coverUrl: '/files/media/a.webp' },
    });
    expect(seen.find((e) => e.id === made[1]!.id)?.progress).toBeNull();
  });

  it('refuses a cursor it did not hand out, and answers 401 signed out', async () => {
    const viewer = await createUser(t);
    await expectCursorRefused(await viewer.http('/api/episodes?cursor=garbage'));
    const foreign = Buffer.from(
      JSON.stringify(['k', '2024-01-01T00:00:00.000000Z', newId()]),
    ).toString('base64url');
    await expectCursorRefused(await viewer.http(`/api/episodes?cursor=${foreign}`));
    await expectError(await t.http('/api/episodes'), 401, 'unauthorized');
  });
});

describe('GET /api/episodes/continue', () => {
  it('lists series in progress, most recently watched first, each with the episode to open; fully watched series are left out', async () => {
    const viewer = await createUser(t);
    const stranger = await createUser(t);
    const inProgress = await createMedia(t, { kind: 'video' });
    const ip1 = await addEpisode(t, inProgress.id, 1);
    const ip2 = await addEpisode(t, inProgress.id, 2);
    await addEpisode(t, inProgress.id, 3);
    const next = await createMedia(t, { kind: 'video' });
    const nx = [];
    for (const n of [1, 2, 3, 4]) nx.push(await addEpisode(t, next.id, n));
    const done = await createMedia(t, { kind: 'video' });
    const d1 = await addEpisode(t, done.id, 1);

    // In progress: episode 1 watched, episode 2 half way (the one to open), 10 minutes ago.
    await watch(viewer.user.id, ip1, { watched: true, positionSeconds: 1400, minutesAgo: 20 });
    await watch(viewer.user.id, ip2, { positionSeconds: 300, minutesAgo: 10 });
    // Watched 1 and 3 (skipped 2): next is 4, 5 minutes ago.
    await watch(viewer.user.id, nx[0]!, { watched: true, minutesAgo: 30 });
    await watch(viewer.user.id, nx[2]!, { watched: true, minutesAgo: 5 });
    // Everything watched: left out, however recent.
    await watch(viewer.user.id, d1, { watched: true, minutesAgo: 1 });
    // Someone else's progress is not the viewer's.
    await watch(stranger.user.id, nx[3]!, { positionSeconds: 50, minutesAgo: 0 });

    const body = await getJson(viewer, '/api/episodes/continue', ContinueWatchingSchema);
    expect(body.items.map((e) => [e.mediaId, e.number])).toEqual([
      [next.id, 4],
      [inProgress.id, 2],
    ]);
    expect(body.items[0]!.progress).toBeNull();
    expect(body.items[1]!.progress).toMatchObject({ positionSeconds: 300, watched: false });
    expect(body.items[1]!.media.id).toBe(inProgress.id);

    const theirs = await getJson(stranger, '/api/episodes/continue', ContinueWatchingSchema);
    expect(theirs.items.map((e) => e.id)).toEqual([nx[3]!.id]);
  });

  it('answers at most 12 series', async () => {
    const viewer = await createUser(t);
    for (let i = 0; i < 13; i++) {
      const m = await createMedia(t, { kind: 'video' });
      const e = await addEpisode(t, m.id, 1);
      await watch(viewer.user.id, e, { positionSeconds: 10, minutesAgo: i });
    }
    const body = await getJson(viewer, '/api/episodes/continue', ContinueWatchingSchema);
    expect(body.items).toHaveLength(12);
    const times = body.items.map((e) => Date.parse(e.progress!.updatedAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
  });

  it('is empty for someone who has watched nothing', async () => {
    const viewer = await createUser(t);
    expect(await getJson(viewer, '/api/episodes/continue', ContinueWatchingSchema)).toEqual({
      items: [],
    });
  });
});

describe('GET /api/episodes/:episodeId', () => {
  it('answers the episode with its series and the previous and next by number', async () => {
    const viewer = await createUser(t);
    const m = await createMedia(t, { kind: 'video', title: 'Gamma Show' });
    // Numbers with a gap, inserted out of order.
    const e5 = await addEpisode(t, m.id, 5, { thumbnailKey: 'thumbs/5.webp' });
    const e1 = await addEpisode(t, m.id, 1);
    const e3 = await addEpisode(t, m.id, 3, { videoKey: 'videos/3.mp4', durationSeconds: 1440 });

    const body = await getJson(viewer, `/api/episodes/${e3.id}`, EpisodeDetailSchema);
    expect(body).toMatchObject({
      id: e3.id,
      number: 3,
      videoUrl: '/files/videos/3.mp4',
      durationSeconds: 1440,
      progress: null,
      media: { id: m.id, kind: 'video', title: 'Gamma Show', coverUrl: null },
      previous: { id: e1.id, number: 1, title: 'Episode 1' },
      next: { id: e5.id, number: 5, title: 'Episode 5', thumbnailUrl: '/files/thumbs/5.webp' },
    });
    expect((await getJson(viewer, `/api/episodes/${e1.id}`, EpisodeDetailSchema)).previous).toBe(
      null,
    );
    expect((await getJson(viewer, `/api/episodes/${e5.id}`, EpisodeDetailSchema)).next).toBe(null);
  });

  it('answers 404 episode_not_found for unknown and malformed ids, 401 signed out', async () => {
    const viewer = await createUser(t);
    for (const id of [newId(), 'nope', '1']) {
      await expectError(await viewer.http(`/api/episodes/${id}`), 404, 'episode_not_found');
    }
    await expectError(await t.http(`/api/episodes/${newId()}`), 401, 'unauthorized');
  });
});

describe("an episode's video through /files", () => {
  it('serves byte ranges of the stored video: 206 with the right bytes, 416 past the end', async () => {
    const viewer = await createUser(t);
    const m = await createMedia(t, { kind: 'video' });
    const episode = await addEpisode(t, m.id, 1);
    const bytes = await readFile(path.join(FIXTURES, 'aurora-gradient.mp4'));
    const key = `media-videos/${m.id}/${episode.id}.mp4`;
    await t.storage.put(key, bytes, { contentType: 'video/mp4', size: bytes.length });
    await t.database.db
      .update(mediaEpisodes)
      .set({ videoKey: key })
      .where(eq(mediaEpisodes.id, episode.id));

    const { videoUrl } = await getJson(viewer, `/api/episodes/${episode.id}`, EpisodeDetailSchema);
    expect(videoUrl).toBe(`/files/${key}`);

    const head = await viewer.http(videoUrl!, { headers: { range: 'bytes=0-1' } });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toBe(`bytes 0-1/${bytes.length}`);
    expect(head.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await head.arrayBuffer())).toEqual(bytes.subarray(0, 2));

    const middle = await viewer.http(videoUrl!, { headers: { range: 'bytes=1000-1999' } });
    expect(middle.status).toBe(206);
    expect(Buffer.from(await middle.arrayBuffer())).toEqual(bytes.subarray(1000, 2000));

    const past = await viewer.http(videoUrl!, { headers: { range: `bytes=${bytes.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
    await past.arrayBuffer();
  });
});
