import { groupThousands } from '@otakura/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { lazyBackend, loadAllResources, NAMESPACES } from './i18n-backend';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'ja', label: '日本語' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];

/** The user's explicit choice; without one the language follows the browser. */
export const LANGUAGE_STORAGE_KEY = 'otakura.language';

export { NAMESPACES } from './i18n-backend';

/**
 * Namespaces fetched before the first render (main.tsx awaits `i18nReady`): the shell's words
 * (layouts, gates, navigation, error pages) and `validation`, which `lib/forms.ts` reads outside
 * React for every form. A page's own namespaces come with its chunk (app/router.tsx); any other a
 * component asks for suspends it until loaded, so a key is never shown untranslated.
 */
export const SHELL_NAMESPACES = ['common', 'validation'] as const;

export function detectLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (stored === 'en' || stored === 'ja') return stored;
  } catch {
    /* storage unavailable */
  }
  const langs =
    typeof navigator !== 'undefined' ? (navigator.languages ?? [navigator.language]) : [];
  for (const l of langs) {
    const base = l?.toLowerCase().split('-')[0];
    if (base === 'ja' || base === 'en') return base;
  }
  return 'en';
}

// Tests read translated text synchronously: every file is in memory before the first test.
const testResources = import.meta.env.MODE === 'test' ? await loadAllResources() : undefined;

/** Resolves once the shell's namespaces of the current language (and English) are loaded. */
export const i18nReady: Promise<unknown> = i18next
  .use(lazyBackend)
  .use(initReactI18next)
  .init({
    resources: testResources,
    partialBundledLanguages: true,
    lng: detectLanguage(),
    fallbackLng: 'en',
    ns: testResources ? [...NAMESPACES] : [...SHELL_NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });

function applyDocumentLanguage(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}
applyDocumentLanguage(i18next.language);
i18next.on('languageChanged', applyDocumentLanguage);

/** Switches the language and remembers the choice (null: follow the browser again). */
export function setLanguage(lng: Language | null): Promise<unknown> {
  try {
    if (lng) localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
    else localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  } catch {
    /* storage unavailable */
  }
  return i18next.changeLanguage(lng ?? detectLanguage());
}

/**
 * One formatter per language and options, made on first use: building an `Intl` formatter costs
 * far more than formatting with one (a feed page formats a date per card, on every render).
 */
function cached<F>(cache: Map<string, F>, opts: object | undefined, make: () => F): F {
  const key = `${i18next.language}\u0000${opts ? JSON.stringify(opts) : ''}`;
  let formatter = cache.get(key);
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** Languages whose whole numbers read as `groupThousands` writes them (1,234,567). */
const COMMA_GROUPED = new Set(['en', 'ja']);

/**
 * Numbers and dates in the current language.
 *
 * A whole number without options in English or Japanese skips `Intl`: the page's first
 * `Intl.NumberFormat` loads the browser's number data (18–31 ms on the main thread in Chromium
 * here, in the render of the feed's first cards, for their like and comment counts), and both
 * languages group whole numbers by threes with a comma (i18n.test.ts checks it against `Intl`).
 */
export const formatNumber = (n: number, opts?: Intl.NumberFormatOptions) =>
  !opts && Number.isSafeInteger(n) && COMMA_GROUPED.has(i18next.resolvedLanguage ?? '')
    ? groupThousands(n)
    : cached(numberFormats, opts, () => new Intl.NumberFormat(i18next.language, opts)).format(n);
export const formatDate = (
  d: Date | string,
  opts: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
) =>
  cached(dateFormats, opts, () => new Intl.DateTimeFormat(i18next.language, opts)).format(
    typeof d === 'string' ? new Date(d) : d,
  );

export default i18next;
