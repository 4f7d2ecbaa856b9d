import type { z } from 'zod';
import { invalidResponseError, parseJsonText, toApiError, ApiError } from './api-error';
import {
  isIdempotentMethod,
  RETRY_POLICIES,
  withRetry,
  type RetryClock,
  type RetryPolicy,
} from './retry-policy';
import { takeEarlyGet } from './early-requests';
import { sendOnce, type TransportDeps } from './transport';

export { ApiError, isApiError, NETWORK_ERROR_MESSAGE } from './api-error';
export { isRetryableStatus } from './retry-policy';

/*
 * The API client: paths under /api, JSON in and out, zod on every 2xx body, one error shape, and
 * the one retry policy (retry-policy.ts). GET and HEAD retry by default; PUT and DELETE only when
 * the caller says so (`retry: true`); POST and PATCH never. Uploads (`api.upload`) go through
 * XMLHttpRequest for their progress and retry for up to 10 minutes.
 */

type QueryValue =
  string | number | boolean | null | undefined | readonly (string | number | boolean)[];
export type QueryParams = Record<string, QueryValue>;

type Output<S> = S extends z.ZodType ? z.output<S> : unknown;

interface BaseOptions<S extends z.ZodType | undefined> {
  /** Parses a 2xx body; a body that does not match throws `ApiError(status, 'invalid_response')`. */
  schema?: S;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  query?: QueryParams;
}

export interface GetOptions<S extends z.ZodType | undefined> extends BaseOptions<S> {
  /** Retry 5xx/408/429 and network failures with backoff for up to 2 minutes. Default true. */
  retry?: boolean;
}

export interface MutationOptions<S extends z.ZodType | undefined> extends BaseOptions<S> {
  /** JSON-serialisable value, or FormData. */
  body?: unknown;
}

export interface IdempotentMutationOptions<
  S extends z.ZodType | undefined,
> extends MutationOptions<S> {
  /**
   * PUT and DELETE are idempotent, but they are the user's actions and their order matters (a like
   * and an unlike in a row), so they are retried only when the caller asks. Default false.
   */
  retry?: boolean;
}

export interface UploadProgress {
  /** Bytes of this try sent so far, of `total` (the browser's own count). */
  loaded: number;
  total: number;
  /** 1-based: a retry starts from zero again. */
  attempt: number;
}

export interface UploadOptions<S extends z.ZodType | undefined> extends BaseOptions<S> {
  /** The multipart body (field `file` for our upload endpoints). */
  form: FormData;
  /** POST (default) or PUT (an admin route that replaces one picture, e.g. a shop item's). */
  method?: 'POST' | 'PUT';
  /** Try `attempt` (1-based) starts: nothing of it is sent yet. */
  onAttempt?: (attempt: number) => void;
  onProgress?: (progress: UploadProgress) => void;
  /** Every byte of try `attempt` is sent; the server is checking the file. */
  onUploaded?: (attempt: number) => void;
  /** Try `attempt` failed with `error` and may succeed later; the next starts in `delayMs`. */
  onRetry?: (info: { attempt: number; delayMs: number; error: ApiError }) => void;
}

export interface ApiClientDeps extends TransportDeps, RetryClock {
  /** Total time an idempotent request keeps retrying (DESIGN.md: 2 minutes). */
  retryWindowMs?: number;
  /** Total time an upload keeps retrying (DESIGN.md: 10 minutes). */
  uploadRetryWindowMs?: number;
}

