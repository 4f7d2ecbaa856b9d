import { errorMessage, isErrorCode } from '@otakura/shared';
import i18next, { type TFunction } from 'i18next';
import { isApiError } from './api-client';

function isEnglish(): boolean {
  return (i18next.resolvedLanguage ?? i18next.language ?? 'en').startsWith('en');
}

/**
 * Text for a failed call, in the current language. English shows the server's own message (it
 * names the exact problem, e.g. "q: Search text must be at most 200 characters."), or the
 * registry's message for a known code that came without one. Other languages translate the
 * stable code: the feature's `errors.<code>` (passed as `t`) first, then `common:errors.<code>`,
 * then the server's words.
 */
export function apiErrorText(t: TFunction<string>, error: unknown): string {
  if (!isApiError(error)) return i18next.t('common:errors.unknown');
  const fallback = error.message || (isErrorCode(error.code) ? errorMessage(error.code) : '') || '';
  if (isEnglish() && fallback) return fallback;
  const common = i18next.t(`common:errors.${error.code}`, {
    defaultValue: fallback || i18next.t('common:errors.unknown'),
  });
  return t(`errors.${error.code}`, { defaultValue: common });
}

/** The message for one field: its `validation_error` detail, else the whole error's text. */
export function fieldErrorText(t: TFunction<string>, error: unknown, field: string): string {
  if (isApiError(error, 'validation_error')) {
    const issue = error.details?.find((d) => d.path.replace(/^body\./, '') === field);
    if (issue) return issue.message;
  }
  return apiErrorText(t, error);
}
