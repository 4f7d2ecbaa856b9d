import type { TFunction } from 'i18next';
import i18next from 'i18next';
import { isApiError } from '@/lib/api-client';

/**
 * Text for a failed call. English shows the server's own message (it names the exact problem);
 * other languages translate the stable code and fall back to the server's message.
 */
export function apiErrorText(t: TFunction<'users'>, error: unknown): string {
  if (!isApiError(error)) return t('errors.unknown');
  if ((i18next.resolvedLanguage ?? i18next.language ?? 'en').startsWith('en')) return error.message;
  return t(`errors.${error.code}`, { defaultValue: error.message });
}

/** `validation_error` details as `{ field: message }` (first message per field). */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error) || !error.details) return {};
  const out: Record<string, string> = {};
  for (const { path, message } of error.details) {
    const field = path.replace(/^body\./, '');
    out[field] ??= message;
  }
  return out;
}

/** The message for one field: its validation detail, else the whole error's text. */
export function fieldErrorText(t: TFunction<'users'>, error: unknown, field: string): string {
  return fieldErrors(error)[field] ?? apiErrorText(t, error);
}
