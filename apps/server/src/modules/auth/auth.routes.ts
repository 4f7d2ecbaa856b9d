import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { ApiErrorBody } from '@otakura/shared';
import type { Auth } from './auth';
import { translateAuthError } from './auth.errors';

/**
 * Mounts Better Auth at /api/auth/* through the Fetch Request bridge, and
 * rewrites its error answers into the API's one error shape.
 */
export async function authRoutes(app: FastifyInstance, opts: { auth: Auth }) {
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(req.url, app.ctx.config.publicUrl);
    const headers = fromNodeHeaders(req.headers);
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && req.body !== undefined;
    const response = await opts.auth.handler(
      new Request(url, {
        method: req.method,
        headers,
        body: hasBody ? JSON.stringify(req.body) : undefined,
      }),
    );
    reply.status(response.status);
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie' && key !== 'content-length') void reply.header(key, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) void reply.header('set-cookie', cookies);

    const text = await response.text();
    if (response.status >= 400) {
      let parsed: { code?: string; message?: string } = {};
      try {
        parsed = text ? JSON.parse(text) : {};
      } catch {
        /* not JSON */
      }
      const error: ApiErrorBody = { error: translateAuthError(response.status, parsed.code, parsed.message, url.pathname) };
      return reply.header('content-type', 'application/json; charset=utf-8').send(error);
    }
    return reply.send(text === '' ? null : text);
  };
  app.route({ method: ['GET', 'POST'], url: '/api/auth/*', schema: { hide: true }, handler });
}
