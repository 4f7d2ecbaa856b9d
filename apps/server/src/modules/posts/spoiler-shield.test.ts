/**
 * The spoiler shield (issue 12, docs/spoiler-shield.md), through real HTTP on a real database
 * (PGlite here, PostgreSQL in `npm run test:pg`): the decision per viewer and progress on each
 * unit, made by the queries themselves (no covered text in any answer), reveal, the tag's
 * validation, media_progress kept by the watch and read writes, and the live event on a rise.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CommentPageSchema,
  CommentSchema,
  CommunitySchema,
  MediaSchema,
  PostPageSchema,
  PostSchema,
  SettingsSchema,
  type LiveEvent,
  type Post,
} from '@otakura/shared';
import { queryRows } from '../../db/client';
import { buildTestApp, type TestApp } from '../../test/app';
import {
  createCommunity,
  createMedia,
  createUser,
  reloadUser,
  type TestUser,
} from '../../test/factories';
import { expectApiError, sendPost, upload, writePost } from '../../test/post-factories';
import { pngOf } from '../uploads/test-fixtures';
import {
  addEpisode,
  addIssue,
  addVolume,
  heartbeat,
  openPlayback,
} from '../media/media-units.test-helpers';

let t: TestApp;
let author: TestUser;
let viewer: TestUser;
let communityId: string;
/** A video series with episodes 1–8 (100 s each). */
let show: { id: string; title: string };
const episodes = new Map<number, { id: string; mediaId: string }>();
/** A manga: volume 1 (chapters 1–3), volume 2 (chapters 4–6), 2 pages per chapter. */
let manga: { id: string; title: string };
const chapters = new Map<number, { id: string; mediaId: string }>();
/** A sequence with chapters 1–4. */
let sequence: { id: string; title: string };
const events: LiveEvent[] = [];

const SECRET = 'Kaede was the masked pilot all along';

beforeAll(async () => {
  t = await buildTestApp();
  t.ctx.live.subscribe((e) => events.push(e));
  author = await createUser(t);
  viewer = await createUser(t);
  communityId = (await createCommunity(t)).id;
  show = await createMedia(t, { kind: 'video', title: 'Skyline Pilots' });
  for (let n = 1; n <= 8; n++) {
    episodes.set(n, await addEpisode(t, show.id, n, { durationSeconds: 100 }));
  }
  manga = await createMedia(t, { kind: 'manga', title: 'Paper Moon Diaries' });
  for (const v of [1, 2]) {
    const volume = await addVolume(t, manga.id, v);
    for (let c = (v - 1) * 3 + 1; c <= v * 3; c++) {
      chapters.set(c, await addIssue(t, manga.id, c, { volumeId: volume.id, pages: 2 }));
    }
  }
  sequence = await createMedia(t, { kind: 'sequence', title: 'Tide Lines' });
  for (let c = 1; c <= 4; c++) await addIssue(t, sequence.id, c, { pages: 1 });
});
afterAll(async () => {
  await t?.close();
});

/** Sets a user's marks in a series directly (the progress writes are tested below). */
async function setMarks(
  userId: string,
  mediaId: string,
  marks: { episode?: number; volume?: number; chapter?: number },
): Promise<void> {
  await t.database.db.execute(sql`
    insert into media_progress (user_id, media_id, episode, volume, chapter)
    values (${userId}::uuid, ${mediaId}::uuid, ${marks.episode ?? 0}, ${marks.volume ?? 0}, ${marks.chapter ?? 0})
    on conflict (user_id, media_id) do update
      set episode = excluded.episode, volume = excluded.volume, chapter = excluded.chapter`);
}

async function marksOf(userId: string, mediaId: string) {
  const [row] = await queryRows<{ episode: number; volume: number; chapter: number }>(
    t.database.db,
    sql`select episode, volume, chapter from media_progress
        where user_id = ${userId}::uuid and media_id = ${mediaId}::uuid`,
  );
  return row ?? { episode: 0, volume: 0, chapter: 0 };
}

