import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import { mediaKeys } from '../api/media-keys';
import {
  sendReadProgressOnExit,
  setCachedReadProgress,
  updateReadProgress,
} from '../api/update-read-progress';

/** A position is saved this long after the reader stops on it (quick turns save once). */
export const READ_PROGRESS_DEBOUNCE_MS = 800;

interface ReaderProgressOptions {
  issueId: string;
  pageCount: number;
  /** The page reached now (the highest page on screen). */
  page: number;
  /** The page the reader opened at (already the saved one: no save for it). */
  initialPage: number;
}

function localProgress(page: number, pageCount: number) {
  return { page, finished: page >= pageCount, updatedAt: new Date().toISOString() };
}

/**
 * Saves the page reached, in the background: a debounced PUT once the page settles, chained so
 * saves arrive in order, never awaited by anything on screen (images are requested first, in the
 * render that shows the page). Leaving the reader (close, another issue, the tab going away)
 * sends a pending save with `keepalive`, then refreshes the series' landing.
 */
export function useReaderProgress({
  issueId,
  pageCount,
  page,
  initialPage,
}: ReaderProgressOptions) {
  const queryClient = useQueryClient();
  const saved = useRef(initialPage);
  const pending = useRef<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const chain = useRef<Promise<unknown>>(Promise.resolve());

  const save = (p: number) => {
    pending.current = null;
    saved.current = p;
    setCachedReadProgress(queryClient, issueId, localProgress(p, pageCount));
    chain.current = chain.current
      .then(() => updateReadProgress(issueId, p))
      .then(
        (progress) => {
          if (saved.current === p) setCachedReadProgress(queryClient, issueId, progress);
        },
        () => undefined, // the next save (or the exit save) carries the position again
      );
  };
  const saveLater = useEffectEvent((p: number) => save(p));

  useEffect(() => {
    if (page === saved.current && pending.current === null) return;
    pending.current = page;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      if (pending.current !== null && pending.current !== saved.current) {
        saveLater(pending.current);
      } else {
        pending.current = null;
      }
    }, READ_PROGRESS_DEBOUNCE_MS);
  }, [page]);

  useEffect(() => {
    /**
     * Sends what is not saved yet with keepalive; resolves when done. A page going away sends at
     * once; a reader closing within the app first lets an earlier save arrive (order is kept).
     */
    const flushOnExit = (afterEarlierSaves: boolean): Promise<void> => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      const p = pending.current;
      pending.current = null;
      if (p === null || p === saved.current) return chain.current.then(() => undefined);
      saved.current = p;
      setCachedReadProgress(queryClient, issueId, localProgress(p, pageCount));
      if (!afterEarlierSaves) return sendReadProgressOnExit(issueId, p);
      chain.current = chain.current.then(() => sendReadProgressOnExit(issueId, p));
      return chain.current.then(() => undefined);
    };
    const onPageHide = () => void flushOnExit(false);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') void flushOnExit(false);
    };
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onVisibility);
      // The landing shows the progress (Continue, the issue's read state): refresh it once the
      // last save is in, so the refetch cannot overtake it.
      void flushOnExit(true).then(() => {
        void queryClient.invalidateQueries({ queryKey: mediaKeys.details() });
        void queryClient.invalidateQueries({ queryKey: mediaKeys.pages() });
      });
    };
  }, [queryClient, issueId, pageCount]);
}
