/**
 * The page cache (docs/performance.md, "The page cache"): a per-process cache of the pages whose
 * one statement is so cheap that answering HTTP costs more than the database does — a
 * community's page, a user's profile, the pages of the media list (the same for every viewer:
 * one viewer key, `EVERY_VIEWER`), of the shop list and of a shop item (one page for every
 * viewer who blocks nobody, each one's likes beside it), and of a post's comments.
 *
 * Per target (a community or user id): the page as the first viewer got it (`base`, shared by
 * every viewer) and, per viewer, the one thing that differs between viewers (`rel`: member of
 * the community, following the user). Bounded: the least recently used target leaves first
 * (Map order), and a target keeps at most `maxViewers` viewers.
 *
 * Exact, not "fresh enough": every statement that changes a community or user row (or a series'
 * link to its community) makes the database send `rows.changed` (migration 0014's triggers) to
 * every server, and each drops those targets. A viewer's membership or follow cannot change
 * without its target's row changing too (the counter moves in the same transaction: DESIGN.md),
 * so one event covers the base and every viewer's part. The writing server also drops the
 * targets of its own writes before it answers (plugins/page-cache.ts), so a writer's next read
 * never waits for the NOTIFY. While no invalidation can arrive (the LISTEN connection is down)
 * nothing is read or stored, and everything is forgotten when it comes back. A read that
 * began before an invalidation never stores its answer (the epoch). `ttlMs` only bounds
 * memory and what a lost event could cost; 0 turns the cache off.
 */
import type { Community, LiveEvent, PublicProfile } from '@otakura/shared';
import type { FlagSets, FlaggedItem, FlaggedListPage } from './list-page-json';

export interface PageCacheOptions {
  /** How long a target's entry lives after it was filled (0: the cache is off). */
  ttlMs: number;
  /** Targets kept at most; the least recently used leaves first. */
  maxTargets?: number;
  /** Viewers kept per target at most; past that the target's viewers start over. */
  maxViewers?: number;
  /** Clock (tests). */
  now?: () => number;
  /**
   * The group of a key: `drop(group)` drops every key of it (the comments cache keeps each page of
   * a post's comments under its own key, and a change of the post's comments drops them all).
   * Without it a key is its own group.
   */
  groupOf?: (key: string) => string;
}

interface Entry<B, R> {
  base: B;
  until: number;
  viewers: Map<string, R>;
}

export class PageCache<B, R> {
  readonly ttlMs: number;
  readonly maxTargets: number;
  readonly maxViewers: number;
  private readonly now: () => number;
  private readonly entries = new Map<string, Entry<B, R>>();
  private readonly groupOf?: (key: string) => string;
  /** Group → its stored keys (only with `groupOf`). */
  private readonly groups = new Map<string, Set<string>>();
  private epochValue = 0;
  /** Whether invalidations can reach this process now (set by plugins/page-cache.ts). */
  private isLive: () => boolean = () => false;
  private wasLive = false;
  /** Counters for tests and the benchmark. */
  readonly stats = { hits: 0, misses: 0, invalidations: 0 };

