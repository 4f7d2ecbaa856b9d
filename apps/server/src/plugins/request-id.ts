/**
 * Request ids and the one log line per request (docs/observability.md).
 *
 * Every request gets an id: the caller's `X-Request-Id` when TRUST_PROXY is on (the proxy in
 * front set or forwarded it) and it is a sane token, a fresh UUID otherwise. Fastify binds it
 * to `req.log`, so every line logged while handling the request carries `reqId`; the answer
 * returns it in `X-Request-Id`, so a user's report can be matched with the server's lines.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import fp from 'fastify-plugin';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What we accept from a proxy: 1–128 characters of letters, digits and `-_.:@`, starting
 * with a letter or digit (UUIDs, ULIDs, hex, nginx's `$request_id`, "svc:1234"). Anything
 * else (spaces, quotes, newlines, megabytes) could forge or flood log lines: replaced.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:@-]{0,127}$/;

export function isSaneRequestId(value: unknown): value is string {
  return typeof value === 'string' && SANE_REQUEST_ID.test(value);
}

/** Fastify's `genReqId`: the proxy's id when trusted and sane, else a new UUID. */
export function requestIdGenerator(trustProxy: boolean): (req: IncomingMessage) => string {
  return (req) => {
    const given = trustProxy ? req.headers[REQUEST_ID_HEADER] : undefined;
    return isSaneRequestId(given) ? given : randomUUID();
  };
}

/** Routes polled by machines (probes, scrapers): their request lines are logged at debug. */
const QUIET_ROUTES = new Set(['/api/health', '/api/health/live', '/api/health/ready', '/metrics']);

/**
 * Fastify's request log lines, one per request instead of two ("incoming request" and
 * "request completed" with nested req/res objects): method, path, route pattern, status and
 * milliseconds, on `req.log`, so with `reqId`. Fastify's other lines (stream errors, a
 * failing serializer) stay as they are.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    req: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const route = req.routeOptions.url;
    const line = {
      method: req.method,
      url: req.url,
      route,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ...(error ? { err: error } : {}),
    };
    // Probes stay at debug even when they fail: readiness answers 503 every few seconds
    // through a whole drain or outage, and says why in its body and in /metrics.
    if (error) req.log.warn(line, 'request completed');
    else if (route && QUIET_ROUTES.has(route)) req.log.debug(line, 'request completed');
    else if (reply.statusCode >= 500) req.log.warn(line, 'request completed');
    else req.log.info(line, 'request completed');
  }
}

/** Sets `X-Request-Id` on every answer (errors and 404s too). */
export const requestIdPlugin = fp(
  async function requestId(app: FastifyInstance) {
    app.addHook('onRequest', async (req, reply) => {
      void reply.header(REQUEST_ID_HEADER, req.id);
    });
  },
  { name: 'request-id' },
);
