/**
 * Growing delays after failed sign-ins (docs/auth.md "Failed sign-ins"), counted separately
 * per account (`acct:<email>`) and per client address (`ip:<address>`):
 *
 * - the first FREE_FAILURES consecutive failures cost nothing;
 * - each further failure holds the key for 1, 2, 4, 8 … minutes from that failure, capped
 *   at one hour; attempts while held are refused (429) without checking the password and
 *   do not count;
 * - a successful sign-in clears the account and the address it came from;
 * - a key with no failure for 24 hours is forgotten.
 *
 * Where the failures are kept is a store, like the rate limits' (docs/scale-out.md): in
 * memory per process (the oldest keys dropped past MAX_KEYS, so a flood of addresses cannot
 * grow it without bound), or in Redis with REDIS_URL, so that every server behind one address
 * holds the same account after the same failures. A Redis that does not answer lets the
 * attempt through (the rate limits fail open the same way) and is logged at most once a minute.
 */
import type { Redis } from 'ioredis';

export const SIGN_IN_BACKOFF = {
  freeFailures: 3,
  firstDelaySec: 60,
  maxDelaySec: 60 * 60,
  forgetAfterSec: 24 * 60 * 60,
  maxKeys: 100_000,
} as const;

/** A key's failures since its last success, and when the last one was (ms since the epoch). */
export interface BackoffEntry {
  failures: number;
  lastFailureAt: number;
}

/** Where failures are kept. `now` is the caller's clock, so tests can move it. */
export interface BackoffStore {
  get(key: string, now: number): Promise<BackoffEntry | undefined>;
  /** Counts one failure at `now` (a key last failed over a day before `now` starts again). */
  fail(key: string, now: number): Promise<void>;
  clear(key: string): Promise<void>;
}

const forgotten = (e: BackoffEntry, now: number) =>
  now - e.lastFailureAt > SIGN_IN_BACKOFF.forgetAfterSec * 1000;

/** The delay after `failures` consecutive failures, in seconds (0 while they are free). */
export function backoffDelaySec(failures: number): number {
  const over = failures - SIGN_IN_BACKOFF.freeFailures;
  if (over <= 0) return 0;
  return Math.min(SIGN_IN_BACKOFF.firstDelaySec * 2 ** (over - 1), SIGN_IN_BACKOFF.maxDelaySec);
}

/** Failures in this process's memory. */
export function memoryBackoffStore(): BackoffStore {
  const entries = new Map<string, BackoffEntry>();
  const live = (key: string, now: number) => {
    const e = entries.get(key);
    if (e && forgotten(e, now)) {
      entries.delete(key);
      return undefined;
    }
    return e;
  };
  return {
    get: async (key, now) => live(key, now),
    async fail(key, now) {
      const e = live(key, now) ?? { failures: 0, lastFailureAt: 0 };
      e.failures += 1;
      e.lastFailureAt = now;
      // Re-inserted, so the Map's order is oldest failure first.
      entries.delete(key);
      entries.set(key, e);
      if (entries.size > SIGN_IN_BACKOFF.maxKeys) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
    },
    clear: async (key) => {
      entries.delete(key);
    },
  };
}

/**
 * One failure of KEYS[1] at ARGV[1] (ms): a hash {f: failures, t: last failure}, started
 * again when its last failure is older than ARGV[2] ms, kept ARGV[2] ms after the failure.
 * One script, so two servers counting at once cannot lose a failure.
 */
const FAIL_SCRIPT = `
local last = tonumber(redis.call('HGET', KEYS[1], 't') or '0')
if tonumber(ARGV[1]) - last > tonumber(ARGV[2]) then redis.call('DEL', KEYS[1]) end
redis.call('HINCRBY', KEYS[1], 'f', 1)
redis.call('HSET', KEYS[1], 't', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
`;

const WARN_EVERY_MS = 60_000;

type ScriptedRedis = Redis & {
  otakuraBackoffFail(key: string, now: number, forgetMs: number): Promise<number>;
};

/** Failures in Redis under `<prefix>backoff:<key>`, shared by every server on that Redis. */
export function redisBackoffStore(
  redis: Redis,
  prefix: string,
  log?: { warn(obj: object, msg: string): void },
): BackoffStore {
  const r = redis as ScriptedRedis;
  if (typeof r.otakuraBackoffFail !== 'function')
    redis.defineCommand('otakuraBackoffFail', { numberOfKeys: 1, lua: FAIL_SCRIPT });
  const redisKey = (key: string) => `${prefix}backoff:${key}`;
  const forgetMs = SIGN_IN_BACKOFF.forgetAfterSec * 1000;
  let warnedAt = -Infinity;
  const failOpen = (err: unknown) => {
    const now = Date.now();
    if (now - warnedAt < WARN_EVERY_MS) return;
    warnedAt = now;
    log?.warn(
      { err: err instanceof Error ? err.message : String(err) },
      'redis: sign-in backoff unavailable; attempts are not held until it answers',
    );
  };
  return {
    async get(key, now) {
      try {
        const h = await redis.hgetall(redisKey(key));
        if (!h.f) return undefined;
        const e = { failures: Number(h.f), lastFailureAt: Number(h.t ?? 0) };
        return forgotten(e, now) ? undefined : e;
      } catch (err) {
        failOpen(err);
        return undefined;
      }
    },
    async fail(key, now) {
      try {
        await r.otakuraBackoffFail(redisKey(key), now, forgetMs);
      } catch (err) {
        failOpen(err);
      }
    },
    async clear(key) {
      try {
        await redis.del(redisKey(key));
      } catch (err) {
        failOpen(err);
      }
    },
  };
}

export class SignInBackoff {
  /** The clock (tests move it instead of waiting minutes). */
  now: () => number = () => Date.now();

  constructor(private readonly store: BackoffStore = memoryBackoffStore()) {}

  /** Whether `key` has failed within the last 24 hours (and not succeeded since). */
  async hasFailed(key: string): Promise<boolean> {
    return (await this.store.get(key, this.now())) !== undefined;
  }

  /** Seconds until `key` may try again; 0 when it may now. */
  async waitSec(key: string): Promise<number> {
    const now = this.now();
    const e = await this.store.get(key, now);
    if (!e) return 0;
    const until = e.lastFailureAt + backoffDelaySec(e.failures) * 1000;
    return Math.max(0, Math.ceil((until - now) / 1000));
  }

  /** Counts one failure for `key`. */
  fail(key: string): Promise<void> {
    return this.store.fail(key, this.now());
  }

  /** Clears `key` (a successful sign-in). */
  succeed(key: string): Promise<void> {
    return this.store.clear(key);
  }
}