/** GET /api/posts/:id as `who`, parsed, with the raw text (to prove no covered text is in it). */
async function readPost(who: TestUser, postId: string): Promise<{ post: Post; raw: string }> {
  const res = await who.http(`/api/posts/${postId}`);
  const raw = await res.text();
  expect(res.status, raw).toBe(200);
  return { post: PostSchema.parse(JSON.parse(raw)), raw };
}

function expectCovered(post: Post, raw: string, viewerAt: number): void {
  expect(post.spoilerTag).toMatchObject({ covered: true, viewerAt });
  expect(post.body).toBeNull();
  expect(post.images).toEqual([]);
  expect(post.video).toBeNull();
  expect(post.link).toBeNull();
  expect(raw).not.toContain(SECRET);
}

describe('the decision per viewer and progress', () => {
  let post: Post;
  beforeAll(async () => {
    post = await writePost(author.http, {
      communityId,
      title: 'Episode 5 reaction',
      body: SECRET,
      spoilerTag: { mediaId: show.id, unit: 'episode', number: 5 },
    });
  });

  it('answers the author their own tagged post uncovered, with the tag', async () => {
    expect(post.body).toBe(SECRET);
    expect(post.spoilerTag).toEqual({
      mediaId: show.id,
      mediaTitle: 'Skyline Pilots',
      unit: 'episode',
      number: 5,
      covered: false,
      viewerAt: 0,
    });
  });

  it('covers it for a viewer with no progress in the series: title only, no body', async () => {
    await t.database.db.execute(
      sql`delete from media_progress where user_id = ${viewer.user.id}::uuid`,
    );
    const { post: seen, raw } = await readPost(viewer, post.id);
    expect(seen.title).toBe('Episode 5 reaction');
    expectCovered(seen, raw, 0);
  });

  it('covers it below the point, and not at or past it', async () => {
    await setMarks(viewer.user.id, show.id, { episode: 3 });
    const below = await readPost(viewer, post.id);
    expectCovered(below.post, below.raw, 3);

    await setMarks(viewer.user.id, show.id, { episode: 5 });
    const equal = await readPost(viewer, post.id);
    expect(equal.post.spoilerTag).toMatchObject({ covered: false, viewerAt: 5 });
    expect(equal.post.body).toBe(SECRET);

    await setMarks(viewer.user.id, show.id, { episode: 7 });
    const above = await readPost(viewer, post.id);
    expect(above.post.spoilerTag).toMatchObject({ covered: false, viewerAt: 7 });
    expect(above.post.body).toBe(SECRET);
  });

  it('decides it in every feed page too (all tab, the community, the author)', async () => {
    await setMarks(viewer.user.id, show.id, { episode: 4 });
    for (const path of [
      '/api/feed?tab=all&limit=50',
      `/api/communities/${communityId}/posts?limit=50`,
      `/api/users/${author.user.id}/posts?limit=50`,
    ]) {
      const res = await viewer.http(path);
      const raw = await res.text();
      expect(res.status, raw).toBe(200);
      const page = PostPageSchema.parse(JSON.parse(raw));
      const seen = page.items.find((p) => p.id === post.id)!;
      expectCovered(seen, raw, 4);
    }
    // The author's own feed still shows it whole.
    const mine = PostPageSchema.parse(
      await (await author.http('/api/feed?tab=all&limit=50')).json(),
    );
    expect(mine.items.find((p) => p.id === post.id)!.body).toBe(SECRET);
  });

  it('compares volumes and chapters on their own marks', async () => {
    const byVolume = await writePost(author.http, {
      communityId,
      title: 'That volume 2 ending',
      body: SECRET,
      spoilerTag: { mediaId: manga.id, unit: 'volume', number: 2 },
    });
    const byChapter = await writePost(author.http, {
      communityId,
      title: 'Chapter 3 twist',
      body: SECRET,
      spoilerTag: { mediaId: manga.id, unit: 'chapter', number: 3 },
    });
    // Chapter 5 read, but volume 2 not finished (its last chapter is 6).
    await setMarks(viewer.user.id, manga.id, { volume: 1, chapter: 5 });
    const vol = await readPost(viewer, byVolume.id);
    expectCovered(vol.post, vol.raw, 1);
    const ch = await readPost(viewer, byChapter.id);
    expect(ch.post.spoilerTag).toMatchObject({ unit: 'chapter', covered: false, viewerAt: 5 });

    await setMarks(viewer.user.id, manga.id, { volume: 2, chapter: 6 });
    expect((await readPost(viewer, byVolume.id)).post.spoilerTag).toMatchObject({
      covered: false,
      viewerAt: 2,
    });
  });

  it('withholds the images of a covered image post', async () => {
    const png = await upload(author.http, await pngOf(64, 48));
    const imagePost = await writePost(author.http, {
      communityId,
      title: 'Screenshot of the finale',
      uploadIds: [png.id],
      spoilerTag: { mediaId: sequence.id, unit: 'chapter', number: 4 },
    });
    expect(imagePost.images).toHaveLength(1);
    await setMarks(viewer.user.id, sequence.id, { chapter: 2 });
    const seen = await readPost(viewer, imagePost.id);
    expect(seen.post.type).toBe(1);
    expectCovered(seen.post, seen.raw, 2);
    expect(seen.raw).not.toContain(png.url.replace('/files/', ''));
  });
});

