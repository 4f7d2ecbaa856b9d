import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'ja', label: '日本語' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];

/** The user's explicit choice; without one the language follows the browser. */
export const LANGUAGE_STORAGE_KEY = 'otakura.language';

/**
 * Every file `locales/<lang>/<namespace>.json` becomes namespace <namespace>
 * of <lang>: features add their own files, nothing to register.
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', {
  eager: true,
});
const resources: Resource = {};
for (const [path, mod] of Object.entries(files)) {
  const m = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!m) continue;
  const [, lang, ns] = m as unknown as [string, string, string];
  (resources[lang] ??= {})[ns] = mod.default;
}
export const NAMESPACES = [
  ...new Set(Object.keys(files).map((p) => /([^/]+)\.json$/.exec(p)![1]!)),
];

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

void i18next.use(initReactI18next).init({
  resources,
  lng: detectLanguage(),
  fallbackLng: 'en',
  ns: NAMESPACES,
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

/** Numbers and dates in the current language. */
export const formatNumber = (n: number, opts?: Intl.NumberFormatOptions) =>
  new Intl.NumberFormat(i18next.language, opts).format(n);
export const formatDate = (
  d: Date | string,
  opts: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
) =>
  new Intl.DateTimeFormat(i18next.language, opts).format(typeof d === 'string' ? new Date(d) : d);

export default i18next;
