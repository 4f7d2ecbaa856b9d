import { vi } from 'vitest';

/** One request the app made through `fetch`. */
export interface MockCall {
  method: string;
  /** Path without the query string, e.g. `/api/auth/sign-in/email`. */
  path: string;
  url: URL;
  body: unknown;
  headers: Record<string, string>;
}

type Reply = Response | { status?: number; body?: unknown } | 'network-error';
export type Handler = Reply | ((call: MockCall) => Reply | Promise<Reply>);

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** An answer in the API's error shape. */
export function apiError(
  status: number,
  code: string,
  message: string,
  extra: { details?: Array<{ path: string; message: string }>; retryAfter?: number } = {},
): Response {
  return json({ error: { code, message, ...extra } }, status);
}

/** A solvable-looking challenge (the solver is mocked in tests). */
export const CHALLENGE = {
  algorithm: 'SHA-256',
  challenge: 'c'.repeat(64),
  maxnumber: 50000,
  salt: 'abc?expires=9999999999&',
  signature: 's'.repeat(64),
} as const;

/**
 * Stubs `fetch` with handlers keyed `"METHOD /api/path"` (query ignored); `'network-error'` makes
 * the request fail as if the server could not be reached. Unknown calls answer 404.
 * Undo with `vi.unstubAllGlobals()`.
 */
export function mockApi(routes: Record<string, Handler>) {
  const calls: MockCall[] = [];
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
    const headers = Object.fromEntries(
      Object.entries((init?.headers as Record<string, string> | undefined) ?? {}).map(([k, v]) => [
        k.toLowerCase(),
        v,
      ]),
    );
    const call: MockCall = { method, path: url.pathname, url, body, headers };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    if (handler === undefined) {
      return apiError(404, 'not_found', `No mock for ${method} ${url.pathname}`);
    }
    const reply = typeof handler === 'function' ? await handler(call) : handler;
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    if (reply instanceof Response) return reply.clone();
    return json(reply.body ?? null, reply.status ?? 200);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetch: fetchMock,
    calls,
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}
