/**
 * Link previews (spec §7 "Link preview"; DESIGN.md: fetched by our server with SSRF
 * protection, cached). A preview never fails loudly: whatever goes wrong, the answer
 * is the URL with null fields, and the failure is cached for a while so it is not
 * refetched at once. The page's image is downloaded under the same rules, re-encoded
 * by processImage and stored with us, so clients never hot-link a third party.
 */
import { createHash } from 'node:crypto';
import { LINK_CREDENTIALS_MESSAGE } from '@otakura/shared';
import type { Db } from '../../db/client';
import { validationError } from '../../lib/errors';
import type { Storage } from '../../storage/storage';
import { saveImageUpload } from '../uploads/upload.service';
import { decodeHtml, parsePageMeta } from './html-meta';
import type { LinkPreviewSettings } from './link-previews.settings';
import * as repo from './link-previews.repository';
import { FetchFailedError, safeGet, type SafeFetchOptions } from './safe-fetch';
import { BlockedTargetError, type Resolver } from './ssrf-guard';

export interface LinkPreviewDeps {
  db: Db;
  storage: Storage;
  settings: LinkPreviewSettings;
  /** Tests swap DNS; production uses the system resolver. */
  resolver?: Resolver;
  log?: { debug(obj: object, msg: string): void };
}

export interface LinkPreviewData {
  /** The URL as given (normalised: no fragment). */
  url: string;
  title: string | null;
  description: string | null;
  siteName: string | null;
  /** Storage key of our copy of the page's image. */
  imageKey: string | null;
}

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** The URL we fetch and cache by: parsed, fragment dropped. Null for anything but http(s). */
export function normalizeUrl(raw: string): URL | null {
  try {
    const url = new URL(raw.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url;
  } catch {
    return null;
  }
}

export const urlHash = (url: URL) => createHash('sha256').update(url.href).digest('hex');

const empty = (url: string): LinkPreviewData => ({
  url,
  title: null,
  description: null,
  siteName: null,
  imageKey: null,
});

function fromRow(row: repo.LinkPreviewRow): LinkPreviewData {
  return {
    url: row.url,
    title: row.title,
    description: row.description,
    siteName: row.siteName,
    imageKey: row.imageKey,
  };
}

/** Concurrent requests for one URL share one fetch (per database, so test apps stay apart). */
const inflight = new WeakMap<Db, Map<string, Promise<LinkPreviewData>>>();

/** The same words as the shared url rule, which refuses such links before they get here. */
export { LINK_CREDENTIALS_MESSAGE };

/** True when the link carries `user:pass@` (or just `user@`) before its host. */
export function hasCredentials(rawUrl: string): boolean {
  try {
    const url = new URL(rawUrl.trim());
    return url.username !== '' || url.password !== '';
  } catch {
    return false;
  }
}

/**
 * The preview of `rawUrl`: from the cache while fresh (24 h; a failure 1 h), else
 * fetched now under the SSRF rules within one 5 s budget. Never throws for
 * anything about the remote page; only a database error propagates — and a link with
 * credentials in it (`https://user:pass@host/`), which is refused with 400 `validation_error`
 * before anything is fetched, echoed or cached (the secret must not travel or be stored).
 */
export async function fetchLinkPreview(
  deps: LinkPreviewDeps,
  rawUrl: string,
): Promise<LinkPreviewData> {
  if (hasCredentials(rawUrl))
    throw validationError(
      [{ path: 'url', message: LINK_CREDENTIALS_MESSAGE }],
      LINK_CREDENTIALS_MESSAGE,
    );
  const url = normalizeUrl(rawUrl);
  if (!url) return empty(rawUrl);
  const hash = urlHash(url);
  const cached = await repo.findPreview(deps.db, hash);
  if (cached) {
    const ttl = cached.status === 'ok' ? deps.settings.cacheTtlMs : deps.settings.failureTtlMs;
    if (Date.now() - cached.fetchedAt.getTime() < ttl) return fromRow(cached);
  }
  let running = inflight.get(deps.db);
  if (!running) inflight.set(deps.db, (running = new Map()));
  const existing = running.get(hash);
  if (existing) return existing;
  const work = fetchAndStore(deps, url, hash).finally(() => running.delete(hash));
  running.set(hash, work);
  return work;
}

async function fetchAndStore(
  deps: LinkPreviewDeps,
  url: URL,
  hash: string,
): Promise<LinkPreviewData> {
  const { settings } = deps;
  const deadline = Date.now() + settings.timeoutMs;
  const common: Omit<SafeFetchOptions, 'maxBytes' | 'overflow' | 'accept'> = {
    policy: { allowLoopback: settings.allowLoopback },
    resolver: deps.resolver,
    deadline,
    maxRedirects: settings.maxRedirects,
    userAgent: settings.userAgent,
  };
  let data = empty(url.href);
  let status: repo.LinkPreviewStatus = 'ok';
  try {
    const page = await safeGet(url, {
      ...common,
      maxBytes: settings.maxHtmlBytes,
      overflow: 'truncate',
      accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
    });
    if (!HTML_TYPES.has(page.mediaType))
      throw new FetchFailedError(`not HTML (${page.mediaType || 'no type'})`);
    const meta = parsePageMeta(decodeHtml(page.body, page.charset), page.url);
    data = { ...data, title: meta.title, description: meta.description, siteName: meta.siteName };
    if (meta.imageUrl) data.imageKey = await fetchImage(deps, common, meta.imageUrl, hash);
  } catch (err) {
    if (!(err instanceof BlockedTargetError) && !(err instanceof FetchFailedError)) throw err;
    status = err instanceof BlockedTargetError ? 'blocked' : 'failed';
    deps.log?.debug({ url: url.href, reason: err.message }, 'link preview not fetched');
  }
  await repo.savePreview(deps.db, { urlHash: hash, ...data, status });
  return data;
}

/** Our stored copy of the page's image, or null when it cannot be had (blocked, too big, not an image). */
async function fetchImage(
  deps: LinkPreviewDeps,
  common: Omit<SafeFetchOptions, 'maxBytes' | 'overflow' | 'accept'>,
  imageUrl: string,
  hash: string,
): Promise<string | null> {
  try {
    const image = await safeGet(imageUrl, {
      ...common,
      maxBytes: deps.settings.maxImageBytes,
      overflow: 'fail',
      accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9,*/*;q=0.1',
    });
    // The type comes from the bytes (processImage); the header is not trusted.
    const saved = await saveImageUpload(deps.storage, {
      prefix: `link-previews/${hash.slice(0, 2)}`,
      buffer: image.body,
      maxWidth: 640,
    });
    return saved.key;
  } catch (err) {
    deps.log?.debug({ imageUrl, reason: (err as Error).message }, 'link preview image not stored');
    return null;
  }
}
