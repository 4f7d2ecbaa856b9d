/**
 * Wires the session cache (session-cache.ts) into the app: it listens to the live bus of the
 * app's context, and the routes of other modules that change what a session carries WITHOUT
 * going through Better Auth (so its database hooks do not see them) drop the user's cached
 * sessions before they answer. One table, keyed by route like plugins/write-rate-limits.ts; an
 * entry that matches no route fails the app's start, so a renamed route cannot silently keep
 * stale sessions.
 */
import type { FastifyInstance, FastifyRequest, onSendHookHandler, RouteOptions } from 'fastify';
import { optionalUser } from './auth.guard';
import { sessionCacheOf } from './session-cache';

/** Whose sessions a successful answer of the route changes. */
type Subject = 'self' | 'params.userId';

/** `METHOD url` → whose cached sessions to drop when it answers 2xx/3xx. */
export const SESSION_CHANGING_ROUTES: Record<string, Subject> = {
  // users module: username, display username, name (updateAccountFields).
  'PATCH /api/me/account': 'self',
  // moderation module: moderator ↔ user (staff.service setUserRole).
  'PUT /api/admin/users/:userId/role': 'params.userId',
};

async function subjectOf(req: FastifyRequest, subject: Subject): Promise<string | undefined> {
  if (subject === 'self') return (await optionalUser(req))?.id;
  const userId = (req.params as { userId?: unknown } | undefined)?.userId;
  return typeof userId === 'string' ? userId : undefined;
}

/** Call from a plugin that is NOT encapsulated and registered before the module routes. */
export function installSessionCache(app: FastifyInstance): void {
  const cache = sessionCacheOf(app.ctx.auth);
  if (!cache) return;
  cache.attach(app.ctx.live);
  app.addHook('onClose', async () => cache.detach());

  const matched = new Set<string>();
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const key = `${method} ${route.url}`;
      const subject = SESSION_CHANGING_ROUTES[key];
      if (!subject) continue;
      matched.add(key);
      const hook: onSendHookHandler = async (req, reply, payload) => {
        if (reply.statusCode < 400) {
          const userId = await subjectOf(req, subject);
          if (userId) await cache.invalidateUser(userId);
        }
        return payload;
      };
      const existing = route.onSend;
      route.onSend = existing ? [...(Array.isArray(existing) ? existing : [existing]), hook] : hook;
    }
  });
  app.addHook('onReady', async () => {
    const missing = Object.keys(SESSION_CHANGING_ROUTES).filter((k) => !matched.has(k));
    if (missing.length)
      throw new Error(
        `session cache: no route for ${missing.join(', ')} (session-cache.routes.ts)`,
      );
  });
}
