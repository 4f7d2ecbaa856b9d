import { TIMINGS } from '@otakura/shared';

/*
 * The one retry policy of the web app (DESIGN.md "Retries"): 5xx, 408, 429 and lost connections
 * are worth another try; the wait doubles with "equal jitter" and honours the server's
 * Retry-After; a request gives up once the next try would start after its window. The API
 * client, the uploads and the live socket's reconnects all take their delays from here.
 */

export interface BackoffPolicy {
  /** The first wait before jitter (attempt 0). */
  baseMs: number;
  /** No single wait is longer than this (Retry-After excepted). */
  maxMs: number;
}

export interface RetryPolicy extends BackoffPolicy {
  /** Total time from the first try after which no new try starts. */
  windowMs: number;
}

export const RETRY_POLICIES = {
  /** Idempotent requests (GET, HEAD; PUT and DELETE when asked): up to 2 minutes. */
  request: { baseMs: 500, maxMs: 30_000, windowMs: TIMINGS.retryWindowMs },
  /** Uploads: up to 10 minutes, starting the progress bar again on each try. */
  upload: { baseMs: 1000, maxMs: 30_000, windowMs: TIMINGS.uploadRetryWindowMs },
  /** Live socket reconnects: no window, it keeps trying while the tab is signed in. */
  live: { baseMs: 500, maxMs: 30_000 },
} as const satisfies Record<string, BackoffPolicy & Partial<RetryPolicy>>;

/** Methods that are idempotent by HTTP's definition (RFC 9110 §9.2.2). */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

export function isIdempotentMethod(method: string): boolean {
  return IDEMPOTENT_METHODS.has(method.toUpperCase());
}

/** 5xx, 408 and 429 are worth retrying (DESIGN.md), and so is a failed connection (status 0). */
export function isRetryableStatus(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/**
 * The wait before retry `attempt` (0-based): base, 2×base, 4×base … capped at `maxMs`, with
 * "equal jitter" (half fixed, half random) so clients hit by the same outage do not come back
 * together.
 */
export function backoffDelay(
  attempt: number,
  policy: BackoffPolicy = RETRY_POLICIES.request,
  random: () => number = Math.random,
): number {
  const exp = Math.min(policy.maxMs, policy.baseMs * 2 ** attempt);
  return exp / 2 + random() * (exp / 2);
}

/** The wait before retry `attempt`: the backoff, or the server's Retry-After when that is longer. */
export function retryDelay(
  attempt: number,
  retryAfterSeconds: number | undefined,
  policy: BackoffPolicy,
  random: () => number = Math.random,
): number {
  return Math.max(backoffDelay(attempt, policy, random), (retryAfterSeconds ?? 0) * 1000);
}

/** Time and randomness, replaceable in tests. */
export interface RetryClock {
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

export function abortReason(signal?: AbortSignal): unknown {
  return signal?.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Waits `ms`; rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** What a failed try tells the policy. */
export interface RetryableFailure {
  status: number;
  retryAfter?: number;
}

export interface WithRetryOptions<E> extends RetryClock {
  policy: RetryPolicy;
  signal?: AbortSignal;
  /** Whether a failure may be retried at all; by default `isRetryableStatus(status)`. */
  classify: (error: unknown) => RetryableFailure | null;
  /** A retryable failure happened; the next try (number `attempt`, 1-based) starts in `delayMs`. */
  onRetry?: (info: { attempt: number; delayMs: number; error: E }) => void;
}

/**
 * Runs `attempt(n)` (n from 0) until it resolves, a failure is not retryable, the signal aborts,
 * or the next try would start after the policy's window; then the last error is thrown.
 */
export async function withRetry<T, E = unknown>(
  attempt: (n: number) => Promise<T>,
  options: WithRetryOptions<E>,
): Promise<T> {
  const now = options.now ?? (() => Date.now());
  const wait = options.sleep ?? sleep;
  const random = options.random ?? Math.random;
  const deadline = now() + options.policy.windowMs;
  for (let n = 0; ; n++) {
    if (options.signal?.aborted) throw abortReason(options.signal);
    try {
      return await attempt(n);
    } catch (error) {
      if (options.signal?.aborted) throw abortReason(options.signal);
      const failure = options.classify(error);
      if (!failure || !isRetryableStatus(failure.status)) throw error;
      const delayMs = retryDelay(n, failure.retryAfter, options.policy, random);
      if (now() + delayMs > deadline) throw error;
      options.onRetry?.({ attempt: n + 1, delayMs, error: error as E });
      await wait(delayMs, options.signal);
    }
  }
}
