/**
 * GET /api/live: the one WebSocket (DESIGN.md). The upgrade is authenticated by the
 * session cookie before the socket opens; then the client subscribes to topics and the
 * hub forwards the bus's events for them. Needs @fastify/websocket registered first.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { optionalUser, type SessionUser } from '../auth/auth.guard';
import { trustedOrigins } from '../auth/auth';
import { LIVE_CLOSE, LiveHub, type LiveHubOptions } from './live-hub';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sockets of this server (tests drive its keepalive through `sweep()`). */
    liveHub: LiveHub;
  }
}

export type LiveRoutesOptions = Pick<
  LiveHubOptions,
  'keepaliveMs' | 'maxSubscriptions' | 'maxConnectionsPerUser' | 'sessionRecheckMs'
>;

interface UpgradeCheck {
  user: SessionUser | null;
  originOk: boolean;
  cookie: string;
}

export const liveRoutes = fp(
  async function liveRoutes(app: FastifyInstance, opts: LiveRoutesOptions) {
    const origins = new Set(trustedOrigins(app.ctx.config));
    const hub = new LiveHub({
      ...opts,
      bus: app.ctx.live,
      log: app.log,
      async checkSession(conn) {
        const { cookie } = conn.meta as { cookie: string };
        const result = await app.ctx.auth.api.getSession({ headers: new Headers({ cookie }) });
        return Boolean(result && !(result.user as { banned?: boolean | null }).banned);
      },
    });
    app.decorate('liveHub', hub);
    // The app owns the sockets and, as the bus's last user, closes the bus with itself.
    app.addHook('preClose', async () => hub.close());
    app.addHook('onClose', async () => app.ctx.live.close());

    const checks = new WeakMap<FastifyRequest, UpgradeCheck>();

    app.get(
      '/api/live',
      {
        websocket: true,
        schema: { hide: true },
        // Runs before the upgrade completes, so the client cannot send anything before we listen.
        preValidation: async (req) => {
          // Browsers always send Origin on a WebSocket; a foreign one is cross-site hijacking.
          const origin = req.headers.origin;
          const originOk = origin === undefined || origins.has(origin);
          const user = originOk ? await optionalUser(req) : null;
          checks.set(req, { user, originOk, cookie: req.headers.cookie ?? '' });
        },
      },
      (socket, req) => {
        const check = checks.get(req);
        if (!check?.originOk) {
          socket.close(LIVE_CLOSE.forbiddenOrigin, 'Foreign origin.');
          return;
        }
        if (!check.user) {
          socket.close(LIVE_CLOSE.unauthorized, 'Sign in to get live updates.');
          return;
        }
        hub.attach(socket, { id: check.user.id }, { cookie: check.cookie });
      },
    );
  },
  { name: 'live-routes' },
);
