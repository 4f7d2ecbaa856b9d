import type { Notification, UserSummary } from '@otakura/shared';
import { vi } from 'vitest';

export const ME_ID = '0190eeee-0000-7000-8000-00000000e001';

export const rin: UserSummary = {
  id: '0190eeee-0000-7000-8000-00000000a001',
  username: 'rin',
  name: 'Rin',
  avatarUrl: null,
};
export const kenji: UserSummary = {
  id: '0190eeee-0000-7000-8000-00000000a002',
  username: 'kenji',
  name: 'Kenji Sato',
  avatarUrl: null,
};
export const hana: UserSummary = {
  id: '0190eeee-0000-7000-8000-00000000a003',
  username: 'hana',
  name: 'Hana',
  avatarUrl: null,
};

let seq = 0;

/** A notification (a like of a post by Rin unless told otherwise); ids are UUID-shaped. */
export function makeNotification(overrides: Partial<Notification> = {}): Notification {
  seq += 1;
  const at = new Date(Date.now() - seq * 60_000).toISOString();
  return {
    id: `0190eeee-0000-7000-8000-${String(seq).padStart(12, '0')}`,
    type: 'like',
    subtype: 'post',
    actors: [rin],
    actorCount: 1,
    excerpt: 'My Frieren fan art',
    reason: null,
    link: '/post/0190eeee-0000-7000-8000-0000000000f1',
    read: false,
    updatedAt: at,
    createdAt: at,
    ...overrides,
  };
}

export interface MockRequest {
  method: string;
  url: URL;
  body: unknown;
}

type Reply = { status?: number; body?: unknown };
type Handler = Reply | ((req: MockRequest) => Reply | Promise<Reply>);

/**
 * Stubs `fetch` with handlers keyed `"METHOD /api/path"` (query ignored); anything else answers
 * 404 in the API's error shape. `calls` records every request.
 */
export function mockApi(routes: Record<string, Handler>) {
  const calls: MockRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const req = { method, url, body };
    calls.push(req);
    const handler = routes[`${method} ${url.pathname}`];
    const reply: Reply = !handler
      ? { status: 404, body: { error: { code: 'not_found', message: `No mock for ${method}` } } }
      : typeof handler === 'function'
        ? await handler(req)
        : handler;
    const status = reply.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(reply.body ?? null), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}
