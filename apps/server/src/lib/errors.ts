import type { FieldIssue } from '@otakura/shared';

/** An error with a stable code that the error handler turns into the API error shape. */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly details?: FieldIssue[],
    public readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (code: string, message: string, details?: FieldIssue[]) =>
  new AppError(400, code, message, details);
export const validationError = (details: FieldIssue[], message = 'Some fields are not valid.') =>
  new AppError(400, 'validation_error', message, details);
export const unauthorized = (message = 'You need to sign in.') =>
  new AppError(401, 'unauthorized', message);
export const forbidden = (code = 'forbidden', message = 'You may not do that.') =>
  new AppError(403, code, message);
export const notFound = (code = 'not_found', message = 'Not found.') =>
  new AppError(404, code, message);
export const conflict = (code: string, message: string) => new AppError(409, code, message);
export const payloadTooLarge = (message = 'That is too large.') =>
  new AppError(413, 'payload_too_large', message);
export const unsupportedMedia = (message: string) =>
  new AppError(415, 'unsupported_media_type', message);
export const tooManyRequests = (retryAfter: number) =>
  new AppError(
    429,
    'rate_limited',
    `Too many attempts. Try again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`,
    undefined,
    retryAfter,
  );
