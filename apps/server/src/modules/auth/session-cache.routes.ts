/**
 * Wires the session cache (session-cache.ts) into the app: it listens to the live bus of the
 * app's context, and the routes of other modules that change what a session carries WITHOUT
 * going through Better Auth (so its database hooks do not see them) drop the user's cached
 * sessions before they answer. One table, keyed by route like plugins/write-rate-limits.ts; an
 * entry that matches no route fails the app's start, so a renamed route cannot silently keep
 * stale sessions.
 */
import type { FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify';
import { onSendByRoute } from '../../plugins/route-table';
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

  onSendByRoute(app, SESSION_CHANGING_ROUTES, {
    name: 'session cache (session-cache.routes.ts)',
    hook:
      (subject): onSendHookHandler =>
      async (req, reply, payload) => {
        if (reply.statusCode < 400) {
          const userId = await subjectOf(req, subject);
          if (userId) await cache.invalidateUser(userId);
        }
        return payload;
      },
  });
}
