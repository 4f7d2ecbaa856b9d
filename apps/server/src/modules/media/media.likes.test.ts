import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LikeStateSchema, MediaSchema } from '@otakura/shared';
import { queryRows } from '../../db/client';
import { newId } from '../../lib/ids';
import { buildTestApp, type TestApp } from '../../test/app';
import { counterMismatches, createMedia, createUser, type TestUser } from '../../test/factories';
import { openLive } from '../live/live.test-helpers';
import { expectError } from './media.test-helpers';

let t: TestApp;
let alice: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await createUser(t);
});
afterAll(async () => {
  await t?.close();
});

async function likeVia(who: TestUser, mediaId: string, method: 'PUT' | 'DELETE') {
  const res = await who.http(`/api/media/${mediaId}/like`, { method });
  expect(res.status, await res.clone().text()).toBe(200);
  return LikeStateSchema.parse(await res.json());
}

async function counts(mediaId: string) {
  const [row] = await queryRows<{ counter: number; rows: number }>(
    t.database.db,
    sql`select m.like_count as counter,
        (select count(*) from media_likes l where l.media_id = m.id)::int as rows
      from media m where m.id = ${mediaId}::uuid`,
  );
  return row!;
}

describe('PUT / DELETE /api/media/:mediaId/like', () => {
  it('likes and unlikes idempotently, the landing says likedByMe', async () => {
    const entry = await createMedia(t);
    expect(await likeVia(alice, entry.id, 'PUT')).toEqual({ liked: true, likeCount: 1 });
    expect(await likeVia(alice, entry.id, 'PUT')).toEqual({ liked: true, likeCount: 1 });
    const bob = await createUser(t);
    expect(await likeVia(bob, entry.id, 'PUT')).toEqual({ liked: true, likeCount: 2 });
    const landing = MediaSchema.parse(await (await alice.http(`/api/media/${entry.id}`)).json());
    expect(landing).toMatchObject({ likedByMe: true, likeCount: 2 });

    expect(await likeVia(alice, entry.id, 'DELETE')).toEqual({ liked: false, likeCount: 1 });
    expect(await likeVia(alice, entry.id, 'DELETE')).toEqual({ liked: false, likeCount: 1 });
    expect(await counts(entry.id)).toEqual({ counter: 1, rows: 1 });
    expect(await counterMismatches(t)).toEqual([]);
  });

  it('publishes media.liked on media:{id} when the count changed, and nothing when it did not', async () => {
    const entry = await createMedia(t);
    const watcher = await createUser(t);
    const c = await openLive(t.url, { cookie: watcher.cookie, origin: t.config.publicUrl });
    try {
      const subscribed = await c.subscribe([`media:${entry.id}`]);
      expect(subscribed.topics).toEqual([`media:${entry.id}`]);
      await likeVia(alice, entry.id, 'PUT');
      expect(await c.next('media.liked')).toEqual({
        type: 'media.liked',
        topic: `media:${entry.id}`,
        mediaId: entry.id,
        likeCount: 1,
        actorId: alice.user.id,
      });
      await likeVia(alice, entry.id, 'PUT');
      await likeVia(alice, entry.id, 'DELETE');
      // The repeated like published nothing: the next event is the unlike.
      expect(await c.next('media.liked')).toMatchObject({ likeCount: 0 });
      await c.roundTrip();
      expect(c.events.filter((e) => e.type === 'media.liked')).toHaveLength(2);
    } finally {
      await c.close();
    }
  });

  it('answers 404 for unknown and malformed ids and 401 signed out, changing nothing', async () => {
    for (const id of [newId(), 'not-an-id']) {
      await expectError(
        await alice.http(`/api/media/${id}/like`, { method: 'PUT' }),
        404,
        'media_not_found',
      );
      await expectError(
        await alice.http(`/api/media/${id}/like`, { method: 'DELETE' }),
        404,
        'media_not_found',
      );
    }
    const entry = await createMedia(t);
    await expectError(
      await t.http(`/api/media/${entry.id}/like`, { method: 'PUT' }),
      401,
      'unauthorized',
    );
    expect(await counts(entry.id)).toEqual({ counter: 0, rows: 0 });
  });

  it('keeps like_count equal to the like rows under 30 parallel likes and unlikes from several users (a real race on PostgreSQL; serialised on PGlite)', async () => {
    const entry = await createMedia(t);
    const likers = await Promise.all([1, 2, 3, 4, 5].map(() => createUser(t)));
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => {
        const who = likers[i % likers.length]!;
        const method = (i * 7) % 3 === 0 ? 'DELETE' : 'PUT';
        return who.http(`/api/media/${entry.id}/like`, { method });
      }),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(30).fill(200));
    const { counter, rows } = await counts(entry.id);
    expect(counter).toBe(rows);
    const final = MediaSchema.parse(await (await alice.http(`/api/media/${entry.id}`)).json());
    expect(final.likeCount).toBe(rows);
    expect(await counterMismatches(t)).toEqual([]);
  });
});
