import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushRedisPrefix, keysUnder, openTestRedis, uniqueRedisPrefix } from '../../test/redis';
import {
  backoffDelaySec,
  memoryBackoffStore,
  redisBackoffStore,
  SignInBackoff,
  type BackoffStore,
} from './sign-in-backoff';

describe('sign-in backoff rule', () => {
  it.each([
    [0, 0],
    [3, 0],
    [4, 60],
    [5, 120],
    [6, 240],
    [7, 480],
    [10, 3600],
    [30, 3600],
  ])('after %i failures waits %i s', (failures, seconds) => {
    expect(backoffDelaySec(failures)).toBe(seconds);
  });
});

/** The rule's walk through time, the same on every store. */
async function walk(store: () => BackoffStore) {
  const b = new SignInBackoff(store());
  let now = 1_000_000;
  b.now = () => now;
  for (let i = 0; i < 4; i++) await b.fail('k');
  expect(await b.waitSec('k')).toBe(60);
  now += 45_000;
  expect(await b.waitSec('k')).toBe(15);
  now += 15_000;
  expect(await b.waitSec('k')).toBe(0);
  expect(await b.hasFailed('k')).toBe(true);
  await b.fail('k');
  expect(await b.waitSec('k')).toBe(120);
  await b.succeed('k');
  expect(await b.hasFailed('k')).toBe(false);
  expect(await b.waitSec('k')).toBe(0);
  for (let i = 0; i < 6; i++) await b.fail('k');
  now += 24 * 3600_000 + 1;
  expect(await b.hasFailed('k')).toBe(false);
  // A failure a day after the last starts the count again: free, no wait.
  await b.fail('k');
  expect(await b.waitSec('k')).toBe(0);
}

describe('sign-in backoff in memory', () => {
  it('counts down from the last failure, clears on success, forgets after a day', async () => {
    await walk(memoryBackoffStore);
  });

  it('is per process: another store knows nothing of these failures', async () => {
    const a = new SignInBackoff(memoryBackoffStore());
    const b = new SignInBackoff(memoryBackoffStore());
    for (let i = 0; i < 5; i++) await a.fail('acct:x');
    expect(await a.waitSec('acct:x')).toBeGreaterThan(0);
    expect(await b.hasFailed('acct:x')).toBe(false);
  });
});

describe('sign-in backoff in Redis (REDIS_URL)', () => {
  let redis: Redis;
  const prefix = uniqueRedisPrefix();
  beforeAll(async () => {
    redis = await openTestRedis();
  });
  afterAll(async () => {
    if (redis) {
      await flushRedisPrefix(redis, prefix);
      await redis.quit();
    }
  });

  it('follows the same rule', async () => {
    await walk(() => redisBackoffStore(redis, `${prefix}walk:`));
  });

  it('is shared: failures on one server hold the account on another, and a success on either clears it', async () => {
    const serverA = new SignInBackoff(redisBackoffStore(redis, prefix));
    const serverB = new SignInBackoff(redisBackoffStore(redis, prefix));
    // Failures split across the two servers, at the same time: none is lost.
    await Promise.all([0, 1, 2, 3, 4].map((i) => (i % 2 ? serverA : serverB).fail('acct:y')));
    expect(await serverB.waitSec('acct:y')).toBe(120);
    expect(await serverA.waitSec('acct:y')).toBe(120);
    expect(await keysUnder(redis, `${prefix}backoff:`)).toEqual([`${prefix}backoff:acct:y`]);
    // Kept in Redis no longer than a day after the last failure.
    const ttl = await redis.pttl(`${prefix}backoff:acct:y`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(24 * 3600_000);
    await serverA.succeed('acct:y');
    expect(await serverB.hasFailed('acct:y')).toBe(false);
  });

  it('lets attempts through, warning once, when Redis does not answer', async () => {
    const warnings: string[] = [];
    const down = await openTestRedis();
    await down.quit();
    const b = new SignInBackoff(
      redisBackoffStore(down, prefix, { warn: (_o, msg) => warnings.push(msg) }),
    );
    for (let i = 0; i < 6; i++) await b.fail('acct:z');
    expect(await b.waitSec('acct:z')).toBe(0);
    expect(await b.hasFailed('acct:z')).toBe(false);
    expect(warnings).toHaveLength(1);
  });
});
