import { useCallback, useState } from 'react';
import { storage } from '@/lib/storage';
import type { FeedSort, FeedTab } from '../api/post-source';

export const FEED_STORAGE_KEYS = { tab: 'otakura.feed.tab', sort: 'otakura.feed.sort' } as const;

function read<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
  const value = storage.get(key);
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/** The remembered tab and sort (what the feed opens with). */
export function readFeedPrefs(): { tab: FeedTab; sort: FeedSort } {
  return {
    tab: read(FEED_STORAGE_KEYS.tab, ['following', 'all'] as const, 'following'),
    sort: read(FEED_STORAGE_KEYS.sort, ['new', 'top'] as const, 'new'),
  };
}

/** The feed's tab (Following / All) and sort (New / Top), remembered in local storage. */
export function useFeedPrefs() {
  const [tab, setTabState] = useState<FeedTab>(() => readFeedPrefs().tab);
  const [sort, setSortState] = useState<FeedSort>(() => readFeedPrefs().sort);
  const setTab = useCallback((next: FeedTab) => {
    setTabState(next);
    storage.set(FEED_STORAGE_KEYS.tab, next);
  }, []);
  const setSort = useCallback((next: FeedSort) => {
    setSortState(next);
    storage.set(FEED_STORAGE_KEYS.sort, next);
  }, []);
  return { tab, sort, setTab, setSort };
}