  constructor(opts: PageCacheOptions) {
    this.ttlMs = opts.ttlMs;
    this.maxTargets = opts.maxTargets ?? 10_000;
    this.maxViewers = opts.maxViewers ?? 1_000;
    this.now = opts.now ?? Date.now;
    this.groupOf = opts.groupOf;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Changes on every invalidation: a read stores its answer only if it has not changed. */
  get epoch(): number {
    return this.epochValue;
  }

  /** Tells the cache how to know that invalidations can reach it (until then it is bypassed). */
  setLiveness(isLive: () => boolean): void {
    this.isLive = isLive;
  }

  /** False while the cache is off or no invalidation could reach it: bypass it. */
  private usable(): boolean {
    if (this.ttlMs <= 0) return false;
    const live = this.isLive();
    if (live !== this.wasLive) {
      // Events sent while nothing listened are lost: what was stored then is not trusted.
      this.wasLive = live;
      this.clear();
    }
    return live;
  }

  /** The target's page and this viewer's part, or undefined (a miss). */
  get(targetId: string, viewerId: string): { base: B; rel: R } | undefined {
    if (!this.usable()) return undefined;
    const entry = this.entries.get(targetId);
    const expired = entry !== undefined && entry.until <= this.now();
    if (expired) this.remove(targetId);
    const rel = expired ? undefined : entry?.viewers.get(viewerId);
    if (!entry || rel === undefined) {
      this.stats.misses++;
      return undefined;
    }
    this.entries.delete(targetId);
    this.entries.set(targetId, entry); // most recently used goes last
    this.stats.hits++;
    return { base: entry.base, rel };
  }

  /**
   * Stores what the database answered for this target and viewer — unless an invalidation
   * happened since the read began (`epochAtStart`).
   */
  set(targetId: string, viewerId: string, base: B, rel: R, epochAtStart: number): void {
    if (epochAtStart !== this.epochValue || !this.usable()) return;
    const now = this.now();
    let entry = this.entries.get(targetId);
    if (entry && entry.until <= now) entry = undefined;
    if (entry) {
      entry.base = base;
      if (entry.viewers.size >= this.maxViewers && !entry.viewers.has(viewerId))
        entry.viewers.clear();
      this.entries.delete(targetId);
    } else {
      entry = { base, until: now + this.ttlMs, viewers: new Map() };
    }
    entry.viewers.set(viewerId, rel);
    this.entries.set(targetId, entry);
    if (this.groupOf) {
      const group = this.groupOf(targetId);
      const keys = this.groups.get(group);
      if (keys) keys.add(targetId);
      else this.groups.set(group, new Set([targetId]));
    }
    while (this.entries.size > this.maxTargets) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
  }

  /** Forgets one key (and its place in its group). */
  private remove(key: string): void {
    this.entries.delete(key);
    if (!this.groupOf) return;
    const group = this.groupOf(key);
    const keys = this.groups.get(group);
    keys?.delete(key);
    if (keys?.size === 0) this.groups.delete(group);
  }

  /** Drops one target, or with `groupOf` every key of that group (null: every target). */
  drop(targetId: string | null): void {
    this.epochValue++;
    this.stats.invalidations++;
    if (targetId === null) {
      this.entries.clear();
      this.groups.clear();
    } else if (this.groupOf) {
      for (const key of this.groups.get(targetId) ?? []) this.entries.delete(key);
      this.groups.delete(targetId);
    } else this.entries.delete(targetId);
  }

  /** Forgets everything. */
  clear(): void {
    this.drop(null);
  }
}

/** The viewer key of a page every viewer sees the same (the media list). */
export const EVERY_VIEWER = '*';

/** Pages of a list kept at most (a page is ~10 kB; each search and cursor is a page). */
const LIST_PAGES = 500;
/** Shop item pages kept at most (an item's page is ~1–3 kB). */
const SHOP_ITEM_PAGES = 2_000;
/** Comment pages kept at most (a page of 50 comments is ~25–30 kB of JSON). */
const COMMENT_PAGES = 500;

/** The app's page caches (AppContext.pages). */
export interface PageCaches {
  /** Community id → the page; per viewer, whether they are a member. */
  communities: PageCache<Community, boolean>;
  /** User id → the profile; per viewer, whether they follow the user. */
  users: PageCache<PublicProfile, boolean>;
  /**
   * A page of the media list (its search, cursor and size as the key: `listPageKey`) →
   * the page's JSON as it was sent, for `EVERY_VIEWER`. Any change of the catalog drops every
   * page (migration 0015).
   */
  media: PageCache<string, true>;
  /**
   * A page of the shop list (`listPageKey`) → the page every viewer who blocks nobody sees; per
   * viewer, the ids of its items they like. Any change of the items, a seller's ban or a block
   * drops every page (migration 0016).
   */
  shop: PageCache<FlaggedListPage, FlagSets>;
  /**
   * A shop item's id (lower case) → its page as every viewer who blocks nobody sees it; per
   * viewer, whether they like it. Whatever drops the shop list drops every item page too, and so
   * does a change of what an item page shows beside the item: its seller's name or picture, its
   * series' title, its volume's number or title, its communities (migrations 0016 and 0018).
   */
  shopItems: PageCache<FlaggedItem, readonly boolean[]>;
  /**
   * A page of a post's or media entry's comments (`commentPageKey`: grouped by the target's id)
   * → the page every viewer who blocks nobody sees, when none of its comments is pinned or
   * spoiler-tagged; per viewer, the ids they like and the ids they reported. Any change of the
   * target's comments, reports of them or the post's removal drops the target's pages; an author's
   * name or picture or any block drops every page (migration 0017).
   */
  comments: PageCache<FlaggedListPage, FlagSets>;
}

export function createPageCaches(opts: PageCacheOptions): PageCaches {
  return {
    communities: new PageCache(opts),
    users: new PageCache(opts),
    media: new PageCache({ ...opts, maxTargets: LIST_PAGES }),
    shop: new PageCache({ ...opts, maxTargets: LIST_PAGES }),
    shopItems: new PageCache({ ...opts, maxTargets: SHOP_ITEM_PAGES }),
    comments: new PageCache({ ...opts, maxTargets: COMMENT_PAGES, groupOf: commentPageGroup }),
  };
}

/** Every cache of `pages`, for what applies to all of them. */
export function allPageCaches(pages: PageCaches): PageCache<unknown, unknown>[] {
  return [
    pages.communities,
    pages.users,
    pages.media,
    pages.shop,
    pages.shopItems,
    pages.comments,
  ] as PageCache<unknown, unknown>[];
}

/**
 * Applies a live event to the caches: `rows.changed` drops its targets (a list: every page,
 * whatever the id), `resync` everything.
 */
export function applyToPageCaches(pages: PageCaches, event: LiveEvent): void {
  if (event.type === 'rows.changed') {
    if (event.table === 'media' || event.table === 'shop') dropEvery(pages, event.table);
    // A comments event names the post or media entry whose comments changed (a group of pages).
    else pages[event.table].drop(event.id);
  } else if (event.type === 'resync') for (const cache of allPageCaches(pages)) cache.clear();
}

/**
 * Drops every page a table's `id: null` event covers: the media list's; the shop list's and
 * every shop item page (any item, a seller's ban, a block, what an item page shows); every
 * comments page. The writing routes' drops (plugins/page-cache.ts) go through here too.
 */
export function dropEvery(pages: PageCaches, table: 'media' | 'shop' | 'comments'): void {
  pages[table].drop(null);
  if (table === 'shop') pages.shopItems.drop(null);
}

/** A list cache's key of one request: the trimmed search, the cursor and the size. */
export function listPageKey(query: { q: string; cursor?: string; limit: number }): string {
  return JSON.stringify([query.q.trim(), query.cursor ?? '', query.limit]);
}

/**
 * A comments cache's key of one request: the target's id (its group, as the database's events
 * name it: lower case), then the cursor and the size.
 */
export function commentPageKey(
  targetId: string,
  query: { cursor?: string; limit?: number },
): string {
  return `${targetId.toLowerCase()} ${JSON.stringify([query.cursor ?? '', query.limit ?? 0])}`;
}

function commentPageGroup(key: string): string {
  return key.slice(0, key.indexOf(' '));
}

/**
 * The live event inside a NOTIFY payload of the live channel (the bus's envelope, `{o, e}`), for
 * PGlite, whose notifications do not pass through a bus; undefined for anything else.
 */
export function rowsChangedOf(payload: string): LiveEvent | undefined {
  try {
    const parsed = JSON.parse(payload) as { e?: { type?: unknown } } | null;
    if (parsed?.e?.type === 'rows.changed') return parsed.e as LiveEvent;
  } catch {
    // not ours
  }
  return undefined;
}
