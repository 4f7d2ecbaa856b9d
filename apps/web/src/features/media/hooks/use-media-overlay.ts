import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { mediaKeys } from '../api/media-keys';

/** Search parameter of the episode open in the player (`?episode={id}`). */
export const EPISODE_PARAM = 'episode';
/** Search parameter of the issue open in the reader (`?issue={id}`). */
export const ISSUE_PARAM = 'issue';

export interface MediaOverlay {
  /** The episode in the player, or null. */
  episodeId: string | null;
  /** The issue in the reader, or null (an episode wins if the address names both). */
  issueId: string | null;
  /** Opens the player (a new history entry: Back closes it). */
  openEpisode: (episodeId: string) => void;
  /** Opens the reader (a new history entry: Back closes it). */
  openIssue: (issueId: string) => void;
  /** The player moved to another episode: the address follows (replaced). */
  changeEpisode: (episodeId: string) => void;
  /** The reader moved to another issue: the address follows (replaced). */
  changeIssue: (issueId: string) => void;
  /** Closes either overlay: the parameter leaves the address (replaced). */
  close: () => void;
}

/**
 * The player and reader overlays live in the address, over the page that opened them (the media
 * landing, /episodes): `?episode={id}` or `?issue={id}`. Every other parameter (`?page=`) is
 * kept. When an overlay goes away (closed, or Back), what it changed is read again: progress and
 * views on the landing, its media pages, the episode lists.
 */
export function useMediaOverlay(): MediaOverlay {
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const episodeId = searchParams.get(EPISODE_PARAM) || null;
  const issueId = episodeId ? null : searchParams.get(ISSUE_PARAM) || null;

  const show = useCallback(
    (param: string | null, id: string | null, replace: boolean) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.delete(EPISODE_PARAM);
          next.delete(ISSUE_PARAM);
          if (param && id) next.set(param, id);
          return next;
        },
        { replace, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  const open = episodeId !== null || issueId !== null;
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) {
      void queryClient.invalidateQueries({ queryKey: mediaKeys.details() });
      void queryClient.invalidateQueries({ queryKey: mediaKeys.pages() });
      void queryClient.invalidateQueries({ queryKey: mediaKeys.continueWatching() });
      void queryClient.invalidateQueries({ queryKey: mediaKeys.newestEpisodes() });
      void queryClient.invalidateQueries({ queryKey: mediaKeys.lists() });
    }
    wasOpen.current = open;
  }, [open, queryClient]);

  return {
    episodeId,
    issueId,
    openEpisode: useCallback((id: string) => show(EPISODE_PARAM, id, false), [show]),
    openIssue: useCallback((id: string) => show(ISSUE_PARAM, id, false), [show]),
    changeEpisode: useCallback((id: string) => show(EPISODE_PARAM, id, true), [show]),
    changeIssue: useCallback((id: string) => show(ISSUE_PARAM, id, true), [show]),
    close: useCallback(() => show(null, null, true), [show]),
  };
}
