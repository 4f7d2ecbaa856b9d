import {
  ERROR_CODES,
  type ApiErrorBody,
  type ErrorCode,
  type FieldIssue,
  tooManyAttemptsMessage,
} from '@otakura/shared';

/**
 * An error with a registered code (`packages/shared/src/errors/error-codes.ts`) that the
 * error handler turns into the API error shape. The status always comes from the registry;
 * the message too unless a throw site passes a more specific one.
 */
export class AppError extends Error {
  public readonly status: number;

  constructor(
    public readonly code: ErrorCode,
    message?: string,
    public readonly details?: FieldIssue[],
    public readonly retryAfter?: number,
  ) {
    super(message ?? ERROR_CODES[code].message);
    this.name = 'AppError';
    this.status = ERROR_CODES[code].status;
  }
}

/** An error for any registered code: `appError('post_not_found')`. */
export const appError = (code: ErrorCode, message?: string, details?: FieldIssue[]) =>
  new AppError(code, message, details);

/** The API error body for a registered code (for places that reply without throwing). */
export const errorBody = (
  code: ErrorCode,
  message: string = ERROR_CODES[code].message,
  extra: Omit<ApiErrorBody['error'], 'code' | 'message'> = {},
): ApiErrorBody => ({ error: { code, message, ...extra } });

export const badRequest = (code: ErrorCode, message?: string, details?: FieldIssue[]) =>
  new AppError(code, message, details);
/** 400 `validation_error` naming each field. */
export const validationError = (details: FieldIssue[], message?: string) =>
  new AppError('validation_error', message ?? ERROR_CODES.validation_error.message, details);
export const unauthorized = (message?: string) => new AppError('unauthorized', message);
export const forbidden = (code: ErrorCode = 'forbidden', message?: string) =>
  new AppError(code, message);
export const notFound = (code: ErrorCode = 'not_found', message?: string) =>
  new AppError(code, message);
export const conflict = (code: ErrorCode, message?: string) => new AppError(code, message);
export const payloadTooLarge = (message?: string) => new AppError('payload_too_large', message);
export const unsupportedMedia = (message?: string) =>
  new AppError('unsupported_media_type', message);

/** The one wording of a rate-limit answer, with the seconds until a retry may succeed. */
export const rateLimitedMessage = (retryAfter: number) => tooManyAttemptsMessage(retryAfter);
export const tooManyRequests = (retryAfter: number) =>
  new AppError('rate_limited', rateLimitedMessage(retryAfter), undefined, retryAfter);
