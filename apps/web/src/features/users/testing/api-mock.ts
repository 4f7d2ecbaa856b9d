import type { Me, PublicProfile, UserSummary } from '@otakura/shared';
import { vi } from 'vitest';

export interface MockRequest {
  method: string;
  /** Path with the query string, e.g. `/api/users/u2/followers?limit=30`. */
  path: string;
  url: URL;
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

/**
 * Stubs `fetch` with handlers keyed `"METHOD /api/path"` (query string ignored). Unknown
 * calls answer 404 in the API's error shape. Returns the mock, whose calls are MockRequests.
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
        /* keep text */
      }
    }
    const req: MockRequest = { method, path: url.pathname + url.search, url, body };
    calls.push(req);
    const handler = routes[`${method} ${url.pathname}`];
    if (handler === undefined)
      return apiError(404, 'not_found', `No mock for ${method} ${url.pathname}`);
    const reply = typeof handler === 'function' ? await handler(req) : handler;
    if (reply instanceof Response) return reply.clone();
    return json(reply.body ?? null, reply.status ?? 200);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

export const EMPTY_PAGE = { items: [], nextCursor: null };

export function makeMe(overrides: Partial<Me> = {}): Me {
  return {
    id: 'user-1',
    username: 'aiko',
    name: 'Aiko Tanaka',
    avatarUrl: '/files/a.webp',
    bio: 'Mecha and slice of life.',
    bannerUrl: '/files/b.webp',
    postCount: 3,
    followerCount: 10,
    followingCount: 4,
    isFollowing: false,
    isSelf: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    email: 'aiko@example.com',
    emailVerified: true,
    phone: null,
    birthday: 'May 03, 1995',
    twoFactorEnabled: false,
    role: 'user',
    nsfwOptIn: false,
    requiredDetailsMissing: [],
    ...overrides,
  };
}

export function makeProfile(overrides: Partial<PublicProfile> = {}): PublicProfile {
  return {
    id: 'user-2',
    username: 'kenji',
    name: 'Kenji Mori',
    avatarUrl: null,
    bio: null,
    bannerUrl: null,
    postCount: 12,
    followerCount: 41,
    followingCount: 7,
    isFollowing: false,
    isSelf: false,
    createdAt: '2025-02-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeSummary(overrides: Partial<UserSummary> = {}): UserSummary {
  return { id: 'user-3', username: 'hana', name: 'Hana Sato', avatarUrl: null, ...overrides };
}
