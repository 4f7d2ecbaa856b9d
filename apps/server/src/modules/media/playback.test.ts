import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_RULES, PlaybackStateSchema, type LiveEvent } from '@otakura/shared';
import { newId } from '../../lib/ids';
import { buildTestApp, type TestApp } from '../../test/app';
import { createMedia, createUser, type TestUser } from '../../test/factories';
import {
  addEpisode,
  expectError,
  heartbeat,
  openPlayback,
  rewindSession,
  sessionRow,
  viewCountMismatches,
  views,
} from './media-units.test-helpers';
import { creditMs, reachesView, resumeAt } from './playback.service';

let t: TestApp;
let events: LiveEvent[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  t.ctx.live.subscribe((e) => events.push(e));
});
afterAll(async () => {
  await t?.close();
});

/** A video series with one episode of `durationSeconds` (default 24 minutes). */
async function episodeOf(durationSeconds: number | null = 1440) {
  const m = await createMedia(t, { kind: 'video' });
  const episode = await addEpisode(t, m.id, 1, { durationSeconds });
  return { mediaId: m.id, episodeId: episode.id };
}

const playing = (positionSeconds: number) => ({ positionSeconds, playing: true });

/** Plays `ms` of server time in one heartbeat (the session's last beat moved back first). */
async function play(who: TestUser, sessionId: string, ms: number, positionSeconds = 0) {
  await rewindSession(t, sessionId, ms);
  return heartbeat(who, sessionId, playing(positionSeconds));
}

function close(who: TestUser, sessionId: string, body: unknown, contentType = 'application/json') {
  return who.http(`/api/playback/${sessionId}/close`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: JSON.stringify(body),
  });
}

describe('the view rules (pure)', () => {
  it('credits server time only while playing, capped at heartbeatMaxCreditMs', () => {
    expect(creditMs(4000, true)).toBe(4000);
    expect(creditMs(60_000, true)).toBe(MEDIA_RULES.heartbeatMaxCreditMs);
    expect(creditMs(60_000, false)).toBe(0);
    expect(creditMs(-50, true)).toBe(0);
  });

  it('counts at the threshold, or past half of a clip shorter than twice it', () => {
    expect(reachesView(9_999, 1440)).toBe(false);
    expect(reachesView(10_000, 1440)).toBe(true);
    expect(reachesView(10_000, null)).toBe(true);
    expect(reachesView(3_000, 6)).toBe(false);
    expect(reachesView(3_001, 6)).toBe(true);
    expect(reachesView(10_000, 20)).toBe(true);
  });

  it('resumes at the saved position unless watched or near the end', () => {
    expect(resumeAt(undefined, 100)).toBe(0);
    expect(resumeAt({ positionSeconds: 42, watched: false }, 100)).toBe(42);
    expect(resumeAt({ positionSeconds: 42, watched: true }, 100)).toBe(0);
    expect(resumeAt({ positionSeconds: 96, watched: false }, 100)).toBe(0);
    expect(resumeAt({ positionSeconds: 94, watched: false }, 100)).toBe(94);
  });
});

