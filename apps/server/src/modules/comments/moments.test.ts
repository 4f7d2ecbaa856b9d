/**
 * Comments pinned to a moment (docs/moments.md), through HTTP against a real database (PGlite,
 * and PostgreSQL under `npm run test:pg`): creating with a pin and its validation, timeline and
 * page order with keyset pages, markers and counts, and the spoiler shield of moments per viewer
 * and progress (saved position, watched, media_progress, `until`, reveal, the author).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CommentPageSchema,
  CommentSchema,
  EpisodeMomentsSchema,
  IssueMomentsSchema,
  type Comment,
  type LiveEvent,
} from '@otakura/shared';
import { comments, media, mediaProgress, userBlocks } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { expectCursorRefused } from '../../test/expect-error';
import {
  counterMismatches,
  createMedia,
  createPost,
  createUser,
  type TestUser,
} from '../../test/factories';
import { addEpisode, addIssue, addVolume, read, watch } from '../media/media.test-helpers';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function expectError(res: Response, status: number, code: string, field?: string) {
  const body = (await res.json()) as {
    error?: { code: string; details?: { path: string }[] };
  };
  expect({ status: res.status, code: body.error?.code }).toEqual({ status, code });
  if (field) expect(body.error?.details?.map((d) => d.path)).toContain(field);
}

/** A pinned comment written straight to the database (the counter moves with it). */
async function pinned(values: {
  userId: string;
  mediaId: string;
  episodeId?: string;
  atSeconds?: number | null;
  issueId?: string;
  page?: number | null;
  body?: string;
  secondsAgo?: number;
}): Promise<string> {
  const [row] = await t.database.db
    .insert(comments)
    .values({
      userId: values.userId,
      mediaId: values.mediaId,
      episodeId: values.episodeId ?? null,
      atSeconds: values.atSeconds ?? null,
      issueId: values.issueId ?? null,
      page: values.page ?? null,
      body: values.body ?? 'A moment',
      createdAt: new Date(Date.now() - (values.secondsAgo ?? 0) * 1000),
    })
    .returning({ id: comments.id });
  await t.database.db
    .update(media)
    .set({ commentCount: sql`${media.commentCount} + 1` })
    .where(eq(media.id, values.mediaId));
  return row!.id;
}

async function page(who: TestUser, path: string) {
  const res = await who.http(path);
  expect(res.status).toBe(200);
  return CommentPageSchema.parse(await res.json());
}

