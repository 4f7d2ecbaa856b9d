import type { CommunityPage, Post, PostPage } from '@otakura/shared';
import { vi } from 'vitest';

export interface MockRequest {
  method: string;
  /** Path with the query string, e.g. `/api/feed?tab=all&sort=new`. */
  path: string;
  url: URL;
  body: unknown;
}

type Reply = Response | { status?: number; body?: unknown } | object;
export type Handler = Reply | ((req: MockRequest) => Reply | Promise<Reply>);

export function json(body: unknown, status = 200): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export function apiError(status: number, code: string, message: string, details?: unknown) {
  return json({ error: { code, message, ...(details ? { details } : {}) } }, status);
}

/**
 * Stubs `fetch` with handlers keyed `"METHOD /api/path"` (query string ignored); unknown calls
 * answer 404 in the API's error shape. `calls` records every request.
 */
export function mockApi(routes: Record<string, Handler>) {
  const calls: MockRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    let body: unknown = init?.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        /* keep the text */
      }
    }
    const req: MockRequest = { method, path: url.pathname + url.search, url, body };
    calls.push(req);
    const handler = routes[`${method} ${url.pathname}`];
    if (handler === undefined) {
      return apiError(404, 'not_found', `No mock for ${method} ${url.pathname}`);
    }
    const reply = typeof handler === 'function' ? await handler(req) : handler;
    if (reply instanceof Response) return reply.clone();
    // `{ body?, status? }` is a reply; any other object is the body itself.
    const keys = Object.keys(reply);
    if (keys.length === 0 || !keys.every((k) => k === 'body' || k === 'status')) return json(reply);
    const answer = reply as { body?: unknown; status?: number };
    return json(answer.body ?? null, answer.status ?? 200);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

let seq = 0;

/** A post of any type; ids are UUID-shaped so topics and paths look real. */
export function makePost(overrides: Partial<Post> = {}): Post {
  seq += 1;
  const n = String(seq).padStart(12, '0');
  return {
    id: `00000000-0000-7000-8000-${n}`,
    type: 0,
    title: `Post ${seq}`,
    body: 'A few words about the latest episode.',
    nsfw: false,
    spoiler: false,
    community: { id: 'c0000000-0000-7000-8000-000000000001', name: 'Mecha Lovers', imageUrl: null },
    author: {
      id: 'u0000000-0000-7000-8000-000000000002',
      username: 'rei',
      name: 'Rei Ayanami',
      avatarUrl: null,
    },
    images: [],
    video: null,
    link: null,
    likeCount: 0,
    commentCount: 0,
    likedByMe: false,
    createdAt: new Date(Date.now() - 30_000).toISOString(),
    ...overrides,
  };
}

export function page(items: Post[], nextCursor: string | null = null): PostPage {
  return { items, nextCursor };
}

export function communities(
  items: Array<{ id: string; name: string; isMember?: boolean; memberCount?: number }>,
): CommunityPage {
  return {
    items: items.map((c) => ({
      id: c.id,
      name: c.name,
      imageUrl: null,
      thumbnailUrl: null,
      memberCount: c.memberCount ?? 12,
      isMember: c.isMember ?? false,
    })),
    nextCursor: null,
  };
}

/**
 * A controllable IntersectionObserver: `intersect(el)` reports an element as visible at `ratio`.
 * Install with `installIntersectionObserver()`; `observers` lists the live ones.
 */
export function installIntersectionObserver() {
  const observers = new Set<FakeObserver>();
  class FakeObserver {
    readonly elements = new Set<Element>();
    constructor(
      readonly callback: IntersectionObserverCallback,
      readonly options: IntersectionObserverInit = {},
    ) {
      observers.add(this);
    }
    observe(el: Element) {
      this.elements.add(el);
    }
    unobserve(el: Element) {
      this.elements.delete(el);
    }
    disconnect() {
      this.elements.clear();
      observers.delete(this);
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  const intersect = (predicate: (el: Element) => boolean, ratio = 1) => {
    for (const observer of [...observers]) {
      const hits = [...observer.elements].filter(predicate);
      if (hits.length === 0) continue;
      observer.callback(
        hits.map(
          (target) =>
            ({
              target,
              isIntersecting: ratio > 0,
              intersectionRatio: ratio,
            }) as IntersectionObserverEntry,
        ),
        observer as unknown as IntersectionObserver,
      );
    }
  };
  /** Whether some observer watches an element (effects attach observers after the render). */
  const observed = (predicate: (el: Element) => boolean) =>
    [...observers].some((observer) => [...observer.elements].some(predicate));
  return { observers, intersect, observed };
}
