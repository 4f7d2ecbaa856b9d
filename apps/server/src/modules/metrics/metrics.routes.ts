/**
 * GET /metrics in Prometheus's text format (docs/observability.md). Off unless configured:
 * - METRICS_PORT: served by a separate listener on METRICS_HOST (default 127.0.0.1), and
 *   the public port answers 404;
 * - METRICS_TOKEN: `Authorization: Bearer <token>` required (on the public port when there
 *   is no METRICS_PORT, on the metrics listener when there is);
 * - neither: no /metrics at all (404), and no request is measured.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody, notFound, unauthorized } from '../../lib/errors';
import { createMetrics, type AppMetrics } from './metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics, when /metrics is configured. */
    metrics?: AppMetrics;
    /** The METRICS_PORT listener's address once the app is ready (tests read the port). */
    metricsAddress?: () => AddressInfo | undefined;
  }
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** True when `header` is `Bearer <token>`; compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return Boolean(m) && timingSafeEqual(digest(m![1]!), digest(token));
}

export const metricsPlugin = fp(
  async function metricsPlugin(app: FastifyInstance) {
    const config = app.ctx.config.metrics;
    // Off, or on its own port: the public port answers 404 (and not the SPA's index.html,
    // which web-app.ts sends for any other unknown path).
    const notHere = () =>
      app.get('/metrics', { schema: { hide: true } }, async () => {
        throw notFound();
      });
    if (!config) {
      notHere();
      return;
    }
    const metrics = createMetrics({
      database: app.ctx.database,
      mailer: app.ctx.mailer,
      live: () =>
        app.hasDecorator('liveHub')
          ? { sockets: app.liveHub.size, topics: app.liveHub.topicCount }
          : undefined,
    });
    app.decorate('metrics', metrics);
    app.addHook('onResponse', async (req, reply) => {
      metrics.observeRequest(req.method, req.routeOptions.url, reply.statusCode, reply.elapsedTime);
    });
    const { token } = config;
    const allowed = (authorization: string | undefined) =>
      token === undefined || bearerMatches(authorization, token);

    if (config.port === undefined) {
      app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
        if (!allowed(req.headers.authorization)) {
          void reply.header('www-authenticate', 'Bearer');
          throw unauthorized('A valid metrics token is required.');
        }
        return reply
          .header('cache-control', 'no-store')
          .type(metrics.registry.contentType)
          .send(await metrics.registry.metrics());
      });
      return;
    }

    // A separate listener: plain node:http, nothing but /metrics.
    notHere();
    const port = config.port;
    let server: Server | undefined;
    const answer = (res: ServerResponse, status: number, body: string, type: string) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(body);
    };
    const json = 'application/json; charset=utf-8';
    const handle = async (req: IncomingMessage, res: ServerResponse) => {
      const pathname = (req.url ?? '/').split('?')[0];
      if (pathname !== '/metrics')
        return answer(res, 404, JSON.stringify(errorBody('not_found')), json);
      if (req.method !== 'GET' && req.method !== 'HEAD')
        return answer(res, 405, JSON.stringify(errorBody('method_not_allowed')), json);
      if (!allowed(req.headers.authorization)) {
        res.setHeader('www-authenticate', 'Bearer');
        return answer(res, 401, JSON.stringify(errorBody('unauthorized')), json);
      }
      answer(res, 200, await metrics.registry.metrics(), metrics.registry.contentType);
    };
    app.decorate('metricsAddress', () => server?.address() as AddressInfo | undefined);
    app.addHook('onReady', async () => {
      const s = createServer((req, res) => {
        handle(req, res).catch((err: unknown) => {
          app.log.error({ err }, 'metrics listener failed');
          if (!res.headersSent) answer(res, 500, JSON.stringify(errorBody('internal_error')), json);
          else res.destroy();
        });
      });
      await new Promise<void>((resolve, reject) => {
        s.once('error', reject);
        s.listen(port, config.host, () => {
          s.off('error', reject);
          resolve();
        });
      });
      server = s;
      const a = s.address() as AddressInfo;
      app.log.info(`metrics on http://${a.address}:${a.port}/metrics`);
    });
    app.addHook('onClose', async () => {
      const s = server;
      if (!s) return;
      server = undefined;
      await new Promise<void>((resolve) => {
        s.close(() => resolve());
        s.closeAllConnections();
      });
    });
  },
  { name: 'metrics' },
);