describe('POST /api/posts/:id/reveal', () => {
  it('answers the post uncovered for that viewer only, remembering nothing', async () => {
    const post = await writePost(author.http, {
      communityId,
      title: 'Reveal me',
      body: SECRET,
      spoilerTag: { mediaId: show.id, unit: 'episode', number: 8 },
    });
    await setMarks(viewer.user.id, show.id, { episode: 2 });
    const res = await viewer.http(`/api/posts/${post.id}/reveal`, { method: 'POST' });
    expect(res.status).toBe(200);
    const revealed = PostSchema.parse(await res.json());
    expect(revealed.body).toBe(SECRET);
    expect(revealed.spoilerTag).toMatchObject({ covered: false, viewerAt: 2, number: 8 });
    // Not persisted: the next read is covered again.
    const again = await readPost(viewer, post.id);
    expectCovered(again.post, again.raw, 2);
  });

  it('keeps the visibility rules: unknown, deleted and blocked authors answer 404', async () => {
    await expectApiError(
      await viewer.http('/api/posts/00000000-0000-4000-8000-000000000000/reveal', {
        method: 'POST',
      }),
      404,
      'post_not_found',
    );
    const gone = await writePost(author.http, {
      communityId,
      title: 'Soon deleted',
      body: SECRET,
      spoilerTag: { mediaId: show.id, unit: 'episode', number: 8 },
    });
    expect((await author.http(`/api/posts/${gone.id}`, { method: 'DELETE' })).status).toBe(204);
    await expectApiError(
      await viewer.http(`/api/posts/${gone.id}/reveal`, { method: 'POST' }),
      404,
      'post_not_found',
    );

    const blocker = await createUser(t);
    const post = await writePost(author.http, {
      communityId,
      title: 'By someone blocked',
      body: SECRET,
      spoilerTag: { mediaId: show.id, unit: 'episode', number: 8 },
    });
    expect(
      (await blocker.http(`/api/users/${author.user.id}/block`, { method: 'PUT' })).status,
    ).toBe(200);
    await expectApiError(
      await blocker.http(`/api/posts/${post.id}/reveal`, { method: 'POST' }),
      404,
      'post_not_found',
    );
  });
});

