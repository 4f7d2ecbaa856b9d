import { ApiErrorBodySchema, TIMINGS, UploadSchema, type Upload } from '@otakura/shared';
import { ApiError, isRetryableStatus, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';

/*
 * POST /api/uploads with XMLHttpRequest, because fetch cannot report upload progress. Spec §9 and
 * DESIGN.md: an upload is retried on 5xx, 408, 429 and network failures with exponential backoff
 * for up to 10 minutes (TIMINGS.uploadRetryWindowMs), and the progress bar says so honestly
 * (it starts again from 0 on a retry).
 */

export interface UploadDeps {
  createXhr?: () => XMLHttpRequest;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
  random?: () => number;
  windowMs?: number;
}

export interface UploadFileOptions {
  /** 0..1 of the bytes sent in the current attempt. */
  onProgress?: (fraction: number) => void;
  /** A retryable failure happened; the next attempt starts in `delayMs`. */
  onRetry?: (attempt: number, delayMs: number) => void;
  signal?: AbortSignal;
  deps?: UploadDeps;
}

interface AttemptResult {
  status: number;
  body: string;
  retryAfter: string | null;
}

const BACKOFF_BASE_MS = 1000;
const BACKOFF_MAX_MS = 30_000;

function abortError(): DOMException {
  return new DOMException('The upload was cancelled.', 'AbortError');
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function sendOnce(
  file: Blob,
  filename: string,
  createXhr: () => XMLHttpRequest,
  onProgress: ((fraction: number) => void) | undefined,
  signal: AbortSignal | undefined,
): Promise<AttemptResult> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const xhr = createXhr();
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);

    xhr.open('POST', '/api/uploads');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      done();
      resolve({
        status: xhr.status,
        body: xhr.responseText,
        retryAfter: xhr.getResponseHeader('Retry-After'),
      });
    };
    xhr.onerror = () => {
      done();
      resolve({ status: 0, body: '', retryAfter: null });
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(abortError());
    };
    const form = new FormData();
    form.append('file', file, filename);
    xhr.send(form);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function toError(result: AttemptResult): ApiError {
  if (result.status === 0) return new ApiError(0, 'network-request-failed', NETWORK_ERROR_MESSAGE);
  const retryAfterHeader = result.retryAfter ? Number(result.retryAfter) : undefined;
  const parsed = ApiErrorBodySchema.safeParse(parseJson(result.body));
  if (parsed.success) {
    const { code, message, details, retryAfter } = parsed.data.error;
    return new ApiError(result.status, code, message, details, retryAfter ?? retryAfterHeader);
  }
  return new ApiError(
    result.status,
    result.status >= 500 ? 'internal_error' : 'http_error',
    `Upload failed (${result.status})`,
    undefined,
    retryAfterHeader,
  );
}

/** Uploads one file for a post; resolves with what the server found it to be (from its bytes). */
export async function uploadPostFile(
  file: Blob,
  filename: string,
  { onProgress, onRetry, signal, deps = {} }: UploadFileOptions = {},
): Promise<Upload> {
  const createXhr = deps.createXhr ?? (() => new XMLHttpRequest());
  const sleep = deps.sleep ?? defaultSleep;
  const now = deps.now ?? (() => Date.now());
  const random = deps.random ?? Math.random;
  const deadline = now() + (deps.windowMs ?? TIMINGS.uploadRetryWindowMs);

  for (let attempt = 0; ; attempt++) {
    onProgress?.(0);
    const result = await sendOnce(file, filename, createXhr, onProgress, signal);
    if (result.status >= 200 && result.status < 300) {
      const parsed = UploadSchema.safeParse(parseJson(result.body));
      if (!parsed.success) {
        throw new ApiError(
          result.status,
          'invalid_response',
          'The server sent an unexpected response.',
        );
      }
      onProgress?.(1);
      return parsed.data;
    }
    const error = toError(result);
    if (!isRetryableStatus(result.status)) throw error;
    const exp = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** attempt);
    const delay = Math.max(exp / 2 + random() * (exp / 2), (error.retryAfter ?? 0) * 1000);
    if (now() + delay > deadline) throw error;
    onRetry?.(attempt + 1, delay);
    await sleep(delay, signal);
  }
}
