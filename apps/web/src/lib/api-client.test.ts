import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, buildUrl, createApiClient, NETWORK_ERROR_MESSAGE } from './api-client';

const PostSchema = z.object({ id: z.string(), title: z.string() });

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

function setup(responses: Array<Response | Error>) {
  const fetch = vi.fn<typeof globalThis.fetch>();
  for (const r of responses) {
    if (r instanceof Error) fetch.mockRejectedValueOnce(r);
    else fetch.mockResolvedValueOnce(r);
  }
  let clock = 0;
  const sleep = vi.fn(async (ms: number) => {
    clock += ms;
  });
  const api = createApiClient({ fetch, sleep, now: () => clock, random: () => 0.5 });
  return { api, fetch, sleep };
}

describe('api client', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('GETs a path under /api with the query, same-origin cookies, and parses the body with the schema', async () => {
    const { api, fetch } = setup([json(200, { id: 'p1', title: 'Hello', extra: true })]);
    const post = await api.get('/posts/p1', {
      query: { include: 'author', skip: undefined },
      schema: PostSchema,
    });
    expect(post).toEqual({ id: 'p1', title: 'Hello' });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/posts/p1?include=author');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.method).toBe('GET');
  });

  it('throws ApiError with the server code, message and details on a non-2xx answer', async () => {
    const { api } = setup([
      json(400, {
        error: {
          code: 'validation_error',
          message: 'Invalid input',
          details: [{ path: 'title', message: 'Too long' }],
        },
      }),
    ]);
    const error = await api.post('/posts', { body: { title: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_error',
      message: 'Invalid input',
      details: [{ path: 'title', message: 'Too long' }],
    });
  });

  it('sends a JSON body on mutations', async () => {
    const { api, fetch } = setup([json(201, { id: 'p2', title: 'New' })]);
    await api.post('/posts', { body: { title: 'New' }, schema: PostSchema });
    const init = fetch.mock.calls[0]![1]!;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"title":"New"}');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
  });

  it('fails loudly when a 2xx body does not match the schema', async () => {
    const { api } = setup([json(200, { id: 42 })]);
    await expect(api.get('/posts/p1', { schema: PostSchema, retry: false })).rejects.toMatchObject({
      status: 200,
      code: 'invalid_response',
    });
  });

  it('returns undefined for 204 No Content', async () => {
    const { api } = setup([new Response(null, { status: 204 })]);
    await expect(api.delete('/posts/p1')).resolves.toBeUndefined();
  });

  it('turns a failed connection into ApiError(0, network-request-failed) with the spec message', async () => {
    const { api } = setup([new TypeError('Failed to fetch')]);
    const error = await api.post('/posts', { body: {} }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 0,
      code: 'network-request-failed',
      message: NETWORK_ERROR_MESSAGE,
    });
  });

  it('keeps a stable code when the error body is not JSON (a proxy page)', async () => {
    const { api } = setup([
      new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    ]);
    await expect(api.post('/posts', { body: {} })).rejects.toMatchObject({
      status: 502,
      code: 'internal_error',
    });
  });

  it('retries a GET on 503, 408 and 429 with growing delays, then succeeds', async () => {
    const { api, fetch, sleep } = setup([
      json(503, { error: { code: 'unavailable', message: 'Down' } }),
      json(408, { error: { code: 'timeout', message: 'Slow' } }),
      json(429, { error: { code: 'rate_limited', message: 'Slow down' } }),
      json(200, { id: 'p1', title: 'Hello' }),
    ]);
    await expect(api.get('/posts/p1', { schema: PostSchema })).resolves.toEqual({
      id: 'p1',
      title: 'Hello',
    });
    expect(fetch).toHaveBeenCalledTimes(4);
    const delays = sleep.mock.calls.map(([ms]) => ms);
    expect(delays[1]!).toBeGreaterThan(delays[0]!);
    expect(delays[2]!).toBeGreaterThan(delays[1]!);
  });

  it('honours retryAfter from a rate-limited answer', async () => {
    const { api, sleep } = setup([
      json(429, { error: { code: 'rate_limited', message: 'Slow down', retryAfter: 7 } }),
      json(200, { id: 'p1', title: 'Hello' }),
    ]);
    await api.get('/posts/p1', { schema: PostSchema });
    expect(sleep.mock.calls[0]![0]).toBe(7000);
  });

  it('gives up after about 2 minutes of retrying and throws the last error', async () => {
    const { api, fetch, sleep } = setup(
      Array.from({ length: 50 }, () =>
        json(500, { error: { code: 'internal_error', message: 'Boom' } }),
      ),
    );
    await expect(api.get('/posts')).rejects.toMatchObject({ status: 500, code: 'internal_error' });
    const waited = sleep.mock.calls.reduce((sum, [ms]) => sum + ms, 0);
    expect(waited).toBeLessThanOrEqual(120_000);
    expect(waited).toBeGreaterThan(60_000);
    expect(fetch.mock.calls.length).toBeLessThan(50);
  });

  it('does not retry a GET on 4xx like 404 or 401', async () => {
    const { api, fetch } = setup([
      json(404, { error: { code: 'post_not_found', message: 'Not found' } }),
    ]);
    await expect(api.get('/posts/x')).rejects.toMatchObject({
      status: 404,
      code: 'post_not_found',
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('never retries a mutation', async () => {
    const { api, fetch } = setup([json(503, { error: { code: 'unavailable', message: 'Down' } })]);
    await expect(api.post('/posts', { body: {} })).rejects.toMatchObject({ status: 503 });
    await expect(api.patch('/posts/p1', { body: {} })).rejects.toBeInstanceOf(Error);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('stops retrying when the request is aborted', async () => {
    const controller = new AbortController();
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValue(json(503, { error: { code: 'x', message: 'y' } }));
    const api = createApiClient({ fetch });
    const pending = api.get('/posts', { signal: controller.signal });
    controller.abort(new DOMException('Aborted', 'AbortError'));
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('buildUrl', () => {
  it('prefixes /api, keeps /api paths, repeats array values and skips empty ones', () => {
    expect(buildUrl('/feed')).toBe('/api/feed');
    expect(buildUrl('/api/feed')).toBe('/api/feed');
    expect(buildUrl('/search', { q: 'one piece', tag: ['a', 'b'], cursor: null })).toBe(
      '/api/search?q=one+piece&tag=a&tag=b',
    );
  });
});
