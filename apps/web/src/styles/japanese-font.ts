/** The part of i18next this needs: the current language and its change event. */
export interface LanguageSource {
  language: string | undefined;
  on(event: 'languageChanged', listener: (lng: string) => void): void;
}

const loadStylesheet = () => import('./fonts-jp.css');

/**
 * Noto Sans JP's stylesheet (about 200 kB of `@font-face` rules, hundreds of unicode-range
 * faces) is fetched only when the interface is Japanese: at start when the language already is,
 * or at the first switch to it. English pages fetch neither the stylesheet nor any of its fonts;
 * Japanese text in English pages uses the system's Japanese font.
 */
export function loadJapaneseFontWhenNeeded(
  i18n: LanguageSource,
  load: () => Promise<unknown> = loadStylesheet,
): void {
  let requested = false;
  const check = (lng: string | undefined) => {
    if (requested || !lng?.toLowerCase().startsWith('ja')) return;
    requested = true;
    load().catch((error: unknown) => {
      // A failed chunk (offline, a deploy in between) may be retried at the next switch.
      requested = false;
      console.error('Loading the Japanese font failed', error);
    });
  };
  check(i18n.language);
  i18n.on('languageChanged', check);
}
