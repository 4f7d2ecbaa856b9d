import type { ApiErrorBody } from '@otakura/shared';

/**
 * Better Auth's codes as the product says them (spec §8, with DESIGN.md's
 * change: one message for a wrong password and an unknown account).
 */
const KNOWN: Record<string, { code: string; message: string }> = {
  INVALID_EMAIL_OR_PASSWORD: { code: 'invalid_credential', message: 'Sorry, that email or password is incorrect.' },
  INVALID_USERNAME_OR_PASSWORD: { code: 'invalid_credential', message: 'Sorry, that email or password is incorrect.' },
  INVALID_EMAIL: { code: 'invalid_email', message: 'Sorry, this is not a valid email. Please enter a valid email address.' },
  BANNED_USER: { code: 'user_disabled', message: 'This account has been disabled.' },
  EMAIL_NOT_VERIFIED: { code: 'unverified_email', message: 'This email address in unverified' },
  USER_ALREADY_EXISTS: { code: 'email_taken', message: 'An account with this email already exists. Try logging in instead.' },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { code: 'email_taken', message: 'An account with this email already exists. Try logging in instead.' },
  USERNAME_IS_ALREADY_TAKEN: { code: 'username_taken', message: 'That username is already taken. Please try another.' },
  USERNAME_TOO_SHORT: { code: 'invalid_username', message: 'Username must be at least 3 characters.' },
  USERNAME_TOO_LONG: { code: 'invalid_username', message: 'Username must be at most 30 characters.' },
  INVALID_USERNAME: { code: 'invalid_username', message: 'Username may only use letters, digits, _ and .' },
  PASSWORD_TOO_SHORT: { code: 'weak_password', message: 'Password must be at least 8 characters.' },
  PASSWORD_TOO_LONG: { code: 'weak_password', message: 'Password must be at most 128 characters.' },
  INVALID_PASSWORD: { code: 'wrong_password', message: 'That password is not correct.' },
  INVALID_TOKEN: { code: 'invalid_token', message: 'This link is invalid or has already been used. Please ask for a new one.' },
  TOKEN_EXPIRED: { code: 'expired_token', message: 'This link has expired. Please ask for a new one.' },
  SESSION_EXPIRED: { code: 'reauth_required', message: 'For your security, please sign in again to do this.' },
  INVALID_CODE: { code: 'invalid_code', message: 'That code is not correct. Check your authenticator app and try again.' },
  INVALID_BACKUP_CODE: { code: 'invalid_code', message: 'That backup code is not correct or has been used.' },
  INVALID_TWO_FACTOR_COOKIE: { code: 'two_factor_expired', message: 'Your sign-in took too long. Please log in again.' },
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: { code: 'rate_limited', message: 'Too many attempts. Please log in again.' },
};

export function translateAuthError(status: number, code?: string, message?: string, _path?: string): ApiErrorBody['error'] {
  if (code && KNOWN[code]) return KNOWN[code];
  if (status >= 500) {
    return { code: 'internal_error', message: "Sorry, we're having issues on our end, please try again after refreshing the page." };
  }
  return {
    code: code ? code.toLowerCase() : status === 401 ? 'unauthorized' : status === 403 ? 'forbidden' : 'bad_request',
    message: message || 'That did not work. Please try again.',
  };
}
