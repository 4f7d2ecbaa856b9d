import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for our own API: a state-changing request must say it comes
 * from one of our origins (browsers always send Origin on cross-site writes).
 * Better Auth checks /api/auth itself; webhooks (server-to-server) are exempt.
 */
export const originCheckPlugin = fp(async function originCheck(
  app: FastifyInstance,
  opts: { origins: string[]; exempt?: string[] },
) {
  const allowed = new Set(opts.origins);
  const exempt = ['/api/auth/', ...(opts.exempt ?? [])];
  app.addHook('onRequest', async (req) => {
    if (SAFE.has(req.method) || !req.url.startsWith('/api/')) return;
    if (exempt.some((p) => req.url.startsWith(p))) return;
    const origin =
      req.headers.origin ?? (req.headers.referer ? new URL(req.headers.referer).origin : undefined);
    if (!origin || !allowed.has(origin)) {
      throw new AppError(
        403,
        'invalid_origin',
        'This request did not come from this site, so it was refused.',
      );
    }
  });
});
