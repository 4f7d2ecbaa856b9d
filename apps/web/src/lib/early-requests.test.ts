import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, createApiClient } from './api-client';
import { clearEarlyGets, EARLY_MAX_AGE_MS, startEarlyGet, takeEarlyGet } from './early-requests';

const PostSchema = z.object({ id: z.string() });
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

beforeEach(() => {
  clearEarlyGets();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  clearEarlyGets();
  vi.restoreAllMocks();
});

describe('early GETs', () => {
  it('are the first try of the same GET, handed out once', async () => {
    const early = vi.fn<typeof fetch>().mockResolvedValue(json(200, { id: 'early' }));
    startEarlyGet('/api/posts/p1', { fetch: early });
    startEarlyGet('/api/posts/p1', { fetch: early }); // already on its way
    expect(early).toHaveBeenCalledTimes(1);
    expect(early.mock.calls[0]?.[0]).toBe('/api/posts/p1');
    expect(early.mock.calls[0]?.[1]).toMatchObject({
      method: 'GET',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });

    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValue(json(200, { id: 'own' }));
    const api = createApiClient({ fetch });
    await expect(api.get('/posts/p1', { schema: PostSchema })).resolves.toEqual({ id: 'early' });
    expect(fetch).not.toHaveBeenCalled();
    // The second asker sends its own request.
    await expect(api.get('/posts/p1', { schema: PostSchema })).resolves.toEqual({ id: 'own' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('are never used for another URL, method, or a request with its own headers', async () => {
    const early = vi.fn<typeof fetch>().mockResolvedValue(json(200, { id: 'early' }));
    startEarlyGet('/api/posts/p1?sort=new', { fetch: early });
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockImplementation(() => Promise.resolve(json(200, { id: 'own' })));
    const api = createApiClient({ fetch });
    await expect(api.get('/posts/p1', { query: { sort: 'top' } })).resolves.toEqual({ id: 'own' });
    await expect(
      api.get('/posts/p1', { query: { sort: 'new' }, headers: { 'X-Test': '1' } }),
    ).resolves.toEqual({ id: 'own' });
    await expect(api.post('/posts/p1?sort=new')).resolves.toEqual({ id: 'own' });
    expect(fetch).toHaveBeenCalledTimes(3);
    await expect(api.get('/posts/p1', { query: { sort: 'new' } })).resolves.toEqual({
      id: 'early',
    });
  });

  it('answer errors like the client’s own request (a 401 is an ApiError, a lost connection is retried)', async () => {
    startEarlyGet('/api/me', {
      fetch: vi
        .fn<typeof fetch>()
        .mockResolvedValue(json(401, { error: { code: 'unauthorized', message: 'Sign in' } })),
    });
    const fetch = vi.fn<typeof globalThis.fetch>();
    const api = createApiClient({ fetch });
    const error = await api.get('/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(fetch).not.toHaveBeenCalled();

    startEarlyGet('/api/feed', { fetch: vi.fn<typeof fetch>().mockRejectedValue(new TypeError()) });
    fetch.mockResolvedValue(json(200, { id: 'retried' }));
    const sleep = vi.fn(() => Promise.resolve());
    const retrying = createApiClient({ fetch, sleep, random: () => 0.5 });
    await expect(retrying.get('/feed')).resolves.toEqual({ id: 'retried' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('are dropped when too old', () => {
    startEarlyGet('/api/me', {
      fetch: vi.fn<typeof fetch>().mockResolvedValue(json(200, {})),
      now: 1_000,
    });
    expect(takeEarlyGet('/api/me', undefined, 1_000 + EARLY_MAX_AGE_MS + 1)).toBeNull();
    expect(takeEarlyGet('/api/me')).toBeNull();
  });

  it('stop waiting when the caller aborts', async () => {
    startEarlyGet('/api/me', { fetch: () => new Promise<Response>(() => undefined) });
    const controller = new AbortController();
    const answer = takeEarlyGet('/api/me', controller.signal);
    controller.abort();
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
  });
});
