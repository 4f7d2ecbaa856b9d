/**
 * Rate limits of the auth endpoints, per client address and per account, answered
 * as 429 `rate_limited` "Too many attempts. Try again in 2 minutes 50 seconds." with `retryAfter`
 * and a Retry-After header (the error handler adds it).
 *
 * Counters live in @fastify/rate-limit's store: in memory, per process, or in Redis shared
 * by every server when REDIS_URL is set (plugins/rate-limit-store.ts, docs/scale-out.md).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import { tooManyRequests } from '../../lib/errors';

export interface LimitRule {
  max: number;
  windowSec: number;
}

/** The limits. Counted per address (`Ip`) or per account email / pending sign-in. */
export const AUTH_RATE_LIMITS = {
  /** Every sign-in attempt from one address. */
  signInIp: { max: 10, windowSec: 60 },
  /** Sign-up requests from one address (bad input and taken names included). */
  signUpIpAttempts: { max: 20, windowSec: 60 * 60 },
  /** Accepted sign-ups from one address (new accounts and sign-ups with a taken email alike). */
  signUpIpAccounts: { max: 5, windowSec: 60 * 60 },
  /** "Someone tried to sign up with your email" mails to one address. */
  signUpExistingMail: { max: 1, windowSec: 15 * 60 },
  /** Reset mails asked for one email. */
  resetEmail: { max: 3, windowSec: 60 * 60 },
  /** Reset requests from one address. */
  resetIp: { max: 10, windowSec: 60 * 60 },
  /** Verification mails to one account (the sign-up mail counts). */
  verifyEmailAccount: { max: 1, windowSec: 3 * 60 },
  /** Verification-mail requests from one address. */
  verifyEmailIp: { max: 10, windowSec: 60 * 60 },
  /** Two-factor code attempts from one address. */
  twoFactorIp: { max: 10, windowSec: 60 },
  /** Wrong two-factor codes for one pending sign-in (or session). */
  twoFactorFailures: { max: 5, windowSec: 5 * 60 },
  /** Password checks of signed-in users (enable/disable 2FA, change password, delete account…). */
  passwordCheckIp: { max: 10, windowSec: 60 },
  /** The same, per session. */
  passwordCheckSession: { max: 10, windowSec: 15 * 60 },
  /** New proof-of-work challenges for one address. */
  challengeIp: { max: 30, windowSec: 60 },
} satisfies Record<string, LimitRule>;

export type LimitName = keyof typeof AUTH_RATE_LIMITS;

export interface Limiter {
  /** Counts one event for `key`; throws 429 once the limit is passed. */
  hit(req: FastifyRequest, key: string): Promise<void>;
  /** Throws 429 when `key` has used its limit already; counts nothing. */
  check(req: FastifyRequest, key: string): Promise<void>;
  /** Counts one event for `key` without refusing (e.g. a failure, after the answer). */
  record(req: FastifyRequest, key: string): Promise<void>;
  /** Seconds until `key` may have one more event (0: now); counts nothing. */
  cooldownSec(req: FastifyRequest, key: string): Promise<number>;
}

export type AuthLimiters = Record<LimitName, Limiter>;

/** The client address as the limits count it (an IPv6 address by its /56, like the plugin). */
export function clientKey(req: FastifyRequest): string {
  return normalizeIP(req.ip);
}

function makeLimiter(app: FastifyInstance, name: string, rule: LimitRule): Limiter {
  // The plugin asks for the key through keyGenerator(req); we pass ours through this map.
  const keys = new WeakMap<FastifyRequest, string>();
  const limit = app.createRateLimit({
    max: rule.max,
    timeWindow: rule.windowSec * 1000,
    keyGenerator: (req) => `auth:${name}:${keys.get(req) ?? ''}`,
    cache: 20_000,
  } as Parameters<FastifyInstance['createRateLimit']>[0]);
  const retryAfter = (ttlMs: number) => Math.max(1, Math.ceil(ttlMs / 1000));
  return {
    async hit(req, key) {
      keys.set(req, key);
      const r = await limit(req);
      if (!r.isAllowed && r.isExceeded) throw tooManyRequests(retryAfter(r.ttl));
    },
    async check(req, key) {
      keys.set(req, key);
      const r = await limit(req, { increment: false });
      if (!r.isAllowed && r.remaining <= 0 && r.ttl > 0) throw tooManyRequests(retryAfter(r.ttl));
    },
    async record(req, key) {
      keys.set(req, key);
      await limit(req);
    },
    async cooldownSec(req, key) {
      keys.set(req, key);
      const r = await limit(req, { increment: false });
      return !r.isAllowed && r.remaining <= 0 && r.ttl > 0 ? retryAfter(r.ttl) : 0;
    },
  };
}

/** Builds every auth limiter on the app's rate-limit plugin (registered with `global: false`). */
export function createAuthLimiters(app: FastifyInstance): AuthLimiters {
  const entries = Object.entries(AUTH_RATE_LIMITS).map(([name, rule]) => [
    name,
    makeLimiter(app, name, rule),
  ]);
  return Object.fromEntries(entries) as AuthLimiters;
}
