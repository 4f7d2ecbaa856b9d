/**
 * Redis for tests: the local Redis (REDIS_TEST_URL, default 127.0.0.1:6379, loopback only),
 * a fresh key prefix per test so parallel test files never share counters or channels,
 * and cleanup of that prefix only.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

export const REDIS_TEST_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

/** A key prefix no other test uses: `test:<uuid>:`. */
export function uniqueRedisPrefix(): string {
  return `test:${randomUUID()}:`;
}

/** A plain client for assertions; fails loudly when the test Redis is not running. */
export async function openTestRedis(): Promise<Redis> {
  const redis = new Redis(REDIS_TEST_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
  } catch (err) {
    redis.disconnect();
    throw new Error(
      `these tests need Redis at ${REDIS_TEST_URL} (set REDIS_TEST_URL): ${String(err)}`,
    );
  }
  return redis;
}

/** The keys under `prefix`. */
export async function keysUnder(redis: Redis, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    keys.push(...batch);
  } while (cursor !== '0');
  return keys;
}

/** Deletes every key under `prefix` (and nothing else). */
export async function flushRedisPrefix(redis: Redis, prefix: string): Promise<void> {
  const keys = await keysUnder(redis, prefix);
  if (keys.length) await redis.del(...keys);
}
