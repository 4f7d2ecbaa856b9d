/** localStorage that never throws (private mode, blocked storage, quota). */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Not persisting is acceptable; the value still applies for this visit.
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // ignore
    }
  },
};

/** Every key the web app stores, prefixed `otakura.` so they are easy to find and clear. */
export const STORAGE_KEYS = {
  theme: 'otakura.theme',
  searchText: (area: string) => `otakura.search.${area}`,
} as const;
