/**
 * Two servers on one PostgreSQL database sharing one Redis: a per-user write limit holds
 * across both. Runs in the PostgreSQL pass (DATABASE_URL set) and needs the local Redis.
 */
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBodySchema } from '@otakura/shared';
import type { TestApp } from '../test/app';
import { createCommunity, createUser, withCookie } from '../test/factories';
import { flushRedisPrefix, openTestRedis, REDIS_TEST_URL, uniqueRedisPrefix } from '../test/redis';
import { buildSharedDbApps, type SharedDbApps } from '../test/shared-db-apps';
import { writeLimitSettings } from './write-rate-limits';

describe.runIf(process.env.DATABASE_URL)(
  'per-user rate limits across two servers sharing Redis',
  () => {
    const prefix = uniqueRedisPrefix();
    let redis: Redis;
    let shared: SharedDbApps;
    let a: TestApp;
    let b: TestApp;

    beforeAll(async () => {
      redis = await openTestRedis();
      shared = await buildSharedDbApps(2, { REDIS_URL: REDIS_TEST_URL, REDIS_KEY_PREFIX: prefix });
      [a, b] = shared.apps as [TestApp, TestApp];
      for (const t of [a, b]) writeLimitSettings(t.ctx).createPost.max = 3;
    }, 120_000);
    afterAll(async () => {
      await shared?.close();
      await flushRedisPrefix(redis, prefix);
      await redis?.quit();
    });

    it('3 posts allowed in total: 2 through A, 1 through B, the 4th refused on B and on A', async () => {
      const community = (await createCommunity(a)).id;
      const u = await createUser(a); // one database: the session works on B too
      const on = (t: TestApp, i: number) =>
        withCookie(t, u.cookie)('/api/posts', {
          method: 'POST',
          json: { title: `Post ${i}`, communityId: community },
        });
      for (const [i, t] of [a, a, b].entries()) {
        const res = await on(t, i);
        expect(res.status, await res.text()).toBe(201);
      }
      for (const t of [b, a]) {
        const res = await on(t, 9);
        expect(res.status).toBe(429);
        expect(ApiErrorBodySchema.parse(await res.json()).error.code).toBe('rate_limited');
      }
    });
  },
);