describe('POST /api/playback/:sessionId/heartbeat', () => {
  it('counts no view before 10 s of credited playback, then exactly one, with a live media.views', async () => {
    const viewer = await createUser(t);
    const { mediaId, episodeId } = await episodeOf();
    const { sessionId } = await openPlayback(viewer, episodeId);
    events = [];

    let state = await play(viewer, sessionId, 4000, 4);
    expect(state).toMatchObject({ viewCounted: false, viewCount: 0 });
    state = await play(viewer, sessionId, 4000, 8);
    expect(state).toMatchObject({ viewCounted: false, viewCount: 0 });
    const before = await sessionRow(t, sessionId);
    expect(before.watchedMs).toBeGreaterThanOrEqual(8000);
    expect(before.watchedMs).toBeLessThan(MEDIA_RULES.viewThresholdMs);
    expect(await views(t, mediaId)).toEqual({ rows: 0, count: 0 });

    state = await play(viewer, sessionId, 2500, 11);
    expect(state).toMatchObject({ viewCounted: true, viewCount: 1 });
    expect(await sessionRow(t, sessionId)).toMatchObject({ counted: true, closed: false });
    expect(await views(t, mediaId)).toEqual({ rows: 1, count: 1 });
    expect(events.filter((e) => e.type === 'media.views')).toEqual([
      { type: 'media.views', topic: `media:${mediaId}`, mediaId, viewCount: 1 },
    ]);

    // Playing on in the same session counts nothing more.
    state = await play(viewer, sessionId, 7000, 18);
    expect(state).toMatchObject({ viewCounted: true, viewCount: 1 });
    expect(await views(t, mediaId)).toEqual({ rows: 1, count: 1 });
    expect(events.filter((e) => e.type === 'media.views')).toHaveLength(1);
  });

  it('credits nothing for paused heartbeats, however long the pause', async () => {
    const viewer = await createUser(t);
    const { mediaId, episodeId } = await episodeOf();
    const { sessionId } = await openPlayback(viewer, episodeId);
    for (let i = 0; i < 3; i++) {
      await rewindSession(t, sessionId, 60_000);
      const state = await heartbeat(viewer, sessionId, { positionSeconds: 30, playing: false });
      expect(state.viewCounted).toBe(false);
    }
    expect(await sessionRow(t, sessionId)).toMatchObject({ watchedMs: 0, counted: false });
    expect(await views(t, mediaId)).toEqual({ rows: 0, count: 0 });
  });

  it('credits at most 7.5 s for a heartbeat after a long gap', async () => {
    const viewer = await createUser(t);
    const { mediaId, episodeId } = await episodeOf();
    const { sessionId } = await openPlayback(viewer, episodeId);
    const state = await play(viewer, sessionId, 10 * 60_000, 600);
    expect(state.viewCounted).toBe(false);
    expect((await sessionRow(t, sessionId)).watchedMs).toBe(MEDIA_RULES.heartbeatMaxCreditMs);
    expect(await views(t, mediaId)).toEqual({ rows: 0, count: 0 });
  });

  it('credits no time for seeking: positions that jump are not playback', async () => {
    const viewer = await createUser(t);
    const { mediaId, episodeId } = await episodeOf();
    const { sessionId } = await openPlayback(viewer, episodeId);
    for (const position of [0, 300, 900, 1200]) {
      const state = await heartbeat(viewer, sessionId, playing(position));
      expect(state.viewCounted).toBe(false);
      expect(state.progress.positionSeconds).toBe(position);
    }
    // Only the real time between these requests was credited, far from 20 minutes.
    expect((await sessionRow(t, sessionId)).watchedMs).toBeLessThan(
      MEDIA_RULES.viewThresholdMs / 2,
    );
    expect(await views(t, mediaId)).toEqual({ rows: 0, count: 0 });
  });

  it('does not inflate on refresh: a new session starts from no credited time', async () => {
    const viewer = await createUser(t);
    const { mediaId, episodeId } = await episodeOf();
    const first = await openPlayback(viewer, episodeId);
    await play(viewer, first.sessionId, 4000, 4);
    await play(viewer, first.sessionId, 4000, 8);

    const second = await openPlayback(viewer, episodeId);
    const state = await heartbeat(viewer, second.sessionId, playing(9));
    expect(state.viewCounted).toBe(false);
    expect((await sessionRow(t, second.sessionId)).watchedMs).toBeLessThan(
      MEDIA_RULES.viewThresholdMs / 2,
    );
    expect(await views(t, mediaId)).toEqual({ rows: 0, count: 0 });
  });

  it('counts at most one view per user and episode per hour: a second session within the hour does not, after the hour it does', async () => {
    const viewer = await createUser(t);
    const other = await createUser(t);
    const { mediaId, episodeId } = await episodeOf();

    const s1 = await openPlayback(viewer, episodeId);
    await play(viewer, s1.sessionId, 7500);
    expect(await play(viewer, s1.sessionId, 7500)).toMatchObject({
      viewCounted: true,
      viewCount: 1,
    });

    const s2 = await openPlayback(viewer, episodeId);
    await play(viewer, s2.sessionId, 7500);
    expect(await play(viewer, s2.sessionId, 7500)).toMatchObject({
      viewCounted: false,
      viewCount: 1,
    });
    expect(await sessionRow(t, s2.sessionId)).toMatchObject({ counted: false });

    // Someone else's view is theirs: the window is per user.
    const s3 = await openPlayback(other, episodeId);
    await play(other, s3.sessionId, 7500);
    expect(await play(other, s3.sessionId, 7500)).toMatchObject({
      viewCounted: true,
      viewCount: 2,
    });

    // An hour and a minute later (the viewer's view moved back in time).
    await t.database.db.execute(
      sql`update media_views set created_at = created_at - interval '61 minutes'
          where user_id = ${viewer.user.id}::uuid`,
    );
    const s4 = await openPlayback(viewer, episodeId);
    await play(viewer, s4.sessionId, 7500);
    expect(await play(viewer, s4.sessionId, 7500)).toMatchObject({
      viewCounted: true,
      viewCount: 3,
    });
    expect(await views(t, mediaId)).toEqual({ rows: 3, count: 3 });
  });

  it('counts one view when five sessions of one user reach the threshold at once (a real race on PostgreSQL; serialised on PGlite)', async () => {
    const viewer = await createUser(t);
    const { mediaId, episodeId } = await episodeOf();
    const sessions = await Promise.all(
      Array.from({ length: 5 }, () => openPlayback(viewer, episodeId)),
    );
    for (const s of sessions) {
      await play(viewer, s.sessionId, 5000);
      await rewindSession(t, s.sessionId, 7500);
    }
    const states = await Promise.all(
      sessions.map((s) => heartbeat(viewer, s.sessionId, playing(12))),
    );
    expect(states.filter((s) => s.viewCounted)).toHaveLength(1);
    expect(await views(t, mediaId)).toEqual({ rows: 1, count: 1 });
  });

  it('counts a short clip after more than half of it: a 6 s clip at over 3 s', async () => {
    const viewer = await createUser(t);
    const { mediaId, episodeId } = await episodeOf(6);
    const { sessionId } = await openPlayback(viewer, episodeId);
    expect(await play(viewer, sessionId, 2000, 2)).toMatchObject({ viewCounted: false });
    expect(await play(viewer, sessionId, 1500, 3.5)).toMatchObject({
      viewCounted: true,
      viewCount: 1,
    });
    expect(await views(t, mediaId)).toEqual({ rows: 1, count: 1 });
  });

  it("takes a short clip's duration from the heartbeat when the episode has none stored", async () => {
    const viewer = await createUser(t);
    const { mediaId, episodeId } = await episodeOf(null);
    const { sessionId } = await openPlayback(viewer, episodeId);
    await rewindSession(t, sessionId, 3500);
    const state = await heartbeat(viewer, sessionId, {
      positionSeconds: 3.5,
      playing: true,
      durationSeconds: 6,
    });
    expect(state).toMatchObject({ viewCounted: true, viewCount: 1 });
    expect(await views(t, mediaId)).toEqual({ rows: 1, count: 1 });
  });

  it('saves the position, marks the episode watched at 90 % and keeps it watched', async () => {
    const viewer = await createUser(t);
    const { episodeId } = await episodeOf(100);
    const { sessionId } = await openPlayback(viewer, episodeId);
    let state = await heartbeat(viewer, sessionId, playing(89));
    expect(state.progress).toMatchObject({ positionSeconds: 89, watched: false });
    state = await heartbeat(viewer, sessionId, playing(90));
    expect(state.progress).toMatchObject({ positionSeconds: 90, watched: true });
    state = await heartbeat(viewer, sessionId, { positionSeconds: 10, playing: false });
    expect(state.progress).toMatchObject({ positionSeconds: 10, watched: true });
    // A position past the end is saved as the end.
    state = await heartbeat(viewer, sessionId, playing(5000));
    expect(state.progress.positionSeconds).toBe(100);
  });

  it('is not held back by write rate limits: heartbeats are frequent by design', async () => {
    const viewer = await createUser(t);
    const { episodeId } = await episodeOf();
    const { sessionId } = await openPlayback(viewer, episodeId);
    for (let i = 0; i < 40; i++) await heartbeat(viewer, sessionId, playing(i));
  });

  it("answers 404 playback_not_found for someone else's, unknown or malformed sessions, 401 signed out", async () => {
    const owner = await createUser(t);
    const intruder = await createUser(t);
    const { episodeId } = await episodeOf();
    const { sessionId } = await openPlayback(owner, episodeId);
    await rewindSession(t, sessionId, 7500);
    for (const id of [sessionId, newId(), 'nope']) {
      await expectError(
        await intruder.http(`/api/playback/${id}/heartbeat`, { method: 'POST', json: playing(5) }),
        404,
        'playback_not_found',
      );
      await expectError(await close(intruder, id, playing(5)), 404, 'playback_not_found');
    }
    // The intruder's attempts changed nothing.
    expect(await sessionRow(t, sessionId)).toEqual({ watchedMs: 0, counted: false, closed: false });
    await expectError(
      await t.http(`/api/playback/${sessionId}/heartbeat`, { method: 'POST', json: playing(5) }),
      401,
      'unauthorized',
    );
  });

  it('refuses a malformed heartbeat with 400 naming the field', async () => {
    const viewer = await createUser(t);
    const { episodeId } = await episodeOf();
    const { sessionId } = await openPlayback(viewer, episodeId);
    const error = await expectError(
      await viewer.http(`/api/playback/${sessionId}/heartbeat`, {
        method: 'POST',
        json: { positionSeconds: -1, playing: true },
      }),
      400,
      'validation_error',
    );
    expect(error.details?.map((d) => d.path)).toContain('positionSeconds');
  });
});

