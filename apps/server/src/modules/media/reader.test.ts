import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IssueDetailSchema,
  MEDIA_RULES,
  ReaderPrefsSchema,
  ReadProgressSchema,
  type IssueDetail,
} from '@otakura/shared';
import { newId } from '../../lib/ids';
import { buildTestApp, type TestApp } from '../../test/app';
import { createMedia, createUser, type TestUser } from '../../test/factories';
import { addIssue, addVolume, expectError } from './media-units.test-helpers';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function getIssue(who: TestUser, issueId: string): Promise<IssueDetail> {
  const res = await who.http(`/api/issues/${issueId}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return IssueDetailSchema.parse(await res.json());
}

const putProgress = (who: TestUser, issueId: string, page: unknown) =>
  who.http(`/api/issues/${issueId}/progress`, { method: 'PUT', json: { page } });

async function saveProgress(who: TestUser, issueId: string, page: number) {
  const res = await putProgress(who, issueId, page);
  expect(res.status, await res.clone().text()).toBe(200);
  return ReadProgressSchema.parse(await res.json());
}

const putPrefs = (who: TestUser, mediaId: string, body: unknown) =>
  who.http(`/api/media/${mediaId}/reader-prefs`, { method: 'PUT', json: body });

/** A right-to-left manga: volume 1 with issues 1 (3 pages) and 2 (4 pages), volume 2 with issue 1 (3 pages). */
async function manga() {
  const m = await createMedia(t, {
    kind: 'manga',
    title: 'Delta Manga',
    readingDirection: 'rtl',
    imageKey: 'covers/delta.webp',
  });
  // Volume 2 and its issue are created first: reading order is not creation order.
  const v2 = await addVolume(t, m.id, 2);
  const v2i1 = await addIssue(t, m.id, 1, { volumeId: v2.id, pages: 3 });
  const v1 = await addVolume(t, m.id, 1);
  const v1i2 = await addIssue(t, m.id, 2, { volumeId: v1.id, pages: 4 });
  const v1i1 = await addIssue(t, m.id, 1, { volumeId: v1.id, pages: 3 });
  return { media: m, v1, v2, v1i1, v1i2, v2i1 };
}

describe('GET /api/issues/:issueId', () => {
  it('answers the pages in order with their sizes, the volume, the neighbours across volumes and the next issue first pages', async () => {
    const reader = await createUser(t);
    const { media, v1, v1i1, v1i2, v2i1 } = await manga();

    const issue = await getIssue(reader, v1i2.id);
    expect(issue).toMatchObject({
      id: v1i2.id,
      mediaId: media.id,
      volumeId: v1.id,
      number: 2,
      title: 'Issue 2',
      pageCount: 4,
      thumbnailUrl: `/files/media-pages/${media.id}/${v1i2.id}/1.webp`,
      progress: null,
      media: {
        id: media.id,
        kind: 'manga',
        title: 'Delta Manga',
        coverUrl: '/files/covers/delta.webp',
      },
      volume: { id: v1.id, number: 1, title: 'Volume 1' },
      previous: { id: v1i1.id, number: 1, title: 'Issue 1' },
    });
    expect(issue.pages.map((p) => [p.number, p.url, p.width, p.height])).toEqual(
      [1, 2, 3, 4].map((n) => [
        n,
        `/files/media-pages/${media.id}/${v1i2.id}/${n}.webp`,
        800 + n,
        1200,
      ]),
    );
    expect(issue.next?.id).toBe(v2i1.id);
    // Only the first preloadNextPages of the next issue's 3.
    expect(issue.next?.firstPages.map((p) => p.number)).toEqual(
      Array.from({ length: MEDIA_RULES.preloadNextPages }, (_, i) => i + 1),
    );
    expect(issue.next?.firstPages[0]).toMatchObject({
      url: `/files/media-pages/${media.id}/${v2i1.id}/1.webp`,
      width: 801,
      height: 1200,
    });

    expect((await getIssue(reader, v1i1.id)).previous).toBeNull();
    const last = await getIssue(reader, v2i1.id);
    expect(last.previous).toMatchObject({ id: v1i2.id });
    expect(last.next).toBeNull();
  });

  it('orders the issues of a sequence by number', async () => {
    const reader = await createUser(t);
    const m = await createMedia(t, { kind: 'sequence' });
    const i2 = await addIssue(t, m.id, 2, { pages: 1 });
    const i1 = await addIssue(t, m.id, 1, { pages: 1 });
    const i3 = await addIssue(t, m.id, 3);
    const middle = await getIssue(reader, i2.id);
    expect(middle.volume).toBeNull();
    expect(middle.previous?.id).toBe(i1.id);
    expect(middle.next).toMatchObject({ id: i3.id, firstPages: [] });
    const empty = await getIssue(reader, i3.id);
    expect(empty).toMatchObject({ pageCount: 0, pages: [], thumbnailUrl: null });
  });

  it('answers 404 issue_not_found for unknown and malformed ids, 401 signed out', async () => {
    const reader = await createUser(t);
    for (const id of [newId(), 'nope']) {
      await expectError(await reader.http(`/api/issues/${id}`), 404, 'issue_not_found');
    }
    await expectError(await t.http(`/api/issues/${newId()}`), 401, 'unauthorized');
  });
});

describe('PUT /api/issues/:issueId/progress', () => {
  it('restores the page reached, and the last page marks the issue finished for good', async () => {
    const reader = await createUser(t);
    const other = await createUser(t);
    const { v1i1 } = await manga();

    expect(await saveProgress(reader, v1i1.id, 2)).toMatchObject({ page: 2, finished: false });
    expect((await getIssue(reader, v1i1.id)).progress).toMatchObject({ page: 2, finished: false });
    expect((await getIssue(other, v1i1.id)).progress).toBeNull();

    expect(await saveProgress(reader, v1i1.id, 3)).toMatchObject({ page: 3, finished: true });
    expect(await saveProgress(reader, v1i1.id, 1)).toMatchObject({ page: 1, finished: true });
    expect((await getIssue(reader, v1i1.id)).progress).toMatchObject({ page: 1, finished: true });
  });

  it('refuses a page past the last or below 1 with 400 naming page, changing nothing', async () => {
    const reader = await createUser(t);
    const { v1i1 } = await manga();
    await saveProgress(reader, v1i1.id, 2);
    for (const page of [4, 0, -1, 1.5, 'x']) {
      const error = await expectError(
        await putProgress(reader, v1i1.id, page),
        400,
        'validation_error',
      );
      expect(error.details?.map((d) => d.path)).toEqual(['page']);
    }
    expect((await getIssue(reader, v1i1.id)).progress).toMatchObject({ page: 2, finished: false });
  });

  it('answers 404 issue_not_found for unknown and malformed ids', async () => {
    const reader = await createUser(t);
    for (const id of [newId(), 'nope']) {
      await expectError(await putProgress(reader, id, 1), 404, 'issue_not_found');
    }
  });
});

describe('PUT /api/media/:mediaId/reader-prefs', () => {
  it("defaults to the series' direction, single pages and the cover alone, then remembers each change", async () => {
    const reader = await createUser(t);
    const other = await createUser(t);
    const { media, v1i1, v2i1 } = await manga();
    expect((await getIssue(reader, v1i1.id)).prefs).toEqual({
      direction: 'rtl',
      mode: 'single',
      coverAlone: true,
    });

    let res = await putPrefs(reader, media.id, { mode: 'double' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(ReaderPrefsSchema.parse(await res.json())).toEqual({
      direction: 'rtl',
      mode: 'double',
      coverAlone: true,
    });
    res = await putPrefs(reader, media.id, { direction: 'ltr', coverAlone: false });
    expect(await res.json()).toEqual({ direction: 'ltr', mode: 'double', coverAlone: false });

    // Remembered for every issue of the series; someone else keeps the defaults.
    expect((await getIssue(reader, v2i1.id)).prefs).toEqual({
      direction: 'ltr',
      mode: 'double',
      coverAlone: false,
    });
    expect((await getIssue(other, v2i1.id)).prefs).toEqual({
      direction: 'rtl',
      mode: 'single',
      coverAlone: true,
    });

    // A left-to-right series defaults to ltr.
    const seq = await createMedia(t, { kind: 'sequence', readingDirection: 'ltr' });
    const issue = await addIssue(t, seq.id, 1, { pages: 1 });
    expect((await getIssue(reader, issue.id)).prefs.direction).toBe('ltr');
  });

  it('answers 404 media_not_found for unknown and malformed ids, 400 for a bad mode', async () => {
    const reader = await createUser(t);
    for (const id of [newId(), 'nope']) {
      await expectError(await putPrefs(reader, id, { mode: 'single' }), 404, 'media_not_found');
    }
    const { media } = await manga();
    const error = await expectError(
      await putPrefs(reader, media.id, { mode: 'scroll' }),
      400,
      'validation_error',
    );
    expect(error.details?.map((d) => d.path)).toEqual(['mode']);
    await expectError(
      await t.http(`/api/media/${media.id}/reader-prefs`, { method: 'PUT', json: {} }),
      401,
      'unauthorized',
    );
  });
});
