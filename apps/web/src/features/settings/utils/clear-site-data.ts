import { LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { MOTION_STORAGE_KEY } from '@/lib/motion';
import { STORAGE_KEYS } from '@/lib/storage';
import { STAY_ON_WEB_KEY } from './mobile';

/**
 * Local-storage keys Clear cache keeps: the display and language choices (and the choice to stay
 * on the web on a phone) are preferences the user made on purpose, not cache. The session is an
 * httpOnly cookie, out of reach of scripts, so signing out is never a side effect.
 */
export const KEPT_STORAGE_KEYS: readonly string[] = [
  STORAGE_KEYS.theme,
  LANGUAGE_STORAGE_KEY,
  MOTION_STORAGE_KEY,
  STAY_ON_WEB_KEY,
];

export interface ClearedSummary {
  caches: number;
  databases: number;
  localKeys: number;
}

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    // Another tab holds it open: it is deleted once that tab lets go; do not wait for it.
    request.onblocked = () => resolve();
  });
}

/**
 * Clears what this site keeps in the browser: Cache Storage (the app shell the service worker
 * keeps; it fills again on the next visit), IndexedDB databases, session storage, and local
 * storage except `KEPT_STORAGE_KEYS`. Each part that the browser lacks or refuses is skipped.
 */
export async function clearSiteData(): Promise<ClearedSummary> {
  const summary: ClearedSummary = { caches: 0, databases: 0, localKeys: 0 };

  if (typeof caches !== 'undefined') {
    try {
      const names = await caches.keys();
      const results = await Promise.all(names.map((name) => caches.delete(name)));
      summary.caches = results.filter(Boolean).length;
    } catch {
      /* Cache Storage unavailable (insecure context, private mode) */
    }
  }

  if (typeof indexedDB !== 'undefined' && typeof indexedDB.databases === 'function') {
    try {
      const names = (await indexedDB.databases()).flatMap((db) => (db.name ? [db.name] : []));
      await Promise.all(names.map(deleteDatabase));
      summary.databases = names.length;
    } catch {
      /* IndexedDB unavailable */
    }
  }

  try {
    sessionStorage.clear();
  } catch {
    /* storage blocked */
  }

  try {
    const keys: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key !== null && !KEPT_STORAGE_KEYS.includes(key)) keys.push(key);
    }
    for (const key of keys) localStorage.removeItem(key);
    summary.localKeys = keys.length;
  } catch {
    /* storage blocked */
  }

  return summary;
}

/** The browser's own estimate of what this site stores, in bytes; null when it cannot tell. */
export async function estimateStorageUsage(): Promise<number | null> {
  if (typeof navigator === 'undefined' || typeof navigator.storage?.estimate !== 'function') {
    return null;
  }
  try {
    const { usage } = await navigator.storage.estimate();
    return typeof usage === 'number' ? usage : null;
  } catch {
    return null;
  }
}
