import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client';
import { backoffDelay, RETRY_POLICIES } from './retry-policy';

/*
 * The one retry policy, driven through the real client with fake timers (no injected sleep or
 * clock): what is retried, how long it waits, and when it gives up.
 */

function answer(status: number, body: unknown = {}, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}
const failure = (status: number, code: string, extra: object = {}, headers = {}) =>
  answer(status, { error: { code, message: code, ...extra } }, headers);

function client(replies: Array<() => Response>) {
  const fetch = vi.fn<typeof globalThis.fetch>(async () => {
    const next = replies.shift();
    if (!next) throw new Error('no more replies');
    return next();
  });
  return { api: createApiClient({ fetch, random: () => 1 }), fetch };
}

/** Lets the promise settle while the fake clock runs; resolves with its outcome. */
async function settle<T>(promise: Promise<T>) {
  const outcome = promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  await vi.runAllTimersAsync();
  return outcome;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('backoffDelay', () => {
  it('doubles from the base up to the cap, half of each wait random', () => {
    const max = (n: number) => backoffDelay(n, RETRY_POLICIES.live, () => 1);
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(max)).toEqual([
      500, 1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(backoffDelay(0, RETRY_POLICIES.live, () => 0)).toBe(250);
    expect(backoffDelay(0, RETRY_POLICIES.upload, () => 1)).toBe(1000);
  });
});

describe('the retry policy of the API client', () => {
  it('retries a GET on 503, waiting the backoff, then succeeds', async () => {
    const { api, fetch } = client([
      () => failure(503, 'unavailable'),
      () => answer(200, { ok: 1 }),
    ]);
    const pending = api.get('/things');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await expect(pending).resolves.toEqual({ ok: 1 });
  });

  it('waits as long as a 429 Retry-After header says, not less', async () => {
    const { api, fetch } = client([
      () => failure(429, 'rate_limited', {}, { 'Retry-After': '7' }),
      () => answer(200, { ok: 1 }),
    ]);
    const pending = api.get('/things');
    await vi.advanceTimersByTimeAsync(6_999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await expect(pending).resolves.toEqual({ ok: 1 });
  });

  it('takes retryAfter from the error body too', async () => {
    const { api, fetch } = client([
      () => failure(429, 'rate_limited', { retryAfter: 12 }),
      () => answer(200, {}),
    ]);
    const pending = api.get('/things');
    await vi.advanceTimersByTimeAsync(11_999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('does not retry a 400', async () => {
    const { api, fetch } = client([() => failure(400, 'validation_error')]);
    const result = await settle(api.get('/things'));
    expect(result).toMatchObject({ ok: false, error: { status: 400, code: 'validation_error' } });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('gives up once the next try would start after 2 minutes, throwing the last error', async () => {
    const { api, fetch } = client(Array.from({ length: 100 }, () => () => failure(503, 'down')));
    const started = Date.now();
    const result = await settle(api.get('/things'));
    expect(result).toMatchObject({ ok: false, error: { status: 503 } });
    // 0.5 + 1 + 2 + 4 + 8 + 16 + 30 + 30 = 91.5 s; one more 30 s wait would pass 120 s.
    expect(fetch).toHaveBeenCalledTimes(9);
    expect(Date.now() - started).toBeLessThanOrEqual(120_000);
  });

  it('never retries a POST or a PATCH, and PUT/DELETE only when asked', async () => {
    const { api, fetch } = client([
      () => failure(503, 'down'),
      () => failure(503, 'down'),
      () => failure(503, 'down'),
      () => failure(503, 'down'),
      () => answer(200, { liked: true }),
    ]);
    expect(await settle(api.post('/things', { body: {} }))).toMatchObject({ ok: false });
    expect(await settle(api.patch('/things/1', { body: {} }))).toMatchObject({ ok: false });
    expect(await settle(api.put('/things/1/like'))).toMatchObject({ ok: false });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(await settle(api.put('/things/1/like', { retry: true }))).toMatchObject({
      ok: true,
      value: { liked: true },
    });
    expect(fetch).toHaveBeenCalledTimes(5);
  });

  it('retries a lost connection, and stops at once when aborted', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    const api = createApiClient({ fetch, random: () => 1 });
    const controller = new AbortController();
    const pending = settle(api.get('/things', { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(600);
    expect(fetch).toHaveBeenCalledTimes(2);
    controller.abort(new DOMException('Aborted', 'AbortError'));
    expect(await pending).toMatchObject({ ok: false, error: { name: 'AbortError' } });
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
