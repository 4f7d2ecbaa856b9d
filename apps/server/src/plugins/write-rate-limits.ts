/**
 * Rate limits of the writes that have no limit of their own, in ONE table keyed by route:
 * creating posts, following and unfollowing users, joining/following and leaving communities,
 * renaming (name and username, through either door), starting checkouts and test payments. Counted per signed-in user in
 * @fastify/rate-limit's store (in memory per process, or in Redis shared by every server with
 * REDIS_URL: plugins/rate-limit-store.ts) and answered like every other limit:
 * 429 `rate_limited` "Too many attempts. Try again in …" with `retryAfter` and `Retry-After`.
 *
 * Module route files need no line at all: an `onRoute` hook puts the check first in the
 * matching routes' preHandlers (after body validation, so a refused body counts nothing).
 * A table entry that matches no route fails the app's start, so a renamed route cannot
 * silently lose its limit.
 */
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { tooManyRequests } from '../lib/errors';
import { optionalUser } from '../modules/auth/auth.guard';
import type { AppContext } from './context';

export interface WriteLimitRule {
  max: number;
  windowSec: number;
}

/** Buckets: routes that share a bucket share one count per user. Generous: no person hits them. */
export const WRITE_LIMIT_BUCKETS = {
  /** New posts. */
  createPost: { max: 30, windowSec: 10 * 60 },
  /** Follows and unfollows of users. */
  followUser: { max: 120, windowSec: 60 },
  /** Joining (following) and leaving communities. */
  communityMembership: { max: 120, windowSec: 60 },
  /** Changes of name or username. */
  rename: { max: 30, windowSec: 10 * 60 },
  /** Starting a checkout and paying on the built-in test checkout (each holds or moves stock). */
  checkout: { max: 30, windowSec: 10 * 60 },
  /** Reports of posts, users and shop items (comment reports have the comments' own limit). */
  report: { max: 20, windowSec: 60 },
} satisfies Record<string, WriteLimitRule>;

export type WriteLimitBucket = keyof typeof WRITE_LIMIT_BUCKETS;

/** `METHOD url` (as the route declares it) → its bucket. */
export const WRITE_LIMITED_ROUTES: Record<string, WriteLimitBucket> = {
  'POST /api/posts': 'createPost',
  'PUT /api/users/:userId/follow': 'followUser',
  'DELETE /api/users/:userId/follow': 'followUser',
  'PUT /api/communities/:communityId/membership': 'communityMembership',
  'DELETE /api/communities/:communityId/membership': 'communityMembership',
  'PATCH /api/me/account': 'rename',
  'POST /api/auth/update-user': 'rename',
  'POST /api/checkout': 'checkout',
  'POST /api/checkout/test/:sessionId/pay': 'checkout',
  'POST /api/posts/:postId/report': 'report',
  'POST /api/users/:userId/report': 'report',
  'POST /api/shop/items/:itemId/report': 'report',
};

const settings = new WeakMap<AppContext, Record<WriteLimitBucket, WriteLimitRule>>();

/**
 * The limits in force for one app: a copy of WRITE_LIMIT_BUCKETS that tests may lower
 * (`writeLimitSettings(t.ctx).createPost.max = 2`) to reach a limit in a few requests.
 */
export function writeLimitSettings(ctx: AppContext): Record<WriteLimitBucket, WriteLimitRule> {
  let s = settings.get(ctx);
  if (!s) {
    s = structuredClone(WRITE_LIMIT_BUCKETS);
    settings.set(ctx, s);
  }
  return s;
}

/** Registered after @fastify/rate-limit and before the modules. */
export const writeRateLimitsPlugin = fp(async function writeRateLimits(app: FastifyInstance) {
  const rules = writeLimitSettings(app.ctx);
  const keys = new WeakMap<FastifyRequest, string>();
  const checks = {} as Record<WriteLimitBucket, preHandlerHookHandler>;
  for (const bucket of Object.keys(WRITE_LIMIT_BUCKETS) as WriteLimitBucket[]) {
    const limit = app.createRateLimit({
      max: () => rules[bucket].max,
      timeWindow: rules[bucket].windowSec * 1000,
      keyGenerator: (req: FastifyRequest) => `write:${bucket}:${keys.get(req) ?? ''}`,
    } as Parameters<FastifyInstance['createRateLimit']>[0]);
    checks[bucket] = async function writeRateLimit(req) {
      // Signed out: the route itself answers 401; nothing to count.
      const user = await optionalUser(req);
      if (!user) return;
      keys.set(req, user.id);
      const r = await limit(req);
      if (!r.isAllowed && r.isExceeded) throw tooManyRequests(Math.ceil(r.ttl / 1000));
    };
  }

  const matched = new Set<string>();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const key = `${method} ${route.url}`;
      const bucket = WRITE_LIMITED_ROUTES[key];
      if (!bucket) continue;
      matched.add(key);
      const existing = route.preHandler ? [route.preHandler].flat() : [];
      route.preHandler = [checks[bucket], ...existing];
    }
  });
  app.addHook('onReady', async () => {
    const missing = Object.keys(WRITE_LIMITED_ROUTES).filter((k) => !matched.has(k));
    if (missing.length)
      throw new Error(`write rate limits name unknown routes: ${missing.join(', ')}`);
  });
});
