/**
 * Where @fastify/rate-limit counts: in memory, per process (no REDIS_URL), or in Redis so that
 * every server behind one address shares one budget (docs/scale-out.md). Every limit of the
 * app goes through the plugin (route `config.rateLimit`, and `app.createRateLimit` in
 * write-rate-limits.ts, auth.rate-limit.ts, comments.rate-limit.ts, push.routes.ts), so this
 * one choice moves all of them.
 *
 * The Redis store counts like the plugin's own Redis store: one Lua script per hit (INCR, then
 * PEXPIRE on the first hit of a window), atomic across servers, the same fixed windows as in
 * memory. Ours differs in two ways: keys name their limit plainly (`<prefix>rl:<key>` for the
 * `createRateLimit` limiters, whose keys are namespaced already; `<prefix>rl:<METHOD> <url>:<key>`
 * for route limits), and a failing Redis is logged (at most once a minute) instead of silently.
 *
 * Redis failing must not take the API down: a counter that cannot be read lets the request
 * through (`skipOnError`), and counting resumes when Redis answers again.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../config/env';
import { closeRedis, createRedisClient, waitForRedis, type RedisLog } from '../lib/redis';

/** How long the start waits for Redis before serving with rate limits open. */
const START_WAIT_MS = 5000;
/** At most one "counter failed" warning per this long. */
const WARN_EVERY_MS = 60_000;

/** Counts one hit of KEYS[1]: {hits in this window, ms left}. ARGV[1]: the window in ms. */
const INCR_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if current == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

/** Reads KEYS[1] without counting: {hits, ms left}, {0, 0} when no window is open. */
const READ_SCRIPT = `
local current = redis.call('GET', KEYS[1])
if not current then return {0, 0} end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then ttl = 0 end
return {tonumber(current), ttl}
`;

type Result = { current: number; ttl: number };
type Callback = (err: Error | null, result?: Result) => void;
/** What the plugin really passes to `child`: the merged limit options, with the route (none for createRateLimit). */
interface ChildParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

type ScriptedRedis = Redis & {
  otakuraRateIncr(key: string, windowMs: number): Promise<[number, number]>;
  otakuraRateRead(key: string): Promise<[number, number]>;
};

/** A @fastify/rate-limit store on Redis (see the file comment). */
export function redisRateLimitStore(
  redis: Redis,
  keyPrefix: string,
  log?: RedisLog,
): FastifyRateLimitStoreCtor {
  redis.defineCommand('otakuraRateIncr', { numberOfKeys: 1, lua: INCR_SCRIPT });
  redis.defineCommand('otakuraRateRead', { numberOfKeys: 1, lua: READ_SCRIPT });
  const scripted = redis as ScriptedRedis;
  let lastWarn = 0;
  let failedSinceWarn = 0;
  const failed = (err: Error) => {
    failedSinceWarn += 1;
    const now = Date.now();
    if (now - lastWarn < WARN_EVERY_MS) return;
    log?.warn(
      { err: err.message, failed: failedSinceWarn },
      'rate limits: redis counter failed; letting requests through (fail open)',
    );
    lastWarn = now;
    failedSinceWarn = 0;
  };
  const settle = (p: Promise<[number, number]>, cb: Callback) => {
    p.then(
      ([current, ttl]) => cb(null, { current, ttl }),
      (err: Error) => {
        failed(err);
        cb(err);
      },
    );
  };

  class RedisRateLimitStore implements FastifyRateLimitStore {
    /** The plugin constructs it with its options (unused); `child` passes the key prefix. */
    constructor(
      _options?: unknown,
      private readonly prefix = `${keyPrefix}rl:`,
    ) {}
    incr(key: string, cb: Callback, timeWindow: number) {
      settle(scripted.otakuraRateIncr(this.prefix + key, timeWindow), cb);
    }
    read(key: string, cb: Callback) {
      settle(scripted.otakuraRateRead(this.prefix + key), cb);
    }
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      const { method, url } = (routeOptions as ChildParams).routeInfo ?? {};
      return new RedisRateLimitStore(
        undefined,
        url ? `${this.prefix}${[method].flat().join(',')} ${url}:` : this.prefix,
      );
    }
  }
  return RedisRateLimitStore;
}

export interface RateLimitStoreOptions {
  store?: FastifyRateLimitStoreCtor;
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
  const redis = createRedisClient(config.redisUrl, {
    role: 'rate limits',
    connectionName: `${config.redisKeyPrefix}rate-limits`,
    log: app.log,
  });
  app.addHook('onClose', async () => closeRedis(redis));
  if (!(await waitForRedis(redis, START_WAIT_MS)))
    app.log.error(
      { role: 'rate limits' },
      'redis: not reachable at start; serving without rate limits until it answers',
    );
  return {
    store: redisRateLimitStore(redis, config.redisKeyPrefix, app.log),
    skipOnError: true,
  };
}
