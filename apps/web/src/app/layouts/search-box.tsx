import { LIMITS } from '@otakura/shared';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { storage, STORAGE_KEYS } from '@/lib/storage';

/**
 * Spec §2 top bar: the search box appears only on these three pages, with these placeholders
 * (`common` keys; English: Search Communities, Search For A Series, Search Items).
 */
export const SEARCH_AREAS = {
  '/search': { area: 'search', placeholderKey: 'search.communities' },
  '/media': { area: 'media', placeholderKey: 'search.media' },
  '/shop': { area: 'shop', placeholderKey: 'search.shop' },
} as const;

export type SearchArea = (typeof SEARCH_AREAS)[keyof typeof SEARCH_AREAS];

export function searchAreaFor(pathname: string): SearchArea | undefined {
  const key = pathname.replace(/\/+$/, '').toLowerCase();
  return key in SEARCH_AREAS ? SEARCH_AREAS[key as keyof typeof SEARCH_AREAS] : undefined;
}

/**
 * The text lives in the URL (`?q=`, so a search can be shared and survives reload) and the last
 * text per page in localStorage (spec §5: the last search text is remembered).
 */
export function SearchBox({ area, placeholderKey }: SearchArea) {
  const { t } = useTranslation();
  const placeholder = t(placeholderKey);
  const [params, setParams] = useSearchParams();
  const urlText = params.get('q') ?? '';
  const storageKey = STORAGE_KEYS.searchText(area);

  // Local text keeps typing smooth; it follows the URL when that changes (back/forward).
  const [text, setText] = useState(() => urlText || storage.get(storageKey) || '');
  const [seenUrlText, setSeenUrlText] = useState(urlText);
  if (urlText !== seenUrlText) {
    setSeenUrlText(urlText);
    setText(urlText);
  }

  // Arriving without ?q=: bring back the last search into the URL, so the page filters by it.
  useEffect(() => {
    if (urlText !== '' || params.has('q')) return;
    const last = storage.get(storageKey);
    if (last) {
      setParams(
        (p) => {
          p.set('q', last);
          return p;
        },
        { replace: true },
      );
    }
    // Only on arrival to the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storageKey]);

  const change = (value: string) => {
    setText(value);
    setSeenUrlText(value);
    if (value) storage.set(storageKey, value);
    else storage.remove(storageKey);
    setParams(
      (p) => {
        if (value) p.set('q', value);
        else p.delete('q');
        return p;
      },
      { replace: true },
    );
  };

  return (
    <form role="search" className="search-box" onSubmit={(e) => e.preventDefault()}>
      <Search className="search-box__icon" aria-hidden="true" />
      <input
        className="search-box__input"
        type="search"
        aria-label={placeholder}
        placeholder={placeholder}
        value={text}
        onChange={(e) => change(e.target.value)}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={LIMITS.searchQueryMax}
      />
    </form>
  );
}