/** Every item of a list, following its cursors with small pages. */
async function all(who: TestUser, path: string): Promise<Comment[]> {
  const items: Comment[] = [];
  let cursor: string | null = null;
  const sep = path.includes('?') ? '&' : '?';
  for (let i = 0; i < 50; i++) {
    const p = await page(
      who,
      `${path}${sep}limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    items.push(...p.items);
    cursor = p.nextCursor;
    if (!cursor) break;
  }
  return items;
}

/** A video series with two episodes (120 s each). */
async function videoSeries() {
  const series = await createMedia(t, { kind: 'video' });
  const ep1 = await addEpisode(t, series.id, 1, { durationSeconds: 120 });
  const ep2 = await addEpisode(t, series.id, 2, { durationSeconds: 120 });
  return { series, ep1, ep2 };
}

const createOn = (who: TestUser, mediaId: string, json: unknown) =>
  who.http(`/api/media/${mediaId}/comments`, { method: 'POST', json });

describe('creating a pinned comment', () => {
  it('pins a media comment to a moment of an episode and to a page of an issue', async () => {
    const { series, ep1 } = await videoSeries();
    const author = await createUser(t);
    const res = await createOn(author, series.id, {
      body: 'That cut at 0:12!',
      pin: { episodeId: ep1.id, atSeconds: 12.5 },
    });
    expect(res.status).toBe(201);
    const comment = CommentSchema.parse(await res.json());
    expect(comment.pin).toEqual({
      kind: 'episode',
      episodeId: ep1.id,
      episodeNumber: 1,
      atSeconds: 12.5,
      covered: false,
    });
    expect(comment.body).toBe('That cut at 0:12!');
    expect(comment.mediaId).toBe(series.id);

    const manga = await createMedia(t, { kind: 'manga' });
    const vol = await addVolume(t, manga.id, 2);
    const issue = await addIssue(t, manga.id, 7, { volumeId: vol.id, pages: 5 });
    const onPage = await createOn(author, manga.id, {
      body: 'This panel',
      pin: { issueId: issue.id, page: 5 },
    });
    expect(onPage.status).toBe(201);
    expect(CommentSchema.parse(await onPage.json()).pin).toEqual({
      kind: 'issue',
      issueId: issue.id,
      issueNumber: 7,
      volumeNumber: 2,
      page: 5,
      covered: false,
    });
    expect(await counterMismatches(t)).toEqual([]);
  });

  it('announces a new moment on the series topic, so everyone watching the episode refreshes', async () => {
    const { series, ep1 } = await videoSeries();
    const author = await createUser(t);
    const events: LiveEvent[] = [];
    const off = t.ctx.live.subscribe((e) => events.push(e));
    try {
      const res = await createOn(author, series.id, {
        body: 'Live moment',
        pin: { episodeId: ep1.id, atSeconds: 30 },
      });
      const comment = CommentSchema.parse(await res.json());
      expect(events).toContainEqual(
        expect.objectContaining({
          type: 'comment.created',
          topic: `media:${series.id}`,
          mediaId: series.id,
          commentId: comment.id,
        }),
      );
    } finally {
      off();
    }
  });

  it('refuses a pin outside the series, past the end or on a post, and writes nothing', async () => {
    const { series, ep1 } = await videoSeries();
    const other = await videoSeries();
    const manga = await createMedia(t, { kind: 'manga' });
    const issue = await addIssue(t, manga.id, 1, { pages: 3 });
    const author = await createUser(t);
    const post = await createPost(t, { userId: author.user.id });

    await expectError(
      await createOn(author, series.id, { body: 'x', pin: { episodeId: other.ep1.id } }),
      400,
      'validation_error',
      'pin.episodeId',
    );
    await expectError(
      await createOn(author, series.id, { body: 'x', pin: { episodeId: ep1.id, atSeconds: 121 } }),
      400,
      'validation_error',
      'pin.atSeconds',
    );
    await expectError(
      await createOn(author, series.id, { body: 'x', pin: { episodeId: ep1.id, atSeconds: -1 } }),
      400,
      'validation_error',
    );
    await expectError(
      await createOn(author, manga.id, { body: 'x', pin: { issueId: issue.id, page: 4 } }),
      400,
      'validation_error',
      'pin.page',
    );
    await expectError(
      await createOn(author, series.id, { body: 'x', pin: { issueId: issue.id } }),
      400,
      'validation_error',
      'pin.issueId',
    );
    await expectError(
      await createOn(author, series.id, {
        body: 'x',
        pin: { episodeId: ep1.id, issueId: issue.id },
      }),
      400,
      'validation_error',
    );
    await expectError(
      await author.http(`/api/posts/${post.id}/comments`, {
        method: 'POST',
        json: { body: 'x', pin: { episodeId: ep1.id } },
      }),
      400,
      'validation_error',
      'pin',
    );

    const rows = await t.database.db
      .select({ id: comments.id })
      .from(comments)
      .where(eq(comments.userId, author.user.id));
    expect(rows).toEqual([]);
    const [row] = await t.database.db
      .select({ n: media.commentCount })
      .from(media)
      .where(eq(media.id, series.id));
    expect(row!.n).toBe(0);
  });
});

describe('an episode in timeline order', () => {
  it('lists moments by time, then the oldest first, the whole-episode comments last, in keyset pages', async () => {
    const { series, ep1, ep2 } = await videoSeries();
    const author = await createUser(t);
    const viewer = await createUser(t);
    await watch(t, viewer.user.id, ep1, { watched: true });
    const base = { userId: author.user.id, mediaId: series.id, episodeId: ep1.id };
    const general = await pinned({ ...base, atSeconds: null, secondsAgo: 50, body: 'general' });
    const at90 = await pinned({ ...base, atSeconds: 90, secondsAgo: 40 });
    const at12old = await pinned({ ...base, atSeconds: 12, secondsAgo: 30 });
    const at12new = await pinned({ ...base, atSeconds: 12, secondsAgo: 20 });
    const at3 = await pinned({ ...base, atSeconds: 3.25, secondsAgo: 10 });
    await pinned({ ...base, episodeId: ep2.id, atSeconds: 5 }); // another episode
    await pinned({ userId: author.user.id, mediaId: series.id, body: 'series only' });

    const items = await all(viewer, `/api/episodes/${ep1.id}/comments`);
    expect(items.map((c) => c.id)).toEqual([at3, at12old, at12new, at90, general]);
    expect(items.map((c) => c.pin?.kind === 'episode' && c.pin.atSeconds)).toEqual([
      3.25,
      12,
      12,
      90,
      null,
    ]);
    expect(items.every((c) => c.pin?.covered === false && c.body !== '')).toBe(true);

    await expectCursorRefused(await viewer.http(`/api/episodes/${ep1.id}/comments?cursor=nope`));
    await expectError(
      await viewer.http(`/api/episodes/not-an-id/comments`),
      404,
      'episode_not_found',
    );
    await expectError(
      await viewer.http(`/api/episodes/${crypto.randomUUID()}/moments`),
      404,
      'episode_not_found',
    );
  });

  it('gives markers per whole second and the Discuss count, without tombstones or blocked authors', async () => {
    const { series, ep1 } = await videoSeries();
    const author = await createUser(t);
    const blocked = await createUser(t);
    const viewer = await createUser(t);
    const base = { userId: author.user.id, mediaId: series.id, episodeId: ep1.id };
    await pinned({ ...base, atSeconds: 12.1 });
    await pinned({ ...base, atSeconds: 12.9 });
    await pinned({ ...base, atSeconds: 61 });
    await pinned({ ...base, atSeconds: null });
    const gone = await pinned({ ...base, atSeconds: 30 });
    await t.database.db
      .update(comments)
      .set({ deletedAt: new Date() })
      .where(eq(comments.id, gone));
    await pinned({ ...base, userId: blocked.user.id, atSeconds: 45 });
    await t.database.db
      .insert(userBlocks)
      .values({ blockerId: viewer.user.id, blockedId: blocked.user.id });

    const res = await viewer.http(`/api/episodes/${ep1.id}/moments`);
    expect(res.status).toBe(200);
    expect(EpisodeMomentsSchema.parse(await res.json())).toEqual({
      episodeId: ep1.id,
      mediaId: series.id,
      episodeNumber: 1,
      commentCount: 4,
      markers: [
        { atSeconds: 12, count: 2 },
        { atSeconds: 61, count: 1 },
      ],
    });
    const items = await all(viewer, `/api/episodes/${ep1.id}/comments`);
    expect(items).toHaveLength(4);

    const stranger = await createUser(t);
    const theirs = EpisodeMomentsSchema.parse(
      await (await stranger.http(`/api/episodes/${ep1.id}/moments`)).json(),
    );
    expect(theirs.commentCount).toBe(5);
    expect(theirs.markers.map((m) => m.atSeconds)).toEqual([12, 45, 61]);
  });

  it('asks for a session', async () => {
    const { ep1 } = await videoSeries();
    const res = await fetch(`${t.url}/api/episodes/${ep1.id}/moments`);
    expect(res.status).toBe(401);
  });
});

describe('the spoiler shield of moments', () => {
  async function scene() {
    const { series, ep1, ep2 } = await videoSeries();
    const author = await createUser(t);
    const base = { userId: author.user.id, mediaId: series.id, episodeId: ep2.id };
    const early = await pinned({ ...base, atSeconds: 10, body: 'early ep 2 moment' });
    const late = await pinned({ ...base, atSeconds: 100, body: 'late ep 2 twist' });
    const whole = await pinned({ ...base, atSeconds: null, body: 'ep 2 overall' });
    return { series, ep1, ep2, author, early, late, whole };
  }

  const bodies = (items: Comment[]) =>
    Object.fromEntries(items.map((c) => [c.id, c.pin?.covered ? null : c.body]));

  it('covers what the viewer has not reached: no progress, a saved position, watched, the series mark', async () => {
    const s = await scene();
    const path = `/api/episodes/${s.ep2.id}/comments`;

    const fresh = await createUser(t);
    const covered = await page(fresh, path);
    expect(bodies(covered.items)).toEqual({ [s.early]: null, [s.late]: null, [s.whole]: null });
    // Covered moments still carry their time, never their text.
    expect(covered.items.map((c) => (c.pin?.kind === 'episode' ? c.pin.atSeconds : -1))).toEqual([
      10,
      100,
      null,
    ]);
    expect(covered.items.every((c) => c.body === '')).toBe(true);

    const midway = await createUser(t);
    await watch(t, midway.user.id, s.ep2, { positionSeconds: 50 });
    expect(bodies((await page(midway, path)).items)).toEqual({
      [s.early]: 'early ep 2 moment',
      [s.late]: null,
      [s.whole]: null,
    });

    const watched = await createUser(t);
    await watch(t, watched.user.id, s.ep2, { positionSeconds: 115, watched: true });
    expect(Object.values(bodies((await page(watched, path)).items))).not.toContain(null);

    const marked = await createUser(t);
    await t.database.db
      .insert(mediaProgress)
      .values({ userId: marked.user.id, mediaId: s.series.id, episode: 2 });
    expect(Object.values(bodies((await page(marked, path)).items))).not.toContain(null);

    const behind = await createUser(t);
    await t.database.db
      .insert(mediaProgress)
      .values({ userId: behind.user.id, mediaId: s.series.id, episode: 1 });
    expect(Object.values(bodies((await page(behind, path)).items))).toEqual([null, null, null]);

    // The author always reads their own.
    expect(Object.values(bodies((await page(s.author, path)).items))).not.toContain(null);
  });

  it('shows the moments up to the playback time the player gives (until), and the whole-episode ones past the watched mark', async () => {
    const s = await scene();
    const viewer = await createUser(t);
    const path = `/api/episodes/${s.ep2.id}/comments`;
    expect(bodies((await page(viewer, `${path}?until=10`)).items)).toEqual({
      [s.early]: 'early ep 2 moment',
      [s.late]: null,
      [s.whole]: null,
    });
    expect(bodies((await page(viewer, `${path}?until=108`)).items)).toEqual({
      [s.early]: 'early ep 2 moment',
      [s.late]: 'late ep 2 twist',
      [s.whole]: 'ep 2 overall',
    });
    // Progress changes take effect on the next read: saving a later position uncovers.
    await watch(t, viewer.user.id, s.ep2, { positionSeconds: 100 });
    expect(bodies((await page(viewer, path)).items)[s.late]).toBe('late ep 2 twist');
  });

  it('covers pinned comments in the series list and the single comment too, until revealed', async () => {
    const s = await scene();
    const viewer = await createUser(t);
    const list = await page(viewer, `/api/media/${s.series.id}/comments`);
    const late = list.items.find((c) => c.id === s.late)!;
    expect(late).toMatchObject({ body: '', pin: { covered: true, atSeconds: 100 } });

    const one = CommentSchema.parse(await (await viewer.http(`/api/comments/${s.late}`)).json());
    expect(one).toMatchObject({ body: '', pin: { covered: true } });

    const revealed = await viewer.http(`/api/comments/${s.late}/reveal`, { method: 'POST' });
    expect(revealed.status).toBe(200);
    expect(CommentSchema.parse(await revealed.json())).toMatchObject({
      body: 'late ep 2 twist',
      pin: { covered: false },
    });
  });
});

describe('an issue and a volume', () => {
  async function manga() {
    const series = await createMedia(t, { kind: 'manga', readingDirection: 'rtl' });
    const vol1 = await addVolume(t, series.id, 1);
    const vol2 = await addVolume(t, series.id, 2);
    const ch1 = await addIssue(t, series.id, 1, { volumeId: vol1.id, pages: 6 });
    const ch2 = await addIssue(t, series.id, 2, { volumeId: vol1.id, pages: 6 });
    const ch3 = await addIssue(t, series.id, 3, { volumeId: vol2.id, pages: 6 });
    return { series, vol1, vol2, ch1, ch2, ch3 };
  }

  it('counts per page, lists a page or the issue in page order, and the volume in issue order', async () => {
    const m = await manga();
    const author = await createUser(t);
    const viewer = await createUser(t);
    await read(t, viewer.user.id, m.ch1, { page: 6, finished: true });
    await read(t, viewer.user.id, m.ch2, { page: 6, finished: true });
    const base = { userId: author.user.id, mediaId: m.series.id };
    const c2p5 = await pinned({ ...base, issueId: m.ch2.id, page: 5, secondsAgo: 30 });
    const c2p2a = await pinned({ ...base, issueId: m.ch2.id, page: 2, secondsAgo: 20 });
    const c2p2b = await pinned({ ...base, issueId: m.ch2.id, page: 2, secondsAgo: 10 });
    const c2all = await pinned({ ...base, issueId: m.ch2.id, page: null, secondsAgo: 40 });
    const c1p6 = await pinned({ ...base, issueId: m.ch1.id, page: 6 });
    await pinned({ ...base, issueId: m.ch3.id, page: 1 });

    const res = await viewer.http(`/api/issues/${m.ch2.id}/moments`);
    expect(IssueMomentsSchema.parse(await res.json())).toEqual({
      issueId: m.ch2.id,
      mediaId: m.series.id,
      issueNumber: 2,
      volume: { id: m.vol1.id, number: 1, commentCount: 5, lastIssue: true },
      commentCount: 4,
      pages: [
        { page: 2, count: 2 },
        { page: 5, count: 1 },
      ],
    });
    const first = IssueMomentsSchema.parse(
      await (await viewer.http(`/api/issues/${m.ch1.id}/moments`)).json(),
    );
    expect(first.volume?.lastIssue).toBe(false);

    expect((await all(viewer, `/api/issues/${m.ch2.id}/comments`)).map((c) => c.id)).toEqual([
      c2p2a,
      c2p2b,
      c2p5,
      c2all,
    ]);
    expect((await all(viewer, `/api/issues/${m.ch2.id}/comments?page=2`)).map((c) => c.id)).toEqual(
      [c2p2a, c2p2b],
    );
    expect((await all(viewer, `/api/volumes/${m.vol1.id}/comments`)).map((c) => c.id)).toEqual([
      c1p6,
      c2p2a,
      c2p2b,
      c2p5,
      c2all,
    ]);
    await expectError(
      await viewer.http(`/api/volumes/${crypto.randomUUID()}/comments`),
      404,
      'volume_not_found',
    );
    await expectError(
      await viewer.http(`/api/issues/${crypto.randomUUID()}/moments`),
      404,
      'issue_not_found',
    );
  });

  it('covers pages the viewer has not read, until the page on screen, a finish or the chapter mark', async () => {
    const m = await manga();
    const author = await createUser(t);
    const base = { userId: author.user.id, mediaId: m.series.id, issueId: m.ch3.id };
    const p2 = await pinned({ ...base, page: 2, body: 'page two' });
    const p5 = await pinned({ ...base, page: 5, body: 'page five' });
    const whole = await pinned({ ...base, page: null, body: 'chapter three' });
    const path = `/api/issues/${m.ch3.id}/comments`;
    const shown = async (who: TestUser, q = '') =>
      Object.fromEntries(
        (await page(who, path + q)).items.map((c) => [c.id, c.pin?.covered ? null : c.body]),
      );

    const reader = await createUser(t);
    await read(t, reader.user.id, m.ch3, { page: 3 });
    expect(await shown(reader)).toEqual({ [p2]: 'page two', [p5]: null, [whole]: null });
    expect(await shown(reader, '?until=5')).toEqual({
      [p2]: 'page two',
      [p5]: 'page five',
      [whole]: null,
    });
    expect(Object.values(await shown(reader, '?until=6'))).not.toContain(null);

    const finished = await createUser(t);
    await read(t, finished.user.id, m.ch3, { page: 6, finished: true });
    expect(Object.values(await shown(finished))).not.toContain(null);

    const marked = await createUser(t);
    await t.database.db
      .insert(mediaProgress)
      .values({ userId: marked.user.id, mediaId: m.series.id, chapter: 3, volume: 2 });
    expect(Object.values(await shown(marked))).not.toContain(null);

    const fresh = await createUser(t);
    expect(Object.values(await shown(fresh))).toEqual([null, null, null]);
  });
});
