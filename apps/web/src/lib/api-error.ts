import type { ApiErrorBody, FieldIssue } from '@otakura/shared';

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

/** The server could not be reached (no answer at all). */
export function networkError(): ApiError {
  return new ApiError(0, 'network-request-failed', NETWORK_ERROR_MESSAGE);
}

/** A 2xx body that does not match the shared schema: the server drifted from the contract. */
export function invalidResponseError(status: number): ApiError {
  return new ApiError(status, 'invalid_response', 'The server sent an unexpected response.');
}

/** Retry-After as whole seconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(
  value: string | null | undefined,
  now = Date.now(),
): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (value.trim() !== '' && Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** JSON of a body text; `undefined` for an empty body, `{ ok: false }` when it is not JSON. */
export function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isFieldIssue = (value: unknown): value is FieldIssue =>
  isRecord(value) && typeof value.path === 'string' && typeof value.message === 'string';

/**
 * The shared `ApiErrorBodySchema`, checked by hand: this module is in every page's entry and the
 * shared barrel would bring zod and every schema with it (docs/web.md, "Bundle and code
 * splitting"). Same rules (`code`, `message` strings; `details` an optional array of
 * `{ path, message }`; `retryAfter` an optional safe integer) and same output (unknown keys
 * dropped); `api-error.test.ts` compares it with the schema.
 */
export function readApiErrorBody(value: unknown): ApiErrorBody | undefined {
  if (!isRecord(value) || !isRecord(value.error)) return undefined;
  const { code, message, details, retryAfter } = value.error;
  if (typeof code !== 'string' || typeof message !== 'string') return undefined;
  if (details !== undefined && !(Array.isArray(details) && details.every(isFieldIssue))) {
    return undefined;
  }
  if (
    retryAfter !== undefined &&
    !(typeof retryAfter === 'number' && Number.isSafeInteger(retryAfter))
  ) {
    return undefined;
  }
  const error: ApiErrorBody['error'] = { code, message };
  if (details !== undefined) {
    error.details = details.map((issue) => ({ path: issue.path, message: issue.message }));
  }
  if (retryAfter !== undefined) error.retryAfter = retryAfter;
  return { error };
}

/** What the error parser needs of an answer (fetch's Response and XHR both give it). */
export interface RawAnswer {
  status: number;
  statusText: string;
  text: string;
  header(name: string): string | null;
}

/**
 * The one error parser: a non-2xx answer as `ApiError(status, code, message, details,
 * retryAfter)`. A body that is not our shape (a proxy's HTML page, an empty body) still gets a
 * stable code: `internal_error` for 5xx, `http_error` otherwise. `retryAfter` comes from the body,
 * else from the Retry-After header.
 */
export function toApiError(answer: RawAnswer): ApiError {
  const headerRetryAfter = parseRetryAfter(answer.header('retry-after'));
  const json = parseJsonText(answer.text);
  const body = json.ok ? readApiErrorBody(json.value) : undefined;
  if (body) {
    const { code, message, details, retryAfter } = body.error;
    return new ApiError(answer.status, code, message, details, retryAfter ?? headerRetryAfter);
  }
  return new ApiError(
    answer.status,
    answer.status >= 500 ? 'internal_error' : 'http_error',
    answer.statusText || `Request failed (${answer.status})`,
    undefined,
    headerRetryAfter,
  );
}
