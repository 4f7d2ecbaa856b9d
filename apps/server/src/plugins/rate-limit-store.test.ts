/**
 * Where rate limits count: with REDIS_URL every server shares one budget (counters in Redis),
 * without it each process counts for itself; Redis going away mid-run lets requests through
 * and counting resumes when it is back. Needs the local Redis (test/redis.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBodySchema, CHALLENGE_PATH } from '@otakura/shared';
import { ConfigError, loadConfig } from '../config/env';
import { AUTH_RATE_LIMITS } from '../modules/auth/auth.rate-limit';
import { uploadsSettings } from '../modules/uploads/uploads.settings';
import { closeRedis, createRedisClient, waitForRedis } from '../lib/redis';
import { buildTestApp, type TestApp } from '../test/app';
import {
  flushRedisPrefix,
  keysUnder,
  openTestRedis,
  REDIS_TEST_URL,
  uniqueRedisPrefix,
} from '../test/redis';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy';
import type { RedisLiveBus } from '../modules/live/redis-live-bus';
import { redisRateLimitStore } from './rate-limit-store';

const CHALLENGE_MAX = AUTH_RATE_LIMITS.challengeIp.max;

/** A fresh client address for each test, so limits of one test never touch another. */
const newIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

const challenge = (t: TestApp, ip: string) =>
  t.http(CHALLENGE_PATH, { headers: { 'x-forwarded-for': ip } });

async function expectLimited(res: Response): Promise<void> {
  const text = await res.text();
  expect(res.status, text).toBe(429);
  expect(ApiErrorBodySchema.parse(JSON.parse(text)).error.code).toBe('rate_limited');
}

let redis: Redis;
beforeAll(async () => {
  redis = await openTestRedis();
});
afterAll(async () => {
  await redis?.quit();
});

describe('rate limits with REDIS_URL: one budget across two servers', () => {
  const prefix = uniqueRedisPrefix();
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    const env = { REDIS_URL: REDIS_TEST_URL, REDIS_KEY_PREFIX: prefix };
    [a, b] = await Promise.all([buildTestApp(env), buildTestApp(env)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await flushRedisPrefix(redis, prefix);
  });

  it(`an auth limit of ${CHALLENGE_MAX}: half through each server, then the next one on either is refused`, async () => {
    const ip = newIp();
    for (let i = 0; i < CHALLENGE_MAX; i++) {
      const res = await challenge(i % 2 ? b : a, ip);
      expect(res.status, await res.text()).toBe(200);
    }
    await expectLimited(await challenge(b, ip));
    await expectLimited(await challenge(a, ip));
    // Another address still has its whole budget.
    expect((await challenge(b, newIp())).status).toBe(200);
    // The counters are in Redis, under this deployment's prefix.
    expect(await redis.get(`${prefix}rl:auth:challengeIp:${ip}`)).toBe(String(CHALLENGE_MAX + 2));
    expect(await redis.pttl(`${prefix}rl:auth:challengeIp:${ip}`)).toBeGreaterThan(0);
  });

  it('a route-level limit (uploads) is shared too', async () => {
    for (const t of [a, b]) uploadsSettings(t.ctx).uploadRateLimit.max = 3;
    const ip = newIp();
    const upload = (t: TestApp) =>
      t.http('/api/uploads', { method: 'POST', headers: { 'x-forwarded-for': ip } });
    // Signed out: counted per address, then answered 401 by the route.
    for (const t of [a, b, a]) expect((await upload(t)).status).toBe(401);
    await expectLimited(await upload(b));
    expect(await redis.get(`${prefix}rl:POST /api/uploads:post-upload:${ip}`)).toBe('4');
  });
});

describe('rate limits without REDIS_URL: each server counts for itself', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    [a, b] = await Promise.all([buildTestApp(), buildTestApp()]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it(`server B still allows an address that used its ${CHALLENGE_MAX} on server A`, async () => {
    const ip = newIp();
    for (let i = 0; i < CHALLENGE_MAX; i++) expect((await challenge(a, ip)).status).toBe(200);
    await expectLimited(await challenge(a, ip));
    expect((await challenge(b, ip)).status).toBe(200);
  });
});

