import type { IssueDetail, ReaderPage } from '@otakura/shared';
import { vi } from 'vitest';

/** Everything the reader sent, in order: fetches and image requests (`new Image().src`). */
export type LogEntry =
  | { kind: 'fetch'; method: string; path: string; body: unknown; keepalive: boolean }
  | { kind: 'image'; url: string };

export const ISSUE_ID = '11111111-1111-7111-8111-111111111111';
export const NEXT_ID = '22222222-2222-7222-8222-222222222222';
export const MEDIA_ID = '33333333-3333-7333-8333-333333333333';

export function makePages(count: number, prefix = '/files/p', landscape: number[] = []) {
  return Array.from({ length: count }, (_, i): ReaderPage => ({
    id: `${prefix}-${i + 1}`,
    number: i + 1,
    url: `${prefix}/${i + 1}.webp`,
    width: landscape.includes(i + 1) ? 1600 : 800,
    height: landscape.includes(i + 1) ? 1100 : 1200,
  }));
}

/** A 12-page issue 3 of volume 2, with a next issue, read left to right in single mode. */
export function makeIssue(overrides: Partial<IssueDetail> = {}): IssueDetail {
  const pages = overrides.pages ?? makePages(12);
  return {
    id: ISSUE_ID,
    mediaId: MEDIA_ID,
    volumeId: 'v1',
    number: 3,
    title: 'Harbour Lights',
    pageCount: pages.length,
    thumbnailUrl: pages[0]?.url ?? null,
    progress: null,
    media: { id: MEDIA_ID, kind: 'manga', title: 'Moonlit Tide', coverUrl: null },
    volume: { id: 'v1', number: 2, title: '' },
    previous: null,
    next: { id: NEXT_ID, number: 4, title: 'The Storm', firstPages: makePages(3, '/files/n') },
    prefs: { direction: 'ltr', mode: 'single', coverAlone: true },
    ...overrides,
    pages,
  };
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const apiError = (status: number, code: string, message: string) =>
  json({ error: { code, message } }, status);

type Handler = (entry: Extract<LogEntry, { kind: 'fetch' }>) => Response | Promise<Response>;

/**
 * Stubs fetch (the API client's transport and the keepalive save) and `Image` (the preloader),
 * logging both in one timeline. Routes are `METHOD /path`; unknown ones answer 404.
 */
export function mockReader(routes: Record<string, Handler>) {
  const log: LogEntry[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    let body: unknown = init?.body;
    if (typeof body === 'string') body = JSON.parse(body);
    const entry = {
      kind: 'fetch' as const,
      method,
      path: url.pathname,
      body,
      keepalive: init?.keepalive === true,
    };
    log.push(entry);
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) return apiError(404, 'not_found', `No mock for ${method} ${url.pathname}`);
    return (await handler(entry)).clone();
  });
  vi.stubGlobal('fetch', fetchMock);

  class FakeImage {
    decoding = 'auto';
    #src = '';
    get src() {
      return this.#src;
    }
    set src(url: string) {
      this.#src = url;
      log.push({ kind: 'image', url });
    }
    decode() {
      return Promise.resolve();
    }
  }
  vi.stubGlobal('Image', FakeImage);

  return {
    log,
    fetchMock,
    fetches: (method: string, pathPart: string) =>
      log.filter(
        (e): e is Extract<LogEntry, { kind: 'fetch' }> =>
          e.kind === 'fetch' && e.method === method && e.path.includes(pathPart),
      ),
    images: () => log.filter((e) => e.kind === 'image').map((e) => e.url),
  };
}

/** Routes of a readable issue: GET it, PUT progress (echoed), PUT prefs (merged). */
export function issueRoutes(issue: IssueDetail, extra: Record<string, Handler> = {}) {
  return {
    [`GET /api/issues/${issue.id}`]: () => json(issue),
    [`PUT /api/issues/${issue.id}/progress`]: (e: { body: unknown }) => {
      const page = (e.body as { page: number }).page;
      return json({
        page,
        finished: page >= issue.pages.length,
        updatedAt: new Date().toISOString(),
      });
    },
    [`PUT /api/media/${issue.media.id}/reader-prefs`]: (e: { body: unknown }) =>
      json({ ...issue.prefs, ...(e.body as object) }),
    ...extra,
  } satisfies Record<string, Handler>;
}

/**
 * A controllable IntersectionObserver: `fire(target => isIntersecting)` reports every observed
 * element of every observer.
 */
export function installFakeIntersectionObserver() {
  const observers = new Set<FakeIO>();
  class FakeIO {
    elements = new Set<Element>();
    constructor(private callback: IntersectionObserverCallback) {
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
    report(isIntersecting: (el: Element) => boolean) {
      const entries = [...this.elements].map(
        (target) =>
          ({ target, isIntersecting: isIntersecting(target) }) as IntersectionObserverEntry,
      );
      if (entries.length) this.callback(entries, this as unknown as IntersectionObserver);
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeIO);
  return {
    fire: (isIntersecting: (el: Element) => boolean) =>
      [...observers].forEach((o) => o.report(isIntersecting)),
  };
}
