import { AUTH_ERROR_MESSAGES, type ApiErrorBody } from '@otakura/shared';

type ErrorInfo = ApiErrorBody['error'];

const TAKEN_EMAIL = {
  code: 'email_taken' as const,
  message: 'An account with this email already exists. Try logging in instead.',
};
const TAKEN_USERNAME = {
  code: 'username_taken' as const,
  message: 'That username is already taken. Please try another.',
};

/**
 * Better Auth's codes as the product says them (spec §8, with DESIGN.md's
 * change: one message for a wrong password and an unknown account). `status`
 * replaces Better Auth's where ours is clearer (409 for taken names).
 */
const KNOWN: Record<string, { code: string; message: string; status?: number }> = {
  INVALID_EMAIL_OR_PASSWORD: {
    code: 'invalid_credential',
    message: AUTH_ERROR_MESSAGES.invalid_credential,
  },
  INVALID_USERNAME_OR_PASSWORD: {
    code: 'invalid_credential',
    message: AUTH_ERROR_MESSAGES.invalid_credential,
  },
  USER_NOT_FOUND: { code: 'invalid_credential', message: AUTH_ERROR_MESSAGES.invalid_credential },
  CREDENTIAL_ACCOUNT_NOT_FOUND: {
    code: 'invalid_credential',
    message: AUTH_ERROR_MESSAGES.invalid_credential,
  },
  INVALID_EMAIL: { code: 'invalid_email', message: AUTH_ERROR_MESSAGES.invalid_email },
  BANNED_USER: { code: 'user_disabled', message: AUTH_ERROR_MESSAGES.user_disabled, status: 403 },
  EMAIL_NOT_VERIFIED: { code: 'unverified_email', message: AUTH_ERROR_MESSAGES.unverified_email },
  USER_ALREADY_EXISTS: { ...TAKEN_EMAIL, status: 409 },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { ...TAKEN_EMAIL, status: 409 },
  USERNAME_IS_ALREADY_TAKEN: { ...TAKEN_USERNAME, status: 409 },
  USERNAME_TOO_SHORT: {
    code: 'invalid_username',
    message: 'Username must be at least 3 characters.',
  },
  USERNAME_TOO_LONG: {
    code: 'invalid_username',
    message: 'Username must be at most 30 characters.',
  },
  INVALID_USERNAME: {
    code: 'invalid_username',
    message: 'Username may only use letters, digits, _ and .',
  },
  PASSWORD_TOO_SHORT: { code: 'weak_password', message: 'Password must be at least 8 characters.' },
  PASSWORD_TOO_LONG: { code: 'weak_password', message: 'Password must be at most 128 characters.' },
  INVALID_PASSWORD: { code: 'wrong_password', message: 'That password is not correct.' },
  INVALID_TOKEN: {
    code: 'invalid_token',
    message: 'This link is invalid or has already been used. Please ask for a new one.',
  },
  TOKEN_EXPIRED: {
    code: 'expired_token',
    message: 'This link has expired. Please ask for a new one.',
  },
  SESSION_EXPIRED: {
    code: 'reauth_required',
    message: 'For your security, please sign in again to do this.',
    status: 403,
  },
  SESSION_IS_NOT_FRESH: {
    code: 'reauth_required',
    message: 'For your security, please sign in again to do this.',
    status: 403,
  },
  EMAIL_MISMATCH: {
    code: 'email_mismatch',
    message: 'That is not the email of the account you are signed in to.',
  },
  EMAIL_IS_THE_SAME: { code: 'same_email', message: 'That is already your email.' },
  EMAIL_ALREADY_VERIFIED: {
    code: 'email_already_verified',
    message: 'This email address is already verified.',
  },
  INVALID_CODE: {
    code: 'invalid_code',
    message: 'That code is not correct. Check your authenticator app and try again.',
  },
  INVALID_BACKUP_CODE: {
    code: 'invalid_code',
    message: 'That backup code is not correct or has been used.',
  },
  INVALID_TWO_FACTOR_COOKIE: {
    code: 'two_factor_expired',
    message: 'Your sign-in took too long. Please log in again.',
  },
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: {
    code: 'rate_limited',
    message: 'Too many attempts. Please log in again.',
    status: 429,
  },
  TOTP_NOT_ENABLED: {
    code: 'two_factor_not_enabled',
    message: 'Two-factor authentication is not set up for this account.',
  },
  TWO_FACTOR_NOT_ENABLED: {
    code: 'two_factor_not_enabled',
    message: 'Two-factor authentication is not set up for this account.',
  },
  INVALID_ORIGIN: {
    code: 'invalid_origin',
    message: 'This request did not come from this site, so it was refused.',
    status: 403,
  },
  MISSING_OR_NULL_ORIGIN: {
    code: 'invalid_origin',
    message: 'This request did not come from this site, so it was refused.',
    status: 403,
  },
  UNAUTHORIZED: { code: 'unauthorized', message: 'You need to sign in.' },
  FAILED_TO_GET_SESSION: { code: 'unauthorized', message: 'You need to sign in.', status: 401 },
};

export const takenUsername = TAKEN_USERNAME;
export const takenEmail = TAKEN_EMAIL;

/** Our status and `{ code, message }` for one of Better Auth's error answers. */
export function translateAuthError(
  status: number,
  code?: string,
  message?: string,
): { status: number; error: ErrorInfo } {
  const known = code ? KNOWN[code] : undefined;
  if (known)
    return { status: known.status ?? status, error: { code: known.code, message: known.message } };
  if (status === 404) return { status, error: { code: 'not_found', message: 'Not found.' } };
  if (status >= 500) {
    return {
      status,
      error: { code: 'internal_error', message: AUTH_ERROR_MESSAGES.internal_error },
    };
  }
  return {
    status,
    error: {
      code: code
        ? code.toLowerCase()
        : status === 401
          ? 'unauthorized'
          : status === 403
            ? 'forbidden'
            : 'bad_request',
      message: message || 'That did not work. Please try again.',
    },
  };
}