/** Paths are relative to `/api` (`/posts` → `/api/posts`); one already under `/api/` is kept. */
export function buildUrl(path: string, query?: QueryParams): string {
  if (!path.startsWith('/')) throw new Error(`API paths start with "/": ${path}`);
  const base = path === '/api' || path.startsWith('/api/') ? path : `/api${path}`;
  if (!query) return base;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${base}${base.includes('?') ? '&' : '?'}${qs}` : base;
}

function classify(error: unknown) {
  return error instanceof ApiError ? { status: error.status, retryAfter: error.retryAfter } : null;
}

interface SendOptions<S extends z.ZodType | undefined> extends BaseOptions<S> {
  body?: unknown;
  policy: RetryPolicy | null;
  onAttempt?: (attempt: number) => void;
  onProgress?: (loaded: number, total: number, attempt: number) => void;
  onUploaded?: (attempt: number) => void;
  onRetry?: (info: { attempt: number; delayMs: number; error: ApiError }) => void;
}

export function createApiClient(deps: ApiClientDeps = {}) {
  const policies = {
    request: {
      ...RETRY_POLICIES.request,
      windowMs: deps.retryWindowMs ?? RETRY_POLICIES.request.windowMs,
    },
    upload: {
      ...RETRY_POLICIES.upload,
      windowMs: deps.uploadRetryWindowMs ?? RETRY_POLICIES.upload.windowMs,
    },
  };

  async function send<S extends z.ZodType | undefined>(
    method: string,
    path: string,
    options: SendOptions<S>,
  ): Promise<Output<S>> {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    let body: string | FormData | undefined;
    if (options.body instanceof FormData) {
      body = options.body;
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['Content-Type'] = 'application/json';
    }
    const url = buildUrl(path, options.query);

    const once = async (n: number): Promise<Output<S>> => {
      const attempt = n + 1;
      const { onProgress, onUploaded } = options;
      options.onAttempt?.(attempt);
      // A GET the page started at startup (early-requests.ts) is this request's first try.
      const early =
        method === 'GET' && n === 0 && !options.headers ? takeEarlyGet(url, options.signal) : null;
      const res = await (early ??
        sendOnce(
          {
            method,
            url,
            headers,
            body,
            signal: options.signal,
            onUploadProgress: onProgress && ((loaded, total) => onProgress(loaded, total, attempt)),
            onUploadDone: onUploaded && (() => onUploaded(attempt)),
          },
          deps,
        ));
      if (res.status < 200 || res.status >= 300) throw toApiError(res);
      const json = parseJsonText(res.text);
      if (!options.schema) return (json.ok ? json.value : undefined) as Output<S>;
      const parsed = json.ok ? options.schema.safeParse(json.value) : undefined;
      if (!parsed?.success) {
        // The server drifted from the shared contract: fail loudly, never render a wrong shape.
        console.error(`API ${method} ${path}: response does not match its schema`, parsed?.error);
        throw invalidResponseError(res.status);
      }
      return parsed.data as Output<S>;
    };

    if (!options.policy) return once(0);
    return withRetry<Output<S>, ApiError>(once, {
      policy: options.policy,
      signal: options.signal,
      classify,
      onRetry: options.onRetry,
      now: deps.now,
      sleep: deps.sleep,
      random: deps.random,
    });
  }

  const policyFor = (method: string, retry: boolean | undefined) => {
    if (!isIdempotentMethod(method)) return null; // POST, PATCH: never retried automatically
    const byDefault = method === 'GET' || method === 'HEAD';
    return (retry ?? byDefault) ? policies.request : null;
  };

  function get<S extends z.ZodType | undefined = undefined>(
    path: string,
    options: GetOptions<S> = {},
  ): Promise<Output<S>> {
    return send('GET', path, { ...options, policy: policyFor('GET', options.retry) });
  }

  const mutation =
    (method: 'POST' | 'PATCH') =>
    <S extends z.ZodType | undefined = undefined>(path: string, options: MutationOptions<S> = {}) =>
      send(method, path, { ...options, policy: null });

  const idempotent =
    (method: 'PUT' | 'DELETE') =>
    <S extends z.ZodType | undefined = undefined>(
      path: string,
      options: IdempotentMutationOptions<S> = {},
    ) =>
      send(method, path, { ...options, policy: policyFor(method, options.retry ?? false) });

  /**
   * A multipart POST with real upload progress. Retried (from zero, saying so through `onRetry`)
   * on 5xx, 408, 429 and lost connections for up to 10 minutes: an upload that is never used by a
   * post or profile is removed by the server, so a repeated one costs nothing.
   */
  function upload<S extends z.ZodType | undefined = undefined>(
    path: string,
    {
      form,
      method = 'POST',
      onAttempt,
      onProgress,
      onUploaded,
      onRetry,
      ...options
    }: UploadOptions<S>,
  ): Promise<Output<S>> {
    return send(method, path, {
      ...options,
      body: form,
      policy: policies.upload,
      onAttempt,
      onProgress: (loaded, total, attempt) => onProgress?.({ loaded, total, attempt }),
      onUploaded,
      onRetry,
    });
  }

  return {
    get,
    post: mutation('POST'),
    patch: mutation('PATCH'),
    put: idempotent('PUT'),
    delete: idempotent('DELETE'),
    upload,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The app's client: `api.get('/posts', { query, schema })`, `api.post('/posts', { body, schema })`. */
export const api = createApiClient();