describe('the tag is checked against the library', () => {
  async function refused(spoilerTag: object, path: string, message: RegExp) {
    const before = (await reloadUser(t, author.user.id)).postCount;
    const res = await sendPost(author.http, { communityId, title: 'Tagged', spoilerTag });
    const body = await expectApiError(res, 400, 'validation_error');
    expect(body.error.details).toEqual([{ path, message: expect.stringMatching(message) }]);
    expect((await reloadUser(t, author.user.id)).postCount).toBe(before);
  }

  it('refuses an unknown series, a unit that does not fit its kind and a number it lacks', async () => {
    await refused(
      { mediaId: '00000000-0000-4000-8000-000000000000', unit: 'episode', number: 1 },
      'spoilerTag.mediaId',
      /series was not found/,
    );
    await refused(
      { mediaId: show.id, unit: 'volume', number: 1 },
      'spoilerTag.unit',
      /tagged by episode/,
    );
    await refused(
      { mediaId: manga.id, unit: 'episode', number: 1 },
      'spoilerTag.unit',
      /volume or chapter/,
    );
    await refused(
      { mediaId: sequence.id, unit: 'volume', number: 1 },
      'spoilerTag.unit',
      /by chapter/,
    );
    await refused(
      { mediaId: show.id, unit: 'episode', number: 9 },
      'spoilerTag.number',
      /Skyline Pilots has no episode 9/,
    );
    await refused(
      { mediaId: manga.id, unit: 'volume', number: 3 },
      'spoilerTag.number',
      /no volume 3/,
    );
  });

  it('refuses a malformed tag through the contract (400 naming the field)', async () => {
    const res = await sendPost(author.http, {
      communityId,
      title: 'Tagged',
      spoilerTag: { mediaId: show.id, unit: 'season', number: 0 },
    });
    const body = await expectApiError(res, 400, 'validation_error');
    const paths = body.error.details!.map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['spoilerTag.unit', 'spoilerTag.number']));
  });
});

describe('media_progress follows watching and reading, and says so live', () => {
  it('raises the episode mark when an episode is watched (past 90 %), never lowers it, and publishes media.progress once per rise', async () => {
    const watcher = await createUser(t);
    const post = await writePost(author.http, {
      communityId,
      title: 'Ep 5 live',
      body: SECRET,
      spoilerTag: { mediaId: show.id, unit: 'episode', number: 5 },
    });
    await setMarks(watcher.user.id, show.id, { episode: 4 });
    const before = await readPost(watcher, post.id);
    expectCovered(before.post, before.raw, 4);

    const from = events.length;
    const session = await openPlayback(watcher, episodes.get(5)!.id);
    // Half-way: not watched, no rise.
    await heartbeat(watcher, session.sessionId, { positionSeconds: 50, playing: true });
    expect((await marksOf(watcher.user.id, show.id)).episode).toBe(4);
    const state = await heartbeat(watcher, session.sessionId, {
      positionSeconds: 95,
      playing: true,
    });
    expect(state.progress.watched).toBe(true);
    expect((await marksOf(watcher.user.id, show.id)).episode).toBe(5);

    const rises = () => events.slice(from).filter((e) => e.type === 'media.progress');
    expect(rises()).toEqual([
      {
        type: 'media.progress',
        topic: `user:${watcher.user.id}`,
        mediaId: show.id,
        episode: 5,
        volume: 0,
        chapter: 0,
      },
    ]);
    // The cover is gone on the next read.
    expect((await readPost(watcher, post.id)).post.body).toBe(SECRET);

    // Watched again, and an earlier episode: no rise, no event, the mark stays.
    await heartbeat(watcher, session.sessionId, { positionSeconds: 99, playing: true });
    const early = await openPlayback(watcher, episodes.get(2)!.id);
    await heartbeat(watcher, early.sessionId, { positionSeconds: 98, playing: true });
    expect((await marksOf(watcher.user.id, show.id)).episode).toBe(5);
    expect(rises()).toHaveLength(1);
  });

  it('keeps the highest mark when two episodes are watched at once', async () => {
    const racer = await createUser(t);
    const [a, b] = await Promise.all([
      openPlayback(racer, episodes.get(6)!.id),
      openPlayback(racer, episodes.get(3)!.id),
    ]);
    await Promise.all([
      heartbeat(racer, a.sessionId, { positionSeconds: 95, playing: true }),
      heartbeat(racer, b.sessionId, { positionSeconds: 95, playing: true }),
    ]);
    expect((await marksOf(racer.user.id, show.id)).episode).toBe(6);
  });

  it('raises the chapter mark on finishing a chapter, and the volume mark on its last chapter', async () => {
    const reader = await createUser(t);
    const from = events.length;
    const save = async (chapter: number, page: number) => {
      const res = await reader.http(`/api/issues/${chapters.get(chapter)!.id}/progress`, {
        method: 'PUT',
        json: { page },
      });
      expect(res.status, await res.clone().text()).toBe(200);
    };
    await save(2, 1);
    expect(await marksOf(reader.user.id, manga.id)).toEqual({ episode: 0, volume: 0, chapter: 0 });
    await save(2, 2);
    expect(await marksOf(reader.user.id, manga.id)).toEqual({ episode: 0, volume: 0, chapter: 2 });
    await save(3, 2);
    expect(await marksOf(reader.user.id, manga.id)).toEqual({ episode: 0, volume: 1, chapter: 3 });
    // Back to an earlier chapter: nothing lowers.
    await save(1, 2);
    expect(await marksOf(reader.user.id, manga.id)).toEqual({ episode: 0, volume: 1, chapter: 3 });
    const rises = events
      .slice(from)
      .filter((e) => e.type === 'media.progress' && e.topic === `user:${reader.user.id}`);
    expect(rises.map((e) => e.type === 'media.progress' && [e.volume, e.chapter])).toEqual([
      [0, 2],
      [1, 3],
    ]);
  });
});

