/**
 * Where @fastify/rate-limit counts: in memory, per process (no REDIS_URL), or in Redis so that
 * every server behind one address shares one budget (docs/scale-out.md). Every limit of the
 * app goes through the plugin (route `config.rateLimit`, and `app.createRateLimit` in
 * write-rate-limits.ts, auth.rate-limit.ts, comments.rate-limit.ts, push.routes.ts), so this
 * one choice moves all of them. The Redis store counts with one Lua script per hit
 * (INCR, then PEXPIRE on the first hit of a window): atomic, same fixed windows as in memory.
 *
 * Redis failing must not take the API down: a counter that cannot be read lets the request
 * through (`skipOnError`), the loss is logged once (lib/redis.ts), and counting resumes when
 * Redis answers again.
 */
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/env';
import { closeRedis, createRedisClient, waitForRedis } from '../lib/redis';

/** How long the start waits for Redis before serving with rate limits open. */
const START_WAIT_MS = 5000;

export interface RateLimitStoreOptions {
  redis?: ReturnType<typeof createRedisClient>;
  nameSpace?: string;
  skipOnError?: boolean;
}

/**
 * The store options for `app.register(fastifyRateLimit, { global: false, ...options })`.
 * With REDIS_URL: a client of its own, closed with the app.
 */
export async function rateLimitStoreOptions(
  app: FastifyInstance,
  config: Pick<AppConfig, 'redisUrl' | 'redisKeyPrefix'>,
): Promise<RateLimitStoreOptions> {
  if (!config.redisUrl) return {};
  const redis = createRedisClient(config.redisUrl, { role: 'rate limits', log: app.log });
  app.addHook('onClose', async () => closeRedis(redis));
  if (!(await waitForRedis(redis, START_WAIT_MS)))
    app.log.error(
      { role: 'rate limits' },
      'redis: not reachable at start; serving without rate limits until it answers',
    );
  return { redis, nameSpace: `${config.redisKeyPrefix}rl:`, skipOnError: true };
}
