/**
 * Wires the page cache (lib/page-cache.ts) into the app.
 *
 * Where invalidations come from: the database's `rows.changed` NOTIFYs (migration 0014). On
 * PGlite, its own LISTEN; on PostgreSQL, the live bus's LISTEN connection when the bus is
 * PostgreSQL's, else a LISTEN connection of its own (a Redis or in-memory bus does not see the
 * database's NOTIFYs). The cache is bypassed whenever that connection is down.
 *
 * The writer's own answer: the routes below drop the targets of their write on this server
 * before they answer (2xx/3xx), so the writer's next read here cannot come before the NOTIFY
 * does. One table, keyed by route (plugins/route-table.ts): an entry that matches no route
 * fails the app's start.
 */
import type { FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify';
import {
  allPageCaches,
  applyToPageCaches,
  dropEvery,
  rowsChangedOf,
  type PageCache,
  type PageCaches,
} from '../lib/page-cache';
import { isId } from '../lib/ids';
import { optionalUser } from '../modules/auth/auth.guard';
import { findComment } from '../modules/comments/comments.repository';
import { createPgLiveBus, LIVE_CHANNEL, type PgLiveBus } from '../modules/live/pg-live-bus';
import { onSendByRoute } from './route-table';

type Target =
  | 'communities:params.communityId'
  | 'users:params.userId'
  | 'users:self'
  /** Every page of the media list (a like, a view, a comment, an edit moves what it shows). */
  | 'media:list'
  /**
   * Every page of the shop list and every item page (a like, stock, an edit, a block or a ban
   * moves them; an item page also shows its seller's name and picture, its series, its
   * communities).
   */
  | 'shop:all'
  /** The comment pages of the post or media entry the route names. */
  | 'comments:params.postId'
  | 'comments:params.mediaId'
  /** The comment pages of the post or media entry of the comment the route names. */
  | 'comments:params.commentId'
  /** Every comment page (a block, a name or picture, a moderation action). */
  | 'comments:all';

/** `METHOD url` → the cached pages a successful answer of the route changed. */
export const PAGE_CHANGING_ROUTES: Record<string, Target[]> = {
  'PUT /api/communities/:communityId/membership': ['communities:params.communityId'],
  'DELETE /api/communities/:communityId/membership': ['communities:params.communityId'],
  'PATCH /api/admin/communities/:communityId': ['communities:params.communityId', 'shop:all'],
  'POST /api/admin/communities/:communityId/image': ['communities:params.communityId'],
  'PUT /api/users/:userId/follow': ['users:params.userId', 'users:self'],
  'DELETE /api/users/:userId/follow': ['users:params.userId', 'users:self'],
  'PUT /api/users/:userId/block': ['users:params.userId', 'users:self', 'shop:all', 'comments:all'],
  'DELETE /api/users/:userId/block': [
    'users:params.userId',
    'users:self',
    'shop:all',
    'comments:all',
  ],
  'PATCH /api/me/profile': ['users:self'],
  'PATCH /api/me/account': ['users:self', 'comments:all', 'shop:all'],
  'POST /api/me/avatar': ['users:self', 'comments:all', 'shop:all'],
  'POST /api/me/banner': ['users:self'],
  'PUT /api/media/:mediaId/like': ['media:list'],
  'DELETE /api/media/:mediaId/like': ['media:list'],
  'POST /api/episodes/:episodeId/playback': ['media:list'],
  'POST /api/playback/:sessionId/heartbeat': ['media:list'],
  'POST /api/playback/:sessionId/close': ['media:list'],
  'POST /api/media/:mediaId/comments': ['media:list', 'comments:params.mediaId'],
  'POST /api/posts/:postId/comments': ['comments:params.postId'],
  'PATCH /api/comments/:commentId': ['comments:params.commentId'],
  'DELETE /api/comments/:commentId': ['media:list', 'comments:params.commentId'],
  'PUT /api/comments/:commentId/like': ['comments:params.commentId'],
  'DELETE /api/comments/:commentId/like': ['comments:params.commentId'],
  'POST /api/comments/:commentId/report': ['comments:params.commentId'],
  'DELETE /api/posts/:postId': ['comments:params.postId'],
  'POST /api/moderation/cases/:targetType/:targetId/actions': [
    'media:list',
    'shop:all',
    'comments:all',
  ],
  'POST /api/moderation/users/:userId/suspend': ['shop:all'],
  'POST /api/moderation/users/:userId/unsuspend': ['shop:all'],
  'POST /api/admin/media': ['media:list'],
  'PATCH /api/admin/media/:mediaId': ['media:list', 'shop:all'],
  'PATCH /api/admin/volumes/:volumeId': ['shop:all'],
  'PUT /api/admin/media/:mediaId/cover': ['media:list'],
  'PUT /api/admin/media/:mediaId/banner': ['media:list'],
  'POST /api/admin/media/:mediaId/episodes': ['media:list'],
  'POST /api/admin/media/:mediaId/volumes': ['media:list'],
  'POST /api/admin/media/:mediaId/issues': ['media:list'],
  'PUT /api/shop/items/:itemId/like': ['shop:all'],
  'DELETE /api/shop/items/:itemId/like': ['shop:all'],
  'POST /api/admin/shop/items': ['shop:all'],
  'PATCH /api/admin/shop/items/:itemId': ['shop:all'],
  'PUT /api/admin/shop/items/:itemId/image': ['shop:all'],
  'POST /api/checkout': ['shop:all'],
  'POST /api/checkout/test/:sessionId/pay': ['shop:all'],
  'POST /api/orders/by-session/:sessionId/cancel': ['shop:all'],
};

/** The targets that drop every page of a table, and that table (`dropEvery`). */
const EVERY: Partial<Record<Target, 'media' | 'shop' | 'comments'>> = {
  'media:list': 'media',
  'shop:all': 'shop',
  'comments:all': 'comments',
};

type IdTarget = Exclude<Target, 'media:list' | 'shop:all' | 'comments:all'>;

/** The route parameter each target with an id names. */
const PARAM: Record<Exclude<IdTarget, 'users:self'>, string> = {
  'communities:params.communityId': 'communityId',
  'users:params.userId': 'userId',
  'comments:params.postId': 'postId',
  'comments:params.mediaId': 'mediaId',
  'comments:params.commentId': 'commentId',
};

async function idOf(
  app: FastifyInstance,
  req: FastifyRequest,
  target: IdTarget,
): Promise<string | undefined> {
  if (target === 'users:self') return (await optionalUser(req))?.id;
  const value = (req.params as Record<string, unknown> | undefined)?.[PARAM[target]];
  if (typeof value !== 'string') return undefined;
  if (target === 'comments:params.commentId') {
    // The comment's post or entry: one primary-key read, after a write that succeeded.
    const row = isId(value) ? await findComment(app.ctx.database.db, value) : undefined;
    return row ? (row.postId ?? row.mediaId ?? undefined) : undefined;
  }
  // Keys are in lower case, as the database's events name the rows.
  return value.toLowerCase();
}

/** The cache a target's pages are in. */
function cacheOf(pages: PageCaches, target: Target): PageCache<unknown, unknown> {
  const name = target.slice(0, target.indexOf(':')) as keyof PageCaches;
  return pages[name] as PageCache<unknown, unknown>;
}

/** Listens for invalidations and tells the caches whether they can arrive. */
function listen(app: FastifyInstance, pages: PageCaches): void {
  const { database, live } = app.ctx;
  const setLiveness = (isLive: () => boolean) => {
    for (const cache of allPageCaches(pages)) cache.setLiveness(isLive);
  };
  if (database.kind === 'pglite') {
    const pglite = database.pglite;
    if (!pglite) return;
    let unlisten: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      unlisten = await pglite.listen(LIVE_CHANNEL, (payload) => {
        const event = rowsChangedOf(payload);
        if (event) applyToPageCaches(pages, event);
      });
      setLiveness(() => !pglite.closed);
    });
    app.addHook('onClose', async () => {
      setLiveness(() => false);
      if (unlisten && !pglite.closed) await unlisten().catch(() => undefined);
    });
    return;
  }
  if (!database.pool) return;
  const bus = live.kind === 'postgres' && 'isListening' in live ? (live as PgLiveBus) : undefined;
  const source = bus ?? createPgLiveBus(database.pool, { log: app.log });
  const unsubscribe = source.subscribe((event) => applyToPageCaches(pages, event));
  setLiveness(() => source.isListening());
  app.addHook('onClose', async () => {
    setLiveness(() => false);
    unsubscribe();
    if (!bus) await source.close();
  });
}

/** Call before the module routes are registered (their onRoute hooks see the table). */
export function installPageCache(app: FastifyInstance): void {
  const pages = app.ctx.pages;
  if (pages.communities.ttlMs <= 0) return;
  listen(app, pages);

  onSendByRoute(app, PAGE_CHANGING_ROUTES, {
    name: 'page cache (plugins/page-cache.ts)',
    hook:
      (targets): onSendHookHandler =>
      async (req, reply, payload) => {
        if (reply.statusCode < 400) {
          for (const target of targets) {
            const table = EVERY[target];
            if (table) {
              dropEvery(pages, table);
              continue;
            }
            const id = await idOf(app, req, target as IdTarget);
            if (id) cacheOf(pages, target).drop(id);
          }
        }
        return payload;
      },
  });
}
