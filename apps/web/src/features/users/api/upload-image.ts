import { ApiErrorBodySchema, MeSchema, TIMINGS, type Me } from '@otakura/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, buildUrl, isRetryableStatus, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { userKeys } from './user-keys';

/** `avatar` is the profile picture, `banner` the banner picture. */
export type ImageKind = 'avatar' | 'banner';

/** What the progress bar shows. Every phase is the truth about the request in flight. */
export type UploadStatus =
  /** Bytes are going up: `loaded` of `total` (the browser's own count). */
  | { phase: 'uploading'; loaded: number; total: number; attempt: number }
  /** Every byte is sent; the server is checking and resizing the image. */
  | { phase: 'processing'; attempt: number }
  /** The last try failed with a retryable answer; the next starts at `retryAt` (epoch ms) from zero. */
  | { phase: 'waiting'; attempt: number; retryAt: number; delayMs: number; error: ApiError };

export interface UploadOptions {
  onStatus?: (status: UploadStatus) => void;
  signal?: AbortSignal;
}

export interface UploadDeps {
  createXhr?: () => XMLHttpRequest;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
  random?: () => number;
  /** How long uploads keep retrying (DESIGN.md: 10 minutes). */
  retryWindowMs?: number;
}

const BACKOFF_BASE_MS = 1000;
const BACKOFF_MAX_MS = 30_000;

function abortError(signal?: AbortSignal): unknown {
  return signal?.reason ?? new DOMException('The upload was cancelled.', 'AbortError');
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : undefined;
}

function errorFromXhr(xhr: XMLHttpRequest): ApiError {
  const headerRetryAfter = parseRetryAfter(xhr.getResponseHeader('retry-after'));
  let json: unknown;
  try {
    json = JSON.parse(xhr.responseText);
  } catch {
    json = undefined;
  }
  const parsed = ApiErrorBodySchema.safeParse(json);
  if (parsed.success) {
    const { code, message, details, retryAfter } = parsed.data.error;
    return new ApiError(xhr.status, code, message, details, retryAfter ?? headerRetryAfter);
  }
  return new ApiError(
    xhr.status,
    xhr.status >= 500 ? 'internal_error' : 'http_error',
    xhr.statusText || `Request failed (${xhr.status})`,
    undefined,
    headerRetryAfter,
  );
}

/** One multipart POST through XMLHttpRequest: unlike fetch, it reports upload progress. */
function sendOnce(
  kind: ImageKind,
  file: File,
  attempt: number,
  onStatus: (s: UploadStatus) => void,
  signal: AbortSignal | undefined,
  createXhr: () => XMLHttpRequest,
): Promise<Me> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const xhr = createXhr();
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);

    xhr.open('POST', buildUrl(`/me/${kind}`));
    xhr.setRequestHeader('Accept', 'application/json');
    onStatus({ phase: 'uploading', loaded: 0, total: file.size, attempt });
    xhr.upload.onprogress = (e) => {
      const total = e.lengthComputable && e.total > 0 ? e.total : file.size;
      onStatus({ phase: 'uploading', loaded: Math.min(e.loaded, total), total, attempt });
    };
    xhr.upload.onload = () => onStatus({ phase: 'processing', attempt });
    xhr.onload = () => {
      done();
      if (xhr.status < 200 || xhr.status >= 300) return reject(errorFromXhr(xhr));
      let json: unknown;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        json = undefined;
      }
      const parsed = MeSchema.safeParse(json);
      if (!parsed.success) {
        console.error(`API POST /me/${kind}: response does not match its schema`, parsed.error);
        return reject(
          new ApiError(xhr.status, 'invalid_response', 'The server sent an unexpected response.'),
        );
      }
      resolve(parsed.data);
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, 'network-request-failed', NETWORK_ERROR_MESSAGE));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(abortError(signal));
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/**
 * `POST /me/avatar` or `/me/banner` (multipart field `file`), answering the updated Me.
 * A failed connection, 5xx, 408 or 429 is retried with exponential backoff (honouring
 * Retry-After) for up to 10 minutes; each retry starts from zero and says so, so the
 * progress bar never shows more than was really sent. 413 and 415 fail at once.
 */
export async function uploadImage(
  kind: ImageKind,
  file: File,
  { onStatus = () => {}, signal }: UploadOptions = {},
  deps: UploadDeps = {},
): Promise<Me> {
  const createXhr = deps.createXhr ?? (() => new XMLHttpRequest());
  const sleep = deps.sleep ?? defaultSleep;
  const now = deps.now ?? (() => Date.now());
  const random = deps.random ?? Math.random;
  const deadline = now() + (deps.retryWindowMs ?? TIMINGS.uploadRetryWindowMs);

  for (let attempt = 1; ; attempt++) {
    try {
      return await sendOnce(kind, file, attempt, onStatus, signal, createXhr);
    } catch (error) {
      if (!(error instanceof ApiError) || !isRetryableStatus(error.status)) throw error;
      const exp = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1));
      const delay = Math.max(exp / 2 + random() * (exp / 2), (error.retryAfter ?? 0) * 1000);
      if (now() + delay > deadline) throw error;
      onStatus({ phase: 'waiting', attempt, retryAt: now() + delay, delayMs: delay, error });
      await sleep(delay, signal);
    }
  }
}

/**
 * Uploads a profile or banner picture with real progress (`status`), retries as above, and
 * `cancel()` (also on unmount). On success the cached Me is replaced by the server's answer.
 */
export function useUploadImageMutation(kind: ImageKind) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<UploadStatus | null>(null);
  const controller = useRef<AbortController | null>(null);

  const mutation = useMutation({
    mutationFn: (file: File) => {
      controller.current?.abort();
      const c = new AbortController();
      controller.current = c;
      return uploadImage(kind, file, {
        signal: c.signal,
        onStatus: (s) => {
          if (!c.signal.aborted) setStatus(s);
        },
      });
    },
    onSuccess: (me) => {
      queryClient.setQueryData(userKeys.me(), me);
      void queryClient.invalidateQueries({ queryKey: userKeys.detail(me.id) });
    },
    onSettled: () => setStatus(null),
  });

  const cancel = useCallback(() => controller.current?.abort(), []);
  useEffect(() => () => controller.current?.abort(), []);

  return { ...mutation, status, cancel };
}
