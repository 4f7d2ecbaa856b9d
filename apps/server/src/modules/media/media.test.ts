import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MEDIA_RULES,
  MediaPageSchema,
  MediaSchema,
  mediaPageId,
  type Media,
  type MediaPage,
} from '@otakura/shared';
import { newId } from '../../lib/ids';
import { buildTestApp, type TestApp } from '../../test/app';
import { createMedia, createUser, like, type TestUser } from '../../test/factories';
import { addEpisode, addIssue, addVolume, expectError, read, watch } from './media.test-helpers';

let t: TestApp;
let viewer: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  viewer = await createUser(t);
});
afterAll(async () => {
  await t?.close();
});

async function landing(mediaId: string, who: TestUser = viewer): Promise<Media> {
  const res = await who.http(`/api/media/${mediaId}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return MediaSchema.parse(await res.json());
}

async function mediaPage(pageId: string): Promise<MediaPage> {
  const res = await viewer.http(`/api/media-pages/${pageId}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return MediaPageSchema.parse(await res.json());
}

const size = MEDIA_RULES.mediaPageSize;

describe('GET /api/media/:mediaId', () => {
  it('answers the landing with every field, likedByMe and the page count', async () => {
    const entry = await createMedia(t, {
      kind: 'video',
      title: 'Cowboy Bebop',
      about: 'Space bounty hunters.',
      author: 'Shinichiro Watanabe',
      language: 'Japanese',
      keywords: ['space', 'jazz'],
      nsfw: true,
      imageKey: `media/x/cover.webp`,
      bannerKey: `media/x/banner.webp`,
    });
    for (let n = 1; n <= size + 1; n++) await addEpisode(t, entry.id, n);
    await like(t, 'media', viewer.user.id, entry.id);

    const m = await landing(entry.id);
    expect(m).toMatchObject({
      id: entry.id,
      kind: 'video',
      title: 'Cowboy Bebop',
      about: 'Space bounty hunters.',
      author: 'Shinichiro Watanabe',
      language: 'Japanese',
      keywords: ['space', 'jazz'],
      nsfw: true,
      coverUrl: '/files/media/x/cover.webp',
      bannerUrl: '/files/media/x/banner.webp',
      readingDirection: 'ltr',
      episodeCount: size + 1,
      volumeCount: 0,
      issueCount: 0,
      likeCount: 1,
      likedByMe: true,
      pageCount: 2,
    });
    expect(Date.parse(m.createdAt)).not.toBeNaN();
    const other = await createUser(t);
    expect((await landing(entry.id, other)).likedByMe).toBe(false);
  });

  it('counts media pages by volumes for manga and issues for sequences, at least one', async () => {
    const manga = await createMedia(t, { kind: 'manga' });
    for (let n = 1; n <= size * 2 + 1; n++) await addVolume(t, manga.id, n);
    expect((await landing(manga.id)).pageCount).toBe(3);
    const sequence = await createMedia(t, { kind: 'sequence' });
    for (let n = 1; n <= size; n++) await addIssue(t, sequence.id, n);
    expect((await landing(sequence.id)).pageCount).toBe(1);
    const empty = await createMedia(t, { kind: 'video' });
    expect(await landing(empty.id)).toMatchObject({ pageCount: 1, nextUp: null });
  });

  it('answers 404 media_not_found for an unknown id, a garbage id, and 401 signed out', async () => {
    for (const id of [newId(), 'not-an-id', '-1', '00000000-0000-0000-0000-000000000000']) {
      await expectError(await viewer.http(`/api/media/${id}`), 404, 'media_not_found');
    }
    const entry = await createMedia(t);
    await expectError(await t.http(`/api/media/${entry.id}`), 401, 'unauthorized');
  });
});

describe('GET /api/media-pages/:pageId', () => {
  it('pages episodes by number with the viewer’s progress; page 1 is the bare id', async () => {
    const entry = await createMedia(t, { kind: 'video' });
    // Inserted out of order: the page lists them by number.
    const episodes = [];
    for (const n of [3, 1, 2, ...Array.from({ length: size * 2 - 1 }, (_, i) => i + 4)]) {
      episodes.push(await addEpisode(t, entry.id, n, { durationSeconds: 100 }));
    }
    const second = episodes.find((e) => e.number === 2)!;
    await watch(t, viewer.user.id, second, { positionSeconds: 42.5 });

    const one = await mediaPage(entry.id);
    expect(one).toMatchObject({ id: entry.id, mediaId: entry.id, kind: 'video', page: 1 });
    expect(one.pageCount).toBe(3);
    expect(one.episodes.map((e) => e.number)).toEqual(
      Array.from({ length: size }, (_, i) => i + 1),
    );
    expect(one.volumes).toEqual([]);
    expect(one.issues).toEqual([]);
    expect(one.episodes[0]!.progress).toBeNull();
    expect(one.episodes[1]).toMatchObject({
      id: second.id,
      mediaId: entry.id,
      title: 'Episode 2',
      durationSeconds: 100,
      videoUrl: null,
      thumbnailUrl: null,
      progress: { positionSeconds: 42.5, watched: false },
    });

    const two = await mediaPage(`${entry.id}-2`);
    expect(two.id).toBe(`${entry.id}-2`);
    expect(two.episodes.map((e) => e.number)).toEqual(
      Array.from({ length: size }, (_, i) => i + 1 + size),
    );
    const three = await mediaPage(mediaPageId(entry.id, 3));
    expect(three.episodes.map((e) => e.number)).toEqual([size * 2 + 1, size * 2 + 2]);
    // Every episode exactly once across the pages.
    const all = [...one.episodes, ...two.episodes, ...three.episodes].map((e) => e.id);
    expect(new Set(all).size).toBe(episodes.length);

    for (const bad of [
      `${entry.id}-1`,
      `${entry.id}-0`,
      `${entry.id}--2`,
      `${entry.id}-4`,
      `${entry.id}-02`,
      `${newId()}`,
      `${newId()}-2`,
      'garbage',
    ]) {
      await expectError(await viewer.http(`/api/media-pages/${bad}`), 404, 'media_not_found');
    }
  });

  it('lists volumes of a manga with all their issues (pages, thumbnail, progress)', async () => {
    const entry = await createMedia(t, { kind: 'manga' });
    const volumes = [];
    for (let n = 1; n <= size + 1; n++) volumes.push(await addVolume(t, entry.id, n));
    const v1 = volumes[0]!;
    const i2 = await addIssue(t, entry.id, 2, { volumeId: v1.id, pages: 5 });
    const i1 = await addIssue(t, entry.id, 1, { volumeId: v1.id, pages: 3 });
    await addIssue(t, entry.id, 3, { volumeId: volumes[1]!.id });
    const last = await addIssue(t, entry.id, 9, { volumeId: volumes[size]!.id, pages: 1 });
    await read(t, viewer.user.id, i2, { page: 4 });

    const one = await mediaPage(entry.id);
    expect(one).toMatchObject({ kind: 'manga', page: 1, pageCount: 2, episodes: [], issues: [] });
    expect(one.volumes.map((v) => v.number)).toEqual(Array.from({ length: size }, (_, i) => i + 1));
    expect(one.volumes[0]).toMatchObject({ id: v1.id, title: 'Volume 1', coverUrl: null });
    expect(one.volumes[0]!.issues).toEqual([
      {
        id: i1.id,
        mediaId: entry.id,
        volumeId: v1.id,
        number: 1,
        title: 'Issue 1',
        pageCount: 3,
        thumbnailUrl: `/files/media/${entry.id}/page-${i1.id}-1.webp`,
        progress: null,
      },
      expect.objectContaining({
        id: i2.id,
        pageCount: 5,
        progress: expect.objectContaining({ page: 4, finished: false }),
      }),
    ]);
    expect(one.volumes[1]!.issues).toEqual([
      expect.objectContaining({ number: 3, pageCount: 0, thumbnailUrl: null }),
    ]);
    const two = await mediaPage(`${entry.id}-2`);
    expect(two.volumes).toHaveLength(1);
    expect(two.volumes[0]!.issues.map((i) => i.id)).toEqual([last.id]);
    await expectError(await viewer.http(`/api/media-pages/${entry.id}-3`), 404, 'media_not_found');
  });

  it('lists the issues of a sequence directly; an empty entry has one empty page', async () => {
    const entry = await createMedia(t, { kind: 'sequence' });
    for (let n = 1; n <= size + 2; n++) await addIssue(t, entry.id, n, { pages: 1 });
    const one = await mediaPage(entry.id);
    expect(one).toMatchObject({ kind: 'sequence', pageCount: 2, episodes: [], volumes: [] });
    expect(one.issues.map((i) => i.number)).toEqual(Array.from({ length: size }, (_, i) => i + 1));
    expect(one.issues.every((i) => i.volumeId === null && i.pageCount === 1)).toBe(true);
    const two = await mediaPage(`${entry.id}-2`);
    expect(two.issues.map((i) => i.number)).toEqual([size + 1, size + 2]);

    const empty = await createMedia(t, { kind: 'sequence' });
    expect(await mediaPage(empty.id)).toMatchObject({ page: 1, pageCount: 1, issues: [] });
    await expectError(await viewer.http(`/api/media-pages/${empty.id}-2`), 404, 'media_not_found');
  });
});

describe('nextUp', () => {
  async function nextUp(mediaId: string, who: TestUser) {
    return (await landing(mediaId, who)).nextUp;
  }

  it('video: episode 1 not started; then the episode in progress; then the one after the highest watched', async () => {
    const entry = await createMedia(t, { kind: 'video' });
    const e = [];
    for (let n = 1; n <= 5; n++) e.push(await addEpisode(t, entry.id, n, { durationSeconds: 600 }));
    const u = await createUser(t);
    expect(await nextUp(entry.id, u)).toEqual({
      type: 'episode',
      episodeId: e[0]!.id,
      number: 1,
      title: 'Episode 1',
      positionSeconds: 0,
      durationSeconds: 600,
      started: false,
    });

    // Watched 1 and 3 (2 skipped): the first episode after the highest watched one.
    await watch(t, u.user.id, e[0]!, { positionSeconds: 590, watched: true, minutesAgo: 30 });
    await watch(t, u.user.id, e[2]!, { positionSeconds: 595, watched: true, minutesAgo: 20 });
    expect(await nextUp(entry.id, u)).toMatchObject({
      episodeId: e[3]!.id,
      number: 4,
      positionSeconds: 0,
      started: true,
    });

    // In progress in 2 (older) and 5 (most recent): the most recent one, at its position.
    await watch(t, u.user.id, e[1]!, { positionSeconds: 100, minutesAgo: 10 });
    await watch(t, u.user.id, e[4]!, { positionSeconds: 250.5, minutesAgo: 5 });
    expect(await nextUp(entry.id, u)).toMatchObject({
      episodeId: e[4]!.id,
      number: 5,
      positionSeconds: 250.5,
      started: true,
    });
  });

  it('video: everything watched points at episode 1 again; a position in the tail starts over', async () => {
    const entry = await createMedia(t, { kind: 'video' });
    const e = [];
    for (let n = 1; n <= 3; n++) e.push(await addEpisode(t, entry.id, n, { durationSeconds: 100 }));
    const u = await createUser(t);
    for (const ep of e) await watch(t, u.user.id, ep, { positionSeconds: 99, watched: true });
    expect(await nextUp(entry.id, u)).toMatchObject({
      episodeId: e[0]!.id,
      positionSeconds: 0,
      started: true,
    });

    const v = await createUser(t);
    await watch(t, v.user.id, e[1]!, { positionSeconds: 97 });
    expect(await nextUp(entry.id, v)).toMatchObject({
      episodeId: e[1]!.id,
      positionSeconds: 0,
      started: true,
    });
  });

  it('manga: issue 1 page 1; the issue in progress at its page; the first unfinished in volume order', async () => {
    const entry = await createMedia(t, { kind: 'manga' });
    const v2 = await addVolume(t, entry.id, 2);
    const v1 = await addVolume(t, entry.id, 1);
    // Reading order: volume 1 (issues 1, 2), then volume 2 (issue 3).
    const i3 = await addIssue(t, entry.id, 3, { volumeId: v2.id, pages: 6 });
    const i1 = await addIssue(t, entry.id, 1, { volumeId: v1.id, pages: 4 });
    const i2 = await addIssue(t, entry.id, 2, { volumeId: v1.id, pages: 5 });
    const u = await createUser(t);
    expect(await nextUp(entry.id, u)).toEqual({
      type: 'issue',
      issueId: i1.id,
      number: 1,
      title: 'Issue 1',
      page: 1,
      pageCount: 4,
      started: false,
    });

    await read(t, u.user.id, i1, { page: 4, finished: true, minutesAgo: 10 });
    expect(await nextUp(entry.id, u)).toMatchObject({ issueId: i2.id, page: 1, started: true });

    await read(t, u.user.id, i3, { page: 3, minutesAgo: 5 });
    expect(await nextUp(entry.id, u)).toMatchObject({
      issueId: i3.id,
      page: 3,
      pageCount: 6,
      started: true,
    });

    const w = await createUser(t);
    for (const i of [i1, i2, i3]) await read(t, w.user.id, i, { page: 1, finished: true });
    expect(await nextUp(entry.id, w)).toMatchObject({ issueId: i1.id, page: 1, started: true });
  });

  it('sequence: the first unfinished issue by number; null without issues', async () => {
    const entry = await createMedia(t, { kind: 'sequence' });
    const i1 = await addIssue(t, entry.id, 1, { pages: 2 });
    const i2 = await addIssue(t, entry.id, 2, { pages: 2 });
    const i3 = await addIssue(t, entry.id, 3, { pages: 2 });
    const u = await createUser(t);
    await read(t, u.user.id, i2, { page: 2, finished: true });
    expect(await nextUp(entry.id, u)).toMatchObject({ issueId: i1.id, page: 1, started: true });
    await read(t, u.user.id, i1, { page: 2, finished: true });
    expect(await nextUp(entry.id, u)).toMatchObject({ issueId: i3.id, page: 1, started: true });

    const empty = await createMedia(t, { kind: 'manga' });
    await addVolume(t, empty.id, 1);
    expect(await nextUp(empty.id, u)).toBeNull();
  });
});
