import { formatWait } from '@otakura/shared';
import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-client';

/** Codes whose wording the web owns in `auth.errors.*` (English = the server's and spec §8's words). */
const TRANSLATED = new Set([
  'invalid_credential',
  'invalid_email',
  'unverified_email',
  'user_disabled',
  'challenge_failed',
  'username_taken',
  'email_taken',
  'wrong_password',
  'invalid_token',
  'expired_token',
  'invalid_code',
  'two_factor_expired',
  'email_already_verified',
  'reauth_required',
  'password_reset_required',
]);

export interface AuthErrorOptions {
  /** `invalid_code` from the backup-code endpoint has its own words. */
  backupCode?: boolean;
}

/** "6 minutes 45 seconds" in the user's language (the shared formatter with translated words). */
export function waitText(seconds: number, t: TFunction<'auth'>): string {
  return formatWait(seconds, {
    minutes: (count) => t('wait.minutes', { count }),
    seconds: (count) => t('wait.seconds', { count }),
    join: (minutes, secs) => t('wait.join', { minutes, seconds: secs }),
  });
}

/**
 * The message for a failed auth call: spec §8's catalogue (with DESIGN.md's one
 * `invalid_credential`), `network-request-failed` when the server cannot be reached,
 * `internal-error` for any 5xx, "try again in 6 minutes 45 seconds" for rate limits, else the server's words.
 */
export function authErrorMessage(
  error: unknown,
  t: TFunction<'auth'>,
  options: AuthErrorOptions = {},
): string {
  if (!isApiError(error)) return t('errors.internal_error');
  if (error.code === 'network-request-failed' || error.status === 0)
    return t('errors.network_request_failed');
  if (error.status >= 500 || error.code === 'internal_error') return t('errors.internal_error');
  if (error.code === 'rate_limited') {
    return error.retryAfter !== undefined
      ? t('errors.rate_limited', { wait: waitText(error.retryAfter, t) })
      : t('errors.rate_limited_later');
  }
  if (error.code === 'invalid_code' && options.backupCode) return t('errors.invalid_backup_code');
  if (TRANSLATED.has(error.code)) return t(`errors.${error.code}`);
  return error.message || t('errors.generic');
}

/** `validation_error` details as `{ field: message }` (first message per field), names mapped. */
export function fieldErrorsOf<K extends string>(
  error: unknown,
  rename: Record<string, K> = {},
): Partial<Record<K, string>> {
  if (!isApiError(error) || !error.details) return {};
  const out: Partial<Record<K, string>> = {};
  for (const { path, message } of error.details) {
    const key = (rename[path] ?? path) as K;
    if (out[key] === undefined) out[key] = message;
  }
  return out;
}
