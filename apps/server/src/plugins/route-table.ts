/**
 * A table keyed by route (`METHOD url`) whose entries add an onSend hook to their route, and
 * fail the app's start when an entry matches no route, so a renamed route cannot silently lose
 * what its entry does. Used by the caches that the writing routes drop before they answer
 * (auth/session-cache.routes.ts, plugins/page-cache.ts).
 */
import type { FastifyInstance, onSendHookHandler, RouteOptions } from 'fastify';

/** Call on the root instance before the module routes are registered. */
export function onSendByRoute<T>(
  app: FastifyInstance,
  table: Record<string, T>,
  opts: { name: string; hook: (entry: T) => onSendHookHandler },
): void {
  const matched = new Set<string>();
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const key = `${method} ${route.url}`;
      const entry = table[key];
      if (entry === undefined) continue;
      matched.add(key);
      const hook = opts.hook(entry);
      const existing = route.onSend;
      route.onSend = existing ? [...(Array.isArray(existing) ? existing : [existing]), hook] : hook;
    }
  });
  app.addHook('onReady', async () => {
    const missing = Object.keys(table).filter((k) => !matched.has(k));
    if (missing.length) throw new Error(`${opts.name}: no route for ${missing.join(', ')}`);
  });
}
