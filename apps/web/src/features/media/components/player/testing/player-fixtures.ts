import type { EpisodeDetail, PlaybackSession, PlaybackState } from '@otakura/shared';
import { vi } from 'vitest';

/** A request the player made, with its JSON (or text) body parsed. */
export interface PlayerRequest {
  method: string;
  path: string;
  body: unknown;
  keepalive: boolean;
}

type Reply = unknown | ((req: PlayerRequest) => unknown);

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const apiError = (status: number, code: string, message: string) =>
  json({ error: { code, message } }, status);

/**
 * Stubs fetch (the API client's transport) with `'METHOD /api/path'` routes; a reply is a body, a
 * Response, or a function of the request returning either (or a promise of one).
 */
export function mockPlayerApi(routes: Record<string, Reply>) {
  const calls: PlayerRequest[] = [];
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
    const req: PlayerRequest = { method, path: url.pathname, body, keepalive: !!init?.keepalive };
    calls.push(req);
    const route = routes[`${method} ${url.pathname}`];
    if (route === undefined)
      return apiError(404, 'not_found', `No mock for ${method} ${url.pathname}`);
    const reply =
      typeof route === 'function' ? await (route as (r: PlayerRequest) => unknown)(req) : route;
    return reply instanceof Response ? reply.clone() : json(reply);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    calls,
    to: (method: string, path: string) =>
      calls.filter((c) => c.method === method && c.path === path),
  };
}

/** Captures `navigator.sendBeacon` (jsdom has none); `remove()` takes it away again. */
export function stubBeacon(accept = true) {
  const beacon = vi.fn((_url: string, _body?: BodyInit | null) => accept);
  Object.defineProperty(navigator, 'sendBeacon', {
    value: beacon,
    configurable: true,
    writable: true,
  });
  return {
    beacon,
    sent: () =>
      beacon.mock.calls.map(([url, body]) => ({
        url,
        body: JSON.parse(String(body)) as unknown,
      })),
    remove: () => {
      delete (navigator as unknown as Record<string, unknown>).sendBeacon;
    },
  };
}

export const MEDIA_ID = '11111111-1111-7111-8111-111111111111';
export const SESSION_ID = '22222222-2222-7222-8222-222222222222';

let seq = 0;
const id = (n: number) => `33333333-3333-7333-8333-${String(n).padStart(12, '0')}`;

export function makeEpisode(overrides: Partial<EpisodeDetail> = {}): EpisodeDetail {
  seq += 1;
  return {
    id: id(seq * 10),
    mediaId: MEDIA_ID,
    number: 3,
    title: 'The Storm',
    videoUrl: '/files/media/ep3.mp4',
    thumbnailUrl: '/files/media/ep3.webp',
    durationSeconds: 1440,
    progress: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    media: { id: MEDIA_ID, kind: 'video', title: 'Sky Pirates', coverUrl: null },
    previous: { id: id(seq * 10 + 1), number: 2, title: 'The Harbour' },
    next: {
      id: id(seq * 10 + 2),
      number: 4,
      title: 'The Calm',
      thumbnailUrl: '/files/media/ep4.webp',
    },
    ...overrides,
  };
}

export function makeSession(overrides: Partial<PlaybackSession> = {}): PlaybackSession {
  return { sessionId: SESSION_ID, resumeAtSeconds: 0, heartbeatIntervalMs: 5000, ...overrides };
}

export function makeState(overrides: Partial<PlaybackState> = {}): PlaybackState {
  return {
    viewCounted: false,
    viewCount: 10,
    progress: { positionSeconds: 0, watched: false, updatedAt: '2025-01-01T00:00:00.000Z' },
    ...overrides,
  };
}
