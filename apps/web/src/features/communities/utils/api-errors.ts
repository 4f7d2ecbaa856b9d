import type { TFunction } from 'i18next';
import i18next from 'i18next';
import { isApiError } from '@/lib/api-client';

/**
 * Text for a failed call. English shows the server's own message (it names the exact problem,
 * e.g. "q: Search text must be at most 200 characters."); other languages translate the stable
 * code and fall back to the server's message.
 */
export function apiErrorText(t: TFunction<'communities'>, error: unknown): string {
  if (!isApiError(error)) return t('errors.unknown');
  if ((i18next.resolvedLanguage ?? i18next.language ?? 'en').startsWith('en')) return error.message;
  return t(`errors.${error.code}`, { defaultValue: error.message });
}
