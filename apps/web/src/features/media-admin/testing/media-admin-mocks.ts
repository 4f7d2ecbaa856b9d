import type { Episode, IssueDetail, Media, ReaderPage } from '@otakura/shared';
import { vi } from 'vitest';

export const MEDIA_ID = '0190aaaa-0000-7000-8000-00000000a001';
export const ISSUE_ID = '0190bbbb-0000-7000-8000-00000000b001';

export interface MockRequest {
  method: string;
  path: string;
  body: unknown;
}

type Reply = Response | { status?: number; body?: unknown };
export type Handler = Reply | ((req: MockRequest) => Reply | Promise<Reply>);

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export function apiError(status: number, code: string, message: string, details?: unknown) {
  return json({ error: { code, message, ...(details ? { details } : {}) } }, status);
}

/** Stubs `fetch` with handlers keyed `"METHOD /api/path"`; unknown calls answer 404. */
export function mockApi(routes: Record<string, Handler>) {
  const calls: MockRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      let body: unknown = init?.body;
      if (typeof body === 'string') body = JSON.parse(body) as unknown;
      const req = { method, path: url.pathname, body };
      calls.push(req);
      const handler = routes[`${method} ${url.pathname}`];
      if (handler === undefined)
        return apiError(404, 'not_found', `No mock for ${method} ${url.pathname}`);
      const reply = typeof handler === 'function' ? await handler(req) : handler;
      if (reply instanceof Response) return reply.clone();
      return json(reply.body ?? null, reply.status ?? 200);
    }),
  );
  return { calls };
}

/** Just enough of XMLHttpRequest for an upload; the test drives progress and the answer. */
export class FakeXhr {
  static made: FakeXhr[] = [];
  method = '';
  url = '';
  status = 0;
  statusText = '';
  responseText = '';
  headers: Record<string, string> = {};
  sent: FormData | null = null;
  upload: { onprogress: ((e: ProgressEvent) => void) | null; onload: (() => void) | null } = {
    onprogress: null,
    onload: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.made.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  getResponseHeader(name: string) {
    return this.headers[name.toLowerCase()] ?? null;
  }
  send(body: FormData) {
    this.sent = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
  }
  answer(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.upload.onload?.();
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.headers = headers;
    this.onload?.();
  }
}

export function makeMedia(overrides: Partial<Media> = {}): Media {
  return {
    id: MEDIA_ID,
    kind: 'video',
    title: 'Starlight Courier',
    author: 'Aoi Mori',
    coverUrl: null,
    nsfw: false,
    episodeCount: 0,
    volumeCount: 0,
    issueCount: 0,
    likeCount: 0,
    viewCount: 0,
    commentCount: 0,
    about: 'Parcels between stars.',
    bannerUrl: null,
    language: 'Japanese',
    keywords: ['space', 'slice of life'],
    readingDirection: 'ltr',
    likedByMe: false,
    pageCount: 1,
    nextUp: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeEpisode(overrides: Partial<Episode> = {}): Episode {
  return {
    id: '0190cccc-0000-7000-8000-00000000c001',
    mediaId: MEDIA_ID,
    number: 1,
    title: 'Departure',
    videoUrl: null,
    thumbnailUrl: null,
    durationSeconds: null,
    progress: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makePage(
  n: number,
  id = `0190dddd-0000-7000-8000-${String(n).padStart(12, '0')}`,
): ReaderPage {
  return { id, number: n, url: `/files/page-${n}.webp`, width: 800, height: 1200 };
}

export function makeIssue(pages: ReaderPage[]): IssueDetail {
  return {
    id: ISSUE_ID,
    mediaId: MEDIA_ID,
    volumeId: null,
    number: 1,
    title: 'Chapter one',
    pageCount: pages.length,
    thumbnailUrl: pages[0]?.url ?? null,
    progress: null,
    media: { id: MEDIA_ID, kind: 'manga', title: 'Paper Moon', coverUrl: null },
    volume: null,
    pages,
    previous: null,
    next: null,
    prefs: { direction: 'rtl', mode: 'single', coverAlone: true },
  };
}