describe('comments', () => {
  let postId: string;
  beforeAll(async () => {
    postId = (await writePost(author.http, { communityId, title: 'Discussion thread' })).id;
  });

  it('covers a tagged comment for a viewer below the point: the text is not sent', async () => {
    const res = await author.http(`/api/posts/${postId}/comments`, {
      method: 'POST',
      json: {
        body: SECRET,
        spoilerTag: { mediaId: show.id, unit: 'episode', number: 6 },
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const mine = CommentSchema.parse(await res.json());
    expect(mine.body).toBe(SECRET);
    expect(mine.spoilerTag).toMatchObject({
      covered: false,
      number: 6,
      mediaTitle: 'Skyline Pilots',
    });

    await setMarks(viewer.user.id, show.id, { episode: 5 });
    const listRes = await viewer.http(`/api/posts/${postId}/comments`);
    const raw = await listRes.text();
    expect(raw).not.toContain(SECRET);
    const seen = CommentPageSchema.parse(JSON.parse(raw)).items.find((c) => c.id === mine.id)!;
    expect(seen.body).toBe('');
    expect(seen.spoilerTag).toMatchObject({
      covered: true,
      viewerAt: 5,
      number: 6,
      unit: 'episode',
    });

    const one = await viewer.http(`/api/comments/${mine.id}`);
    expect(await one.text()).not.toContain(SECRET);

    // Reveal answers it whole, and remembers nothing.
    const revealRes = await viewer.http(`/api/comments/${mine.id}/reveal`, { method: 'POST' });
    expect(revealRes.status).toBe(200);
    const revealed = CommentSchema.parse(await revealRes.json());
    expect(revealed).toMatchObject({ body: SECRET, spoilerTag: { covered: false, viewerAt: 5 } });
    expect(
      CommentSchema.parse(await (await viewer.http(`/api/comments/${mine.id}`)).json()).body,
    ).toBe('');

    // Past the point: nothing is covered.
    await setMarks(viewer.user.id, show.id, { episode: 6 });
    const after = CommentPageSchema.parse(
      await (await viewer.http(`/api/posts/${postId}/comments`)).json(),
    );
    expect(after.items.find((c) => c.id === mine.id)!.body).toBe(SECRET);
  });

  it('refuses a tag the library lacks and writes nothing', async () => {
    const before = await queryRows<{ n: number }>(
      t.database.db,
      sql`select comment_count as n from posts where id = ${postId}::uuid`,
    );
    const res = await author.http(`/api/posts/${postId}/comments`, {
      method: 'POST',
      json: { body: 'x', spoilerTag: { mediaId: show.id, unit: 'chapter', number: 1 } },
    });
    const body = await expectApiError(res, 400, 'validation_error');
    expect(body.error.details?.[0]?.path).toBe('spoilerTag.unit');
    const after = await queryRows<{ n: number }>(
      t.database.db,
      sql`select comment_count as n from posts where id = ${postId}::uuid`,
    );
    expect(after).toEqual(before);
  });

  it('answers 404 to revealing an unknown comment', async () => {
    await expectApiError(
      await viewer.http('/api/comments/00000000-0000-4000-8000-000000000000/reveal', {
        method: 'POST',
      }),
      404,
      'comment_not_found',
    );
  });
});

describe('a series and its community, and the blur setting', () => {
  it("names the series of a series' own community (null for others)", async () => {
    const own = await createCommunity(t, { name: 'Skyline Pilots fans' });
    await t.database.db.execute(
      sql`update media set community_id = ${own.id}::uuid where id = ${show.id}::uuid`,
    );
    const res = await viewer.http(`/api/communities/${own.id}`);
    expect(CommunitySchema.parse(await res.json()).series).toEqual({
      id: show.id,
      title: 'Skyline Pilots',
      kind: 'video',
    });
    const other = CommunitySchema.parse(
      await (await viewer.http(`/api/communities/${communityId}`)).json(),
    );
    expect(other.series).toBeNull();
  });

  it("lets an admin choose a series' community: one series per community, an existing one", async () => {
    const admin = await createUser(t, { role: 'admin' });
    const own = await createCommunity(t, { name: 'Paper Moon readers' });
    const set = (mediaId: string, communityId: string | null) =>
      admin.http(`/api/admin/media/${mediaId}`, { method: 'PATCH', json: { communityId } });
    const res = await set(manga.id, own.id);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(MediaSchema.parse(await res.json()).community).toEqual({
      id: own.id,
      name: 'Paper Moon readers',
    });
    // The landing says so too, and the community names its series.
    const landing = await viewer.http(`/api/media/${manga.id}`);
    expect(MediaSchema.parse(await landing.json()).community).toEqual({
      id: own.id,
      name: 'Paper Moon readers',
    });
    expect(
      CommunitySchema.parse(await (await viewer.http(`/api/communities/${own.id}`)).json()).series,
    ).toMatchObject({ id: manga.id, kind: 'manga' });

    // Taken by another series, or unknown: 400 naming communityId, nothing changes.
    const taken = await expectApiError(await set(sequence.id, own.id), 400, 'validation_error');
    expect(taken.error.details).toEqual([
      { path: 'communityId', message: 'That community already belongs to another series.' },
    ]);
    const unknown = await expectApiError(
      await set(sequence.id, '00000000-0000-4000-8000-000000000000'),
      400,
      'validation_error',
    );
    expect(unknown.error.details?.[0]?.path).toBe('communityId');
    const [row] = await queryRows<{ community: string | null }>(
      t.database.db,
      sql`select community_id as community from media where id = ${sequence.id}::uuid`,
    );
    expect(row!.community).toBeNull();

    // None again.
    const cleared = await set(manga.id, null);
    expect(MediaSchema.parse(await cleared.json()).community).toBeNull();
    // Only admins.
    expect(
      (
        await viewer.http(`/api/admin/media/${manga.id}`, {
          method: 'PATCH',
          json: { communityId: own.id },
        })
      ).status,
    ).toBe(403);
  });

  it('keeps blurUnwatchedThumbnails per user (off by default)', async () => {
    const someone = await createUser(t);
    const read = async () =>
      SettingsSchema.parse(await (await someone.http('/api/me/settings')).json());
    expect((await read()).blurUnwatchedThumbnails).toBe(false);
    const res = await someone.http('/api/me/settings', {
      method: 'PATCH',
      json: { blurUnwatchedThumbnails: true },
    });
    expect(res.status).toBe(200);
    expect((await read()).blurUnwatchedThumbnails).toBe(true);
    expect(
      (await SettingsSchema.parse(await (await viewer.http('/api/me/settings')).json()))
        .blurUnwatchedThumbnails,
    ).toBe(false);
  });
});
