import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../lib/errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export const ORIGIN_REFUSED_MESSAGE =
  'This request did not come from this site, so it was refused.';

/**
 * Where a request says it comes from: its `Origin`, else the origin of its `Referer`.
 * Undefined when neither is there or the `Referer` is not a URL (`Referer: not a url`).
 */
export function requestOrigin(req: FastifyRequest): string | undefined {
  if (req.headers.origin) return req.headers.origin;
  const referer = req.headers.referer;
  if (!referer || !URL.canParse(referer)) return undefined;
  const origin = new URL(referer).origin;
  // Opaque origins (data:, about:…) serialise as the string "null": no origin at all.
  return origin === 'null' ? undefined : origin;
}

/**
 * CSRF defence for the whole API, Better Auth's paths included (Better Auth alone checks only
 * requests that carry a cookie, so a cross-site sign-in or sign-up would get through): a
 * state-changing request to /api must say it comes from one of our origins (browsers send
 * `Origin` on every cross-site write), else 403 `invalid_origin`. A missing or unreadable
 * `Origin`/`Referer` is refused too. Server-to-server paths (webhooks) are exempt by prefix.
 */
export const originCheckPlugin = fp(async function originCheck(
  app: FastifyInstance,
  opts: { origins: string[]; exempt?: string[] },
) {
  const allowed = new Set(opts.origins);
  const exempt = opts.exempt ?? [];
  app.addHook('onRequest', async (req) => {
    if (SAFE.has(req.method) || !req.url.startsWith('/api/')) return;
    if (exempt.some((p) => req.url.startsWith(p))) return;
    const origin = requestOrigin(req);
    if (!origin || !allowed.has(origin)) throw forbidden('invalid_origin', ORIGIN_REFUSED_MESSAGE);
  });
});
