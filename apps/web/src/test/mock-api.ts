/**
 * A fetch stub for component tests: handlers keyed "METHOD /api/path". Features that still keep
 * their own copy (users, auth, moderation, media-admin, notifications) can move to this one.
 */
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
