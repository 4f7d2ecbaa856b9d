/**
 * A short-lived, per-process cache of signed-in sessions (docs/auth.md, "Session cache").
 *
 * Key: the raw value of the session cookie exactly as the browser sent it (`token.signature`,
 * URL-encoded), so a hit needs neither the HMAC check of the signature nor the two queries
 * (session by token, user by id). Only values that Better Auth's `getSession` has just accepted
 * are stored; anything else is a miss that goes to Better Auth.
 *
 * Value: the `SessionUser` and the end of the entry — `ttlMs` from the lookup, never beyond the
 * session's own expiry. Bounded: the least recently used entry leaves first (Map order).
 *
 * Invalidation is by user, at once, on every server: `invalidateUser` drops this process's
 * entries of that user and publishes `session.invalidate` on the live bus; each server drops
 * its entries of that user when the event arrives (`session.revoked` — a suspension — too), and
 * forgets everything on `resync` (the bus lost events). A lookup that started before an
 * invalidation never stores its (possibly stale) answer: every invalidation bumps an epoch.
 */
import type { LiveEvent } from '@otakura/shared';
import type { LiveBus } from '../live/live-bus';
import type { SessionUser } from './auth.guard';

export interface SessionCacheOptions {
  /** How long an entry lives (default 30 s). */
  ttlMs?: number;
  /** Entries kept at most (default 10,000); the least recently used leaves first. */
  maxEntries?: number;
  /** Clock (tests). */
  now?: () => number;
}

interface Entry {
  user: SessionUser;
  /** ms since epoch: min(lookup + ttl, session expiry). */
  until: number;
}

/** The internal bus event that drops a user's cached sessions (never sent to a browser). */
export type SessionInvalidateEvent = Extract<LiveEvent, { type: 'session.invalidate' }>;

export class SessionCache {
  /** False: every request goes to Better Auth (benchmarks compare both). */
  enabled = true;
  readonly ttlMs: number;
  readonly maxEntries: number;
  private readonly now: () => number;
  private readonly entries = new Map<string, Entry>();
  private epochValue = 0;
  private bus: LiveBus | undefined;
  private unsubscribe: (() => void) | undefined;
  /** Counters for tests and the benchmark. */
  readonly stats = { hits: 0, misses: 0, invalidations: 0 };

  constructor(opts: SessionCacheOptions = {}) {
    this.ttlMs = opts.ttlMs ?? 30_000;
    this.maxEntries = opts.maxEntries ?? 10_000;
    this.now = opts.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Changes on every invalidation: a lookup stores its answer only if it has not changed. */
  get epoch(): number {
    return this.epochValue;
  }

  /** The cached user of this cookie value, or undefined (a miss). */
  get(cookieValue: string): SessionUser | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(cookieValue);
    if (!entry) {
      this.stats.misses++;
      return undefined;
    }
    this.entries.delete(cookieValue);
    if (entry.until <= this.now()) {
      this.stats.misses++;
      return undefined;
    }
    this.entries.set(cookieValue, entry); // most recently used goes last
    this.stats.hits++;
    return entry.user;
  }

  /**
   * Stores what Better Auth answered for this cookie value — unless an invalidation happened
   * since the lookup began (`epochAtStart`), or the session has already ended.
   */
  set(cookieValue: string, user: SessionUser, sessionExpiresAt: Date, epochAtStart: number): void {
    if (!this.enabled || epochAtStart !== this.epochValue) return;
    const now = this.now();
    const until = Math.min(now + this.ttlMs, sessionExpiresAt.getTime());
    if (until <= now) return;
    this.entries.delete(cookieValue);
    this.entries.set(cookieValue, { user: Object.freeze({ ...user }), until });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** Drops this process's entries of `userId` (no event). */
  dropUser(userId: string): void {
    this.epochValue++;
    this.stats.invalidations++;
    for (const [key, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(key);
  }

  /** Forgets everything on this process. */
  clear(): void {
    this.epochValue++;
    this.entries.clear();
  }

  /**
   * A user's sessions or account changed: drop them here at once and tell every other server.
   * Awaited by the caller before it answers, so the next request (to any server) sees the change.
   */
  async invalidateUser(userId: string): Promise<void> {
    this.dropUser(userId);
    if (!this.bus) return;
    try {
      await this.bus.publish({ type: 'session.invalidate', userId });
    } catch {
      // The bus logs its own failures; other servers forget the entry within ttlMs anyway.
    }
  }

  /** Listens to the live bus (and publishes on it); replaces a previous bus. */
  attach(bus: LiveBus): void {
    this.detach();
    this.bus = bus;
    this.unsubscribe = bus.subscribe((event) => {
      if (event.type === 'session.invalidate' || event.type === 'session.revoked')
        this.dropUser(event.userId);
      else if (event.type === 'resync') this.clear();
    });
  }

  detach(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.bus = undefined;
  }
}

/**
 * The value of cookie `name` in a `Cookie` header, as sent (not decoded); undefined when it is
 * missing or appears more than once (then Better Auth decides, uncached).
 */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  let found: string | undefined;
  let start = 0;
  while (start < header.length) {
    let end = header.indexOf(';', start);
    if (end === -1) end = header.length;
    const eq = header.indexOf('=', start);
    if (eq !== -1 && eq < end && header.slice(start, eq).trim() === name) {
      if (found !== undefined) return undefined;
      found = header.slice(eq + 1, end).trim();
    }
    start = end + 1;
  }
  return found || undefined;
}

const caches = new WeakMap<object, SessionCache>();

/** The session cache of one Better Auth instance (created with it in `createAuth`). */
export function sessionCacheOf(auth: object): SessionCache | undefined {
  return caches.get(auth);
}

/** Binds `cache` to the Better Auth instance that fills it. */
export function registerSessionCache(auth: object, cache: SessionCache): void {
  caches.set(auth, cache);
}
