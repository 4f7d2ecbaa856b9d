/**
 * Limits of the link-preview fetcher. `allowLoopback` is for tests only: it lets
 * the fetcher reach a page served by the test itself on 127.0.0.1. Kept per app
 * context (tests turn it on for their app), never read from the environment.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../plugins/context';
import type { LinkPreviewDeps } from './link-previews.service';

export interface LinkPreviewSettings {
  allowLoopback: boolean;
  /** For the page and its image together. */
  timeoutMs: number;
  maxRedirects: number;
  /** Of the HTML read (the head comes first, so a longer page is cut, not refused). */
  maxHtmlBytes: number;
  /** Of the og:image downloaded; a larger one is skipped. */
  maxImageBytes: number;
  /** A preview read is reused this long; a failure is retried sooner. */
  cacheTtlMs: number;
  failureTtlMs: number;
  /** GET /api/link-preview per user. */
  rateLimit: { max: number; windowMs: number };
  userAgent: string;
}

export const DEFAULT_LINK_PREVIEW_SETTINGS: LinkPreviewSettings = {
  allowLoopback: false,
  timeoutMs: 5_000,
  maxRedirects: 3,
  maxHtmlBytes: 1024 * 1024,
  maxImageBytes: 5 * 1024 * 1024,
  cacheTtlMs: 24 * 60 * 60 * 1000,
  failureTtlMs: 60 * 60 * 1000,
  rateLimit: { max: 30, windowMs: 60 * 1000 },
  userAgent: 'Mozilla/5.0 (compatible; OtakuraLinkPreview/1.0)',
};

const store = new WeakMap<AppContext, LinkPreviewSettings>();

export function linkPreviewSettings(ctx: AppContext): LinkPreviewSettings {
  let s = store.get(ctx);
  if (!s) {
    s = structuredClone(DEFAULT_LINK_PREVIEW_SETTINGS);
    store.set(ctx, s);
  }
  return s;
}

/** What fetchLinkPreview needs, from the app (the preview route and create-post). */
export function linkPreviewDeps(app: FastifyInstance): LinkPreviewDeps {
  return {
    db: app.ctx.database.db,
    storage: app.ctx.storage,
    settings: linkPreviewSettings(app.ctx),
    log: app.log,
  };
}