describe('POST /api/playback/:sessionId/close', () => {
  it('applies the final heartbeat from a sendBeacon text/plain JSON body, then the session is closed', async () => {
    const viewer = await createUser(t);
    const { mediaId, episodeId } = await episodeOf();
    const { sessionId } = await openPlayback(viewer, episodeId);
    await play(viewer, sessionId, 7500, 7);
    await rewindSession(t, sessionId, 7500);

    const res = await close(viewer, sessionId, playing(15), 'text/plain;charset=UTF-8');
    expect(res.status, await res.clone().text()).toBe(200);
    const state = PlaybackStateSchema.parse(await res.json());
    expect(state).toMatchObject({
      viewCounted: true,
      viewCount: 1,
      progress: { positionSeconds: 15, watched: false },
    });
    expect(await sessionRow(t, sessionId)).toMatchObject({ counted: true, closed: true });

    // Closed: heartbeats are refused; closing again changes nothing and answers the state.
    await expectError(
      await viewer.http(`/api/playback/${sessionId}/heartbeat`, {
        method: 'POST',
        json: playing(20),
      }),
      404,
      'playback_not_found',
    );
    await rewindSession(t, sessionId, 7500);
    const again = await close(viewer, sessionId, playing(99));
    expect(again.status).toBe(200);
    expect(PlaybackStateSchema.parse(await again.json())).toEqual(state);
    expect(await views(t, mediaId)).toEqual({ rows: 1, count: 1 });
  });

  it('refuses a text/plain body that is not JSON, or JSON of the wrong shape, with 400', async () => {
    const viewer = await createUser(t);
    const { episodeId } = await episodeOf();
    const { sessionId } = await openPlayback(viewer, episodeId);
    const garbage = await viewer.http(`/api/playback/${sessionId}/close`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'not json {',
    });
    await expectError(garbage, 400, 'validation_error');
    const error = await expectError(
      await close(viewer, sessionId, { positionSeconds: 'x', playing: true }, 'text/plain'),
      400,
      'validation_error',
    );
    expect(error.details?.map((d) => d.path)).toContain('positionSeconds');
    expect(await sessionRow(t, sessionId)).toMatchObject({ closed: false });
  });
});

