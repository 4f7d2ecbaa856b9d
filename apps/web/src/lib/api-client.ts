import { ApiErrorBodySchema, TIMINGS, type FieldIssue } from '@otakura/shared';
import type { z } from 'zod';

/** The spec's message for `network-request-failed` (§8), shown when the server cannot be reached. */
export const NETWORK_ERROR_MESSAGE =
  'It seems you internet connection is unstable. Please try again after refreshing the page or checking your internet connection.';

/** Every failed API call: the server's `{ error: { code, message, details?, retryAfter? } }`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    /** Stable code: the server's snake_case code, `network-request-failed`, or `invalid_response`. */
    readonly code: string,
    message: string,
    /** For `validation_error`: the fields that failed. */
    readonly details?: FieldIssue[],
    /** For `rate_limited` (or a Retry-After header): whole seconds until a retry may succeed. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

type QueryValue =
  string | number | boolean | null | undefined | readonly (string | number | boolean)[];
export type QueryParams = Record<string, QueryValue>;

type Output<S> = S extends z.ZodType ? z.output<S> : unknown;

interface BaseOptions<S extends z.ZodType | undefined> {
  /** Parses a 2xx body; a body that does not match throws `ApiError(status, 'invalid_response')`. */
  schema?: S;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface GetOptions<S extends z.ZodType | undefined> extends BaseOptions<S> {
  query?: QueryParams;
  /** Retry 5xx/408/429 and network failures with backoff for up to 2 minutes. Default true. */
  retry?: boolean;
}

export interface MutationOptions<S extends z.ZodType | undefined> extends BaseOptions<S> {
  /** JSON-serialisable value, or FormData for uploads. */
  body?: unknown;
  query?: QueryParams;
}

export interface ApiClientDeps {
  fetch?: typeof fetch;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
  random?: () => number;
  /** Total time a GET keeps retrying (DESIGN.md: 2 minutes). */
  retryWindowMs?: number;
}

/** 5xx, 408 and 429 are worth retrying (DESIGN.md), and so is a failed connection. */
export function isRetryableStatus(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

const BACKOFF_BASE_MS = 500;
const BACKOFF_MAX_MS = 30_000;

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
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

function parseRetryAfterHeader(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

async function readJson(res: Response): Promise<{ ok: true; value: unknown } | { ok: false }> {
  const text = await res.text();
  if (text === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

async function toApiError(res: Response): Promise<ApiError> {
  const headerRetryAfter = parseRetryAfterHeader(res.headers.get('retry-after'));
  const json = await readJson(res);
  const parsed = json.ok ? ApiErrorBodySchema.safeParse(json.value) : undefined;
  if (parsed?.success) {
    const { code, message, details, retryAfter } = parsed.data.error;
    return new ApiError(res.status, code, message, details, retryAfter ?? headerRetryAfter);
  }
  // Not our error shape (a proxy's HTML page, an empty body): still a stable code.
  const code = res.status >= 500 ? 'internal_error' : 'http_error';
  return new ApiError(
    res.status,
    code,
    res.statusText || `Request failed (${res.status})`,
    undefined,
    headerRetryAfter,
  );
}

export function createApiClient(deps: ApiClientDeps = {}) {
  const sleep = deps.sleep ?? defaultSleep;
  const now = deps.now ?? (() => Date.now());
  const random = deps.random ?? Math.random;
  const retryWindowMs = deps.retryWindowMs ?? TIMINGS.retryWindowMs;

  async function send<S extends z.ZodType | undefined>(
    method: string,
    path: string,
    options: MutationOptions<S> & GetOptions<S>,
  ): Promise<Output<S>> {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) {
      body = options.body;
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['Content-Type'] = 'application/json';
    }

    let res: Response;
    try {
      res = await (deps.fetch ?? globalThis.fetch)(buildUrl(path, options.query), {
        method,
        headers,
        body,
        credentials: 'same-origin',
        signal: options.signal,
      });
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason ?? error;
      throw new ApiError(0, 'network-request-failed', NETWORK_ERROR_MESSAGE);
    }

    if (!res.ok) throw await toApiError(res);

    const json = await readJson(res);
    if (!options.schema) return (json.ok ? json.value : undefined) as Output<S>;
    const parsed = json.ok ? options.schema.safeParse(json.value) : undefined;
    if (!parsed?.success) {
      // The server drifted from the shared contract: fail loudly, never render a wrong shape.
      console.error(`API ${method} ${path}: response does not match its schema`, parsed?.error);
      throw new ApiError(res.status, 'invalid_response', 'The server sent an unexpected response.');
    }
    return parsed.data as Output<S>;
  }

  async function get<S extends z.ZodType | undefined = undefined>(
    path: string,
    options: GetOptions<S> = {},
  ): Promise<Output<S>> {
    const deadline = now() + retryWindowMs;
    for (let attempt = 0; ; attempt++) {
      try {
        return await send('GET', path, options);
      } catch (error) {
        if (
          options.retry === false ||
          !(error instanceof ApiError) ||
          !isRetryableStatus(error.status)
        ) {
          throw error;
        }
        const exp = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** attempt);
        const jittered = exp / 2 + random() * (exp / 2);
        const delay = Math.max(jittered, (error.retryAfter ?? 0) * 1000);
        if (now() + delay > deadline) throw error;
        await sleep(delay, options.signal);
      }
    }
  }

  const mutation =
    (method: 'POST' | 'PATCH' | 'PUT' | 'DELETE') =>
    <S extends z.ZodType | undefined = undefined>(path: string, options: MutationOptions<S> = {}) =>
      send(method, path, options);

  return {
    get,
    /** Mutations are never retried automatically: the user decides. */
    post: mutation('POST'),
    patch: mutation('PATCH'),
    put: mutation('PUT'),
    delete: mutation('DELETE'),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The app's client: `api.get('/posts', { query, schema })`, `api.post('/posts', { body, schema })`. */
export const api = createApiClient();
