/**
 * The Redis pub/sub bus against the local Redis (test/redis.ts): delivery between servers,
 * isolation by key prefix, no size limit, and recovery after the connection is cut.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { LiveEvent } from '@otakura/shared';
import { openTestRedis, REDIS_TEST_URL, uniqueRedisPrefix } from '../../test/redis';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy';
import { createRedisLiveBus, REDIS_LIVE_CHANNEL, type RedisLiveBus } from './redis-live-bus';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

function collect(bus: RedisLiveBus): LiveEvent[] {
  const got: LiveEvent[] = [];
  bus.subscribe((e) => got.push(e));
  return got;
}

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const liked = (likeCount: number): LiveEvent => ({
  type: 'comment.liked',
  topic: 'post:x',
  commentId: 'c1',
  likeCount,
  actorId: 'u1',
});

describe('createRedisLiveBus (Redis pub/sub)', () => {
  const buses: RedisLiveBus[] = [];
  const proxies: TcpProxy[] = [];
  const bus = async (keyPrefix: string, url = REDIS_TEST_URL) => {
    const b = createRedisLiveBus({ url, keyPrefix, log: quiet, reconnectMaxMs: 100 });
    buses.push(b);
    await b.ready();
    return b;
  };

  afterEach(async () => {
    await Promise.all(buses.splice(0).map((b) => b.close()));
    await Promise.all(proxies.splice(0).map((p) => p.close()));
  });

  it('delivers each event exactly once to every server, the sender included', async () => {
    const prefix = uniqueRedisPrefix();
    const a = await bus(prefix);
    const b = await bus(prefix);
    expect(a.kind).toBe('redis');
    const gotA = collect(a);
    const gotB = collect(b);
    await a.publish(liked(3));
    await b.publish(liked(4));
    await until(() => gotA.length >= 2 && gotB.length >= 2);
    // Anything doubled would have arrived by now.
    await new Promise((r) => setTimeout(r, 150));
    expect(gotA).toEqual([liked(3), liked(4)]);
    expect(gotB.map((e) => (e as { likeCount: number }).likeCount).sort()).toEqual([3, 4]);
  });

  it('keeps deployments with different REDIS_KEY_PREFIX apart', async () => {
    const a = await bus(uniqueRedisPrefix());
    const other = await bus(uniqueRedisPrefix());
    const gotOther = collect(other);
    await a.publish(liked(1));
    await other.publish(liked(2));
    await until(() => gotOther.length >= 1);
    await new Promise((r) => setTimeout(r, 150));
    expect(gotOther).toEqual([liked(2)]);
  });

  it('carries a large event (200 kB) intact, in the same envelope as the PostgreSQL bus', async () => {
    const prefix = uniqueRedisPrefix();
    const a = await bus(prefix);
    const b = await bus(prefix);
    const gotB = collect(b);
    const watcher = await openTestRedis();
    const raw: string[] = [];
    try {
      await watcher.subscribe(`${prefix}${REDIS_LIVE_CHANNEL}`);
      watcher.on('message', (_ch: string, m: string) => raw.push(m));
      const big: LiveEvent = {
        type: 'user.updated',
        topic: 'user:x',
        userId: 'é漢😀'.repeat(20_000),
      };
      await a.publish(big);
      await until(() => gotB.length >= 1 && raw.length >= 1);
      expect(gotB).toEqual([big]);
      expect(JSON.parse(raw[0]!)).toEqual({ o: expect.any(String), e: big });
    } finally {
      await watcher.quit();
    }
  });

  it('ignores messages it cannot read', async () => {
    const prefix = uniqueRedisPrefix();
    const a = await bus(prefix);
    const gotA = collect(a);
    const sender = await openTestRedis();
    const channel = `${prefix}${REDIS_LIVE_CHANNEL}`;
    try {
      await sender.publish(channel, 'not json');
      await sender.publish(channel, JSON.stringify({ o: 'x' }));
      await sender.publish(
        channel,
        JSON.stringify({
          o: 'another-server',
          e: { type: 'post.deleted', topic: 'post:y', postId: 'y' },
        }),
      );
      await until(() => gotA.length >= 1);
      expect(gotA).toEqual([{ type: 'post.deleted', topic: 'post:y', postId: 'y' }]);
    } finally {
      await sender.quit();
    }
  });

  it('survives Redis going away: publishes stay local without throwing, then it resubscribes, asks for a resync and receives again', async () => {
    const prefix = uniqueRedisPrefix();
    const proxy = await startTcpProxy(Number(new URL(REDIS_TEST_URL).port || 6379));
    proxies.push(proxy);
    const a = await bus(prefix, `redis://127.0.0.1:${proxy.port}`);
    const b = await bus(prefix);
    const gotA = collect(a);
    const gotB = collect(b);

    await proxy.cut();
    await until(() => !a.isListening());
    await a.publish(liked(1)); // does not throw; only this server sees it
    expect(gotA).toEqual([liked(1)]);

    await proxy.restore();
    await until(() => gotA.some((e) => e.type === 'resync'));
    expect(a.isListening()).toBe(true);
    await b.publish(liked(2));
    await until(() => gotA.some((e) => e.type === 'comment.liked' && e.likeCount === 2));
    // Its publisher reconnects on its own schedule: publish until one gets through.
    for (let n = 3; !gotB.some((e) => e.type === 'comment.liked' && e.likeCount >= 3); n++) {
      if (n > 200) throw new Error('publisher did not reconnect');
      await a.publish(liked(n));
      await new Promise((r) => setTimeout(r, 50));
    }
    // What was published while Redis was away never reached B.
    expect(gotB.some((e) => e.type === 'comment.liked' && e.likeCount === 1)).toBe(false);
  }, 30_000);
});