describe('rate limits when Redis goes away mid-run', () => {
  const prefix = uniqueRedisPrefix();
  let proxy: TcpProxy;
  let t: TestApp;

  beforeAll(async () => {
    proxy = await startTcpProxy(Number(new URL(REDIS_TEST_URL).port || 6379));
    t = await buildTestApp({
      REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
      REDIS_KEY_PREFIX: prefix,
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await flushRedisPrefix(redis, prefix);
  });

  it('lets requests through at once while Redis is away, and counts again once it is back', async () => {
    const ip = newIp();
    const counter = async () => {
      const [key] = (await keysUnder(redis, prefix)).filter((k) => k.includes(ip));
      return key ? Number(await redis.get(key)) : 0;
    };
    expect((await challenge(t, ip)).status).toBe(200);
    expect((await challenge(t, ip)).status).toBe(200);
    expect(await counter()).toBe(2);

    await proxy.cut();
    // More than the whole budget while Redis is away: none refused, none slow, none failed.
    for (let i = 0; i < CHALLENGE_MAX + 5; i++) {
      const started = Date.now();
      const res = await challenge(t, ip);
      expect(res.status, await res.text()).toBe(200);
      expect(Date.now() - started).toBeLessThan(1500);
    }
    expect(await counter()).toBe(2);

    await proxy.restore();
    // The client reconnects on its own; requests count again from where Redis left off.
    const deadline = Date.now() + 15_000;
    while ((await counter()) === 2) {
      if (Date.now() > deadline)
        throw new Error('rate limits did not count again after Redis returned');
      expect((await challenge(t, ip)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 50));
    }
    let used = await counter();
    while (used < CHALLENGE_MAX) {
      expect((await challenge(t, ip)).status).toBe(200);
      used += 1;
    }
    await expectLimited(await challenge(t, ip));
  }, 60_000);
});

describe('Redis connections of one server', () => {
  it('rate limits, the sign-in backoff and the Redis live bus open four named connections, all closed with the app', async () => {
    const prefix = uniqueRedisPrefix();
    const names = async () =>
      ((await redis.client('LIST')) as string)
        .split('\n')
        .map((line) => /\bname=(\S*)/.exec(line)?.[1] ?? '')
        .filter((name) => name.startsWith(prefix))
        .sort();
    const t = await buildTestApp({
      REDIS_URL: REDIS_TEST_URL,
      REDIS_KEY_PREFIX: prefix,
      LIVE_BUS: 'redis',
    });
    try {
      expect(t.ctx.live.kind).toBe('redis');
      await (t.ctx.live as RedisLiveBus).ready();
      const expected = [
        `${prefix}live-publish`,
        `${prefix}live-subscribe`,
        `${prefix}rate-limits`,
        `${prefix}sign-in-backoff`,
      ];
      // Each client names itself once its connection is up, in no set order: wait for all.
      const up = Date.now() + 5000;
      while ((await names()).length < expected.length && Date.now() < up)
        await new Promise((r) => setTimeout(r, 20));
      expect(await names()).toEqual(expected);
    } finally {
      await t.close();
    }
    const deadline = Date.now() + 5000;
    while ((await names()).length > 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(await names()).toEqual([]);
  });
});

describe('the Redis store when Redis answers nothing', () => {
  it('fails the hit (so the plugin lets the request through) and warns once a minute, not per request', async () => {
    const proxy = await startTcpProxy(Number(new URL(REDIS_TEST_URL).port || 6379));
    const warnings: object[] = [];
    const log = { info: () => {}, error: () => {}, warn: (o: object) => warnings.push(o) };
    const client = createRedisClient(`redis://127.0.0.1:${proxy.port}`, { role: 'test' });
    try {
      expect(await waitForRedis(client, 5000)).toBe(true);
      const Store = redisRateLimitStore(client, uniqueRedisPrefix(), log);
      const store = new Store({}).child({} as never);
      const hit = () =>
        new Promise<Error | null>((resolve) => store.incr('k', (err) => resolve(err), 60_000, 1));
      expect(await hit()).toBeNull();
      await proxy.cut();
      for (let i = 0; i < 5; i++) expect(await hit()).toBeInstanceOf(Error);
      expect(warnings).toHaveLength(1);
    } finally {
      await closeRedis(client);
      await proxy.close();
    }
  });
});

describe('Redis settings', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: `/tmp/otakura-config-${randomUUID()}` };
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig({ ...base, ...env });
    } catch (err) {
      if (err instanceof ConfigError) return err.problems.join('\n');
      throw err;
    }
    return '';
  };

  it('refuses a REDIS_URL that is not redis:// or rediss://, naming it', () => {
    expect(problems({ REDIS_URL: 'http://127.0.0.1:6379' })).toMatch(/^REDIS_URL: /);
    expect(problems({ REDIS_URL: 'redis://127.0.0.1:6379' })).toBe('');
  });

  it('refuses LIVE_BUS=redis without REDIS_URL, postgres without DATABASE_URL, and unknown buses', () => {
    expect(problems({ LIVE_BUS: 'redis' })).toMatch(/^LIVE_BUS: redis needs REDIS_URL/);
    expect(problems({ LIVE_BUS: 'postgres' })).toMatch(/^LIVE_BUS: postgres needs DATABASE_URL/);
    expect(problems({ LIVE_BUS: 'kafka' })).toMatch(/^LIVE_BUS: must be postgres, redis or memory/);
    expect(problems({ LIVE_BUS: 'redis', REDIS_URL: 'redis://127.0.0.1:6379' })).toBe('');
  });

  it('refuses a REDIS_KEY_PREFIX with spaces or wildcards', () => {
    expect(problems({ REDIS_KEY_PREFIX: 'a b*' })).toMatch(/^REDIS_KEY_PREFIX: /);
  });
});