describe('POST /api/episodes/:episodeId/playback', () => {
  it('resumes where the viewer stopped, from the start when watched or near the end', async () => {
    const viewer = await createUser(t);
    const { episodeId } = await episodeOf(100);
    const first = await openPlayback(viewer, episodeId);
    expect(first).toEqual({
      sessionId: expect.any(String),
      resumeAtSeconds: 0,
      heartbeatIntervalMs: MEDIA_RULES.heartbeatIntervalMs,
    });
    await heartbeat(viewer, first.sessionId, playing(42.5));
    expect(
      (await close(viewer, first.sessionId, { positionSeconds: 43, playing: false })).status,
    ).toBe(200);

    const second = await openPlayback(viewer, episodeId);
    expect(second.resumeAtSeconds).toBe(43);
    expect(second.sessionId).not.toBe(first.sessionId);

    // Someone else starts at 0.
    expect((await openPlayback(await createUser(t), episodeId)).resumeAtSeconds).toBe(0);

    // Within resumeTailSeconds of the end, not yet watched (35.5 s of 40 s is under 90 %): from 0.
    const { episodeId: short } = await episodeOf(40);
    const s = await openPlayback(viewer, short);
    const tail = await heartbeat(viewer, s.sessionId, playing(35.5));
    expect(tail.progress).toMatchObject({ positionSeconds: 35.5, watched: false });
    expect((await openPlayback(viewer, short)).resumeAtSeconds).toBe(0);

    // Watched, then paused early: from 0.
    await heartbeat(viewer, second.sessionId, playing(95));
    await heartbeat(viewer, second.sessionId, playing(20));
    expect((await openPlayback(viewer, episodeId)).resumeAtSeconds).toBe(0);
  });

  it('answers 404 episode_not_found for unknown and malformed ids, 401 signed out', async () => {
    const viewer = await createUser(t);
    for (const id of [newId(), 'nope']) {
      await expectError(
        await viewer.http(`/api/episodes/${id}/playback`, { method: 'POST' }),
        404,
        'episode_not_found',
      );
    }
    const { episodeId } = await episodeOf();
    await expectError(
      await t.http(`/api/episodes/${episodeId}/playback`, { method: 'POST' }),
      401,
      'unauthorized',
    );
  });
});

describe('view counters', () => {
  it('keep media.view_count equal to the view rows after everything above', async () => {
    expect(await viewCountMismatches(t)).toEqual([]);
  });
});
