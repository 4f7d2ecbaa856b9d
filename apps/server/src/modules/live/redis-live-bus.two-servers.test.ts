/**
 * Two servers on one PostgreSQL database with LIVE_BUS=redis: a write through server A
 * reaches a socket connected to server B through Redis pub/sub, once. Runs in the
 * PostgreSQL pass (DATABASE_URL set; PGlite is one process) and needs the local Redis.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CommentSchema } from '@otakura/shared';
import type { TestApp } from '../../test/app';
import { createPost, createUser } from '../../test/factories';
import { REDIS_TEST_URL, uniqueRedisPrefix } from '../../test/redis';
import { buildSharedDbApps, type SharedDbApps } from '../../test/shared-db-apps';
import { openLive, type LiveTestClient } from './live.test-helpers';
import type { RedisLiveBus } from './redis-live-bus';

describe.runIf(process.env.DATABASE_URL)('live events across two servers through Redis', () => {
  let shared: SharedDbApps;
  let a: TestApp;
  let b: TestApp;
  const clients: LiveTestClient[] = [];

  beforeAll(async () => {
    shared = await buildSharedDbApps(2, {
      REDIS_URL: REDIS_TEST_URL,
      REDIS_KEY_PREFIX: uniqueRedisPrefix(),
      LIVE_BUS: 'redis',
    });
    [a, b] = shared.apps as [TestApp, TestApp];
    await Promise.all([a, b].map((t) => (t.ctx.live as RedisLiveBus).ready()));
  }, 120_000);
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await shared?.close();
  });

  it('uses the Redis bus on both servers (LIVE_BUS=redis wins over the PostgreSQL default)', () => {
    expect(a.ctx.live.kind).toBe('redis');
    expect(b.ctx.live.kind).toBe('redis');
    expect(a.ctx.live).not.toBe(b.ctx.live);
  });

  it('delivers a comment made through server A to a socket on server B, and to one on A, once each', async () => {
    const writer = await createUser(a);
    const watcher = await createUser(a);
    const post = await createPost(a, { userId: watcher.user.id });
    const onA = await openLive(a.url, { cookie: watcher.cookie, origin: a.config.publicUrl });
    const onB = await openLive(b.url, { cookie: watcher.cookie, origin: b.config.publicUrl });
    clients.push(onA, onB);
    await onA.subscribe([`post:${post.id}`]);
    await onB.subscribe([`post:${post.id}`]);

    const created = await writer.http(`/api/posts/${post.id}/comments`, {
      method: 'POST',
      json: { body: 'via A, through Redis' },
    });
    expect(created.status).toBe(201);
    const comment = CommentSchema.parse(await created.json());
    expect(
      await onB.next('comment.created', (e) => e.commentId === comment.id, 2000),
    ).toMatchObject({ topic: `post:${post.id}`, commentCount: 1 });
    await onA.next('comment.created', (e) => e.commentId === comment.id, 2000);

    await onA.roundTrip();
    await onB.roundTrip();
    await new Promise((r) => setTimeout(r, 150));
    expect(onA.events.filter((e) => e.type === 'comment.created')).toHaveLength(1);
    expect(onB.events.filter((e) => e.type === 'comment.created')).toHaveLength(1);
  });
});
