/**
 * Per-user limits of comment writes (DESIGN.md: rate limits on comments), counted in
 * @fastify/rate-limit's store (in memory per process, or in Redis shared by every server with
 * REDIS_URL: plugins/rate-limit-store.ts) and answered as 429 `rate_limited`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../../lib/errors';

export const COMMENT_RATE_LIMITS = {
  /** New comments and replies. */
  create: { max: 20, windowSec: 60 },
  /** Edits and deletes. */
  change: { max: 60, windowSec: 60 },
  /** Likes and unlikes. */
  like: { max: 120, windowSec: 60 },
  /** Reports. */
  report: { max: 20, windowSec: 60 },
} as const;

export type CommentLimitName = keyof typeof COMMENT_RATE_LIMITS;

/** `hit(req, name, userId)` counts one write and throws 429 once the user passed the limit. */
export function createCommentLimiter(app: FastifyInstance) {
  const keys = new WeakMap<FastifyRequest, string>();
  const limits = Object.fromEntries(
    Object.entries(COMMENT_RATE_LIMITS).map(([name, rule]) => [
      name,
      app.createRateLimit({
        max: rule.max,
        timeWindow: rule.windowSec * 1000,
        keyGenerator: (req: FastifyRequest) => `comments:${name}:${keys.get(req) ?? ''}`,
      } as Parameters<FastifyInstance['createRateLimit']>[0]),
    ]),
  ) as Record<CommentLimitName, ReturnType<FastifyInstance['createRateLimit']>>;
  return {
    async hit(req: FastifyRequest, name: CommentLimitName, userId: string): Promise<void> {
      keys.set(req, userId);
      const r = await limits[name](req);
      if (!r.isAllowed && r.isExceeded) throw tooManyRequests(Math.max(1, Math.ceil(r.ttl / 1000)));
    },
  };
}
