/**
 * Two servers on one PostgreSQL database: a write through server A reaches a socket
 * connected to server B (LISTEN/NOTIFY). Runs in the PostgreSQL pass (DATABASE_URL set)
 * and fails there if the bus does not carry events between servers.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CommentSchema, LikeStateSchema } from '@otakura/shared';
import type { TestApp } from '../../test/app';
import { createPost, createUser } from '../../test/factories';
import { buildSharedDbApps, type SharedDbApps } from '../../test/shared-db-apps';
import { LIVE_CLOSE } from './live-hub';
import { openLive, type LiveTestClient } from './live.test-helpers';

describe.runIf(process.env.DATABASE_URL)('live events across two servers on one PostgreSQL', () => {
  let shared: SharedDbApps;
  let a: TestApp;
  let b: TestApp;
  const clients: LiveTestClient[] = [];

  beforeAll(async () => {
    shared = await buildSharedDbApps(2);
    [a, b] = shared.apps as [TestApp, TestApp];
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await shared?.close();
  });

  it('uses the PostgreSQL bus on both servers', () => {
    expect(a.ctx.live.kind).toBe('postgres');
    expect(b.ctx.live.kind).toBe('postgres');
    expect(a.ctx.live).not.toBe(b.ctx.live);
  });

  it('delivers a comment, a like and an edit made through server A to a socket on server B', async () => {
    const writer = await createUser(a);
    const watcher = await createUser(a); // same database: the session is valid on B too
    const post = await createPost(a, { userId: watcher.user.id });

    const onB = await openLive(b.url, { cookie: watcher.cookie, origin: b.config.publicUrl });
    clients.push(onB);
    await onB.subscribe([`post:${post.id}`]);

    const created = await writer.http(`/api/posts/${post.id}/comments`, {
      method: 'POST',
      json: { body: 'via A' },
    });
    expect(created.status).toBe(201);
    const comment = CommentSchema.parse(await created.json());
    expect(
      await onB.next('comment.created', (e) => e.commentId === comment.id, 1000),
    ).toMatchObject({
      topic: `post:${post.id}`,
      commentCount: 1,
    });

    const liked = await watcher.http(`/api/comments/${comment.id}/like`, { method: 'PUT' });
    expect(LikeStateSchema.parse(await liked.json())).toEqual({ liked: true, likeCount: 1 });
    expect(await onB.next('comment.liked', undefined, 1000)).toMatchObject({
      commentId: comment.id,
      likeCount: 1,
      actorId: watcher.user.id,
    });

    await writer.http(`/api/comments/${comment.id}`, {
      method: 'PATCH',
      json: { body: 'edited via A' },
    });
    expect(await onB.next('comment.updated', undefined, 1000)).toMatchObject({
      commentId: comment.id,
    });

    // Each event arrived once, not once per server.
    await onB.roundTrip();
    await new Promise((r) => setTimeout(r, 150));
    expect(onB.events.filter((e) => e.type.startsWith('comment.')).map((e) => e.type)).toEqual([
      'comment.created',
      'comment.liked',
      'comment.updated',
    ]);
  });

  it('also delivers to a socket on the server that made the write, once', async () => {
    const writer = await createUser(a);
    const watcher = await createUser(a);
    const post = await createPost(a, { userId: watcher.user.id });
    const onA = await openLive(a.url, { cookie: watcher.cookie, origin: a.config.publicUrl });
    const onB = await openLive(b.url, { cookie: watcher.cookie, origin: b.config.publicUrl });
    clients.push(onA, onB);
    await onA.subscribe([`post:${post.id}`]);
    await onB.subscribe([`post:${post.id}`]);

    await writer.http(`/api/posts/${post.id}/comments`, { method: 'POST', json: { body: 'both' } });
    await onA.next('comment.created', undefined, 1000);
    await onB.next('comment.created', undefined, 1000);
    await new Promise((r) => setTimeout(r, 150));
    expect(onA.events.filter((e) => e.type === 'comment.created')).toHaveLength(1);
    expect(onB.events.filter((e) => e.type === 'comment.created')).toHaveLength(1);
  });
  it("closes a suspended user's sockets on every server at once (session.revoked over the bus)", async () => {
    const moderator = await createUser(a, { role: 'moderator' });
    const target = await createUser(a);
    const onA = await openLive(a.url, { cookie: target.cookie, origin: a.config.publicUrl });
    const onB = await openLive(b.url, { cookie: target.cookie, origin: b.config.publicUrl });
    clients.push(onA, onB);
    await onA.roundTrip();
    await onB.roundTrip();
    const res = await moderator.http(`/api/moderation/users/${target.user.id}/suspend`, {
      method: 'POST',
      json: { reason: 'Spam', durationDays: 1 },
    });
    expect(res.status).toBe(200);
    expect(await onA.closed).toMatchObject({ code: LIVE_CLOSE.unauthorized });
    expect(await onB.closed).toMatchObject({ code: LIVE_CLOSE.unauthorized });
  });
});
