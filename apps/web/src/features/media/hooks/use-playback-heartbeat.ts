import type { PlaybackHeartbeatInput, PlaybackSession } from '@otakura/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, type RefObject } from 'react';
import {
  applyPlaybackState,
  beaconClosePlayback,
  closePlayback,
  refreshAfterPlayback,
  sendPlaybackHeartbeat,
  startPlayback,
} from '../api/playback';

/** The contract's bounds for positions and durations (PlaybackHeartbeatInputSchema). */
const MAX_SECONDS = 86_400;
/** Dragging the seek bar fires many `seeked`: one beat once it settles. */
const SEEKED_BEAT_DELAY_MS = 500;

const seconds = (value: number) =>
  Math.round(Math.min(Math.max(value, 0), MAX_SECONDS) * 1000) / 1000;

export interface PlaybackHeartbeatOptions {
  /** The player's video; it must be mounted when the hook's effect runs. */
  videoRef: RefObject<HTMLVideoElement | null>;
  episodeId: string;
  /** The series, whose cached Views take each answer's count. */
  mediaId: string;
  /** False while there is nothing to play (no video yet): no session is opened. */
  enabled?: boolean;
  /** The opening's first session arrived (where to resume). Later sessions reopened after the tab was hidden do not resume. */
  onSession?: (session: PlaybackSession) => void;
}

/**
 * The playback session of one opening of the player (docs/media.md):
 * - opens it on mount (`POST /episodes/:id/playback`), never holding up playback;
 * - while the video plays, a heartbeat every `heartbeatIntervalMs` with the position; one more on
 *   pause, ended and (once settled) seeked; `playing` says whether it played since the last beat;
 * - closes it on unmount (the player closed or moved to another episode) with the answer's view
 *   count put in the cache and the progress lists refreshed; when the page is hidden or unloaded
 *   with `navigator.sendBeacon`, and opens a new one if the page comes back.
 * Every request is fire and forget: a failure is ignored, the next beat carries the state again.
 */
export function usePlaybackHeartbeat({
  videoRef,
  episodeId,
  mediaId,
  enabled = true,
  onSession,
}: PlaybackHeartbeatOptions): void {
  const queryClient = useQueryClient();
  const sessionArrived = useEffectEvent((session: PlaybackSession) => onSession?.(session));

  useEffect(() => {
    const video = videoRef.current;
    if (!enabled || !video) return;

    let alive = true;
    let first = true;
    let opening = false;
    let session: PlaybackSession | null = null;
    let playedSinceBeat = !video.paused;
    let interval: ReturnType<typeof setInterval> | undefined;
    let pendingBeat: ReturnType<typeof setTimeout> | undefined;

    /** The state to report; marks it reported. */
    const snapshot = (): PlaybackHeartbeatInput => {
      const input: PlaybackHeartbeatInput = {
        positionSeconds: seconds(video.currentTime || 0),
        playing: playedSinceBeat || !video.paused,
      };
      const duration = video.duration;
      if (Number.isFinite(duration) && duration > 0) input.durationSeconds = seconds(duration);
      playedSinceBeat = !video.paused;
      return input;
    };

    const stopBeats = () => {
      clearInterval(interval);
      clearTimeout(pendingBeat);
      interval = undefined;
      pendingBeat = undefined;
    };

    const beat = () => {
      pendingBeat = undefined;
      if (!session) return;
      sendPlaybackHeartbeat(session.sessionId, snapshot()).then(
        (state) => applyPlaybackState(queryClient, mediaId, state),
        () => undefined,
      );
    };

    const beatSoon = (delayMs: number) => {
      clearTimeout(pendingBeat);
      pendingBeat = setTimeout(beat, delayMs);
    };

    const startInterval = () => {
      if (!session || interval !== undefined || video.paused) return;
      interval = setInterval(beat, session.heartbeatIntervalMs);
    };

    const closeInApp = (closing: PlaybackSession) => {
      closePlayback(closing.sessionId, snapshot()).then(
        (state) => {
          applyPlaybackState(queryClient, mediaId, state);
          refreshAfterPlayback(queryClient, mediaId);
        },
        () => refreshAfterPlayback(queryClient, mediaId),
      );
    };

    const open = () => {
      if (session || opening) return;
      opening = true;
      startPlayback(episodeId).then(
        (opened) => {
          opening = false;
          if (!alive) return closeInApp(opened);
          if (document.visibilityState === 'hidden') {
            beaconClosePlayback(opened.sessionId, snapshot());
            return;
          }
          session = opened;
          if (first) {
            first = false;
            sessionArrived(opened);
          }
          startInterval();
        },
        () => {
          opening = false;
          first = false;
        },
      );
    };

    /** The page is going away (hidden, unloaded): close with a beacon, it may never run again. */
    const closeLeaving = () => {
      stopBeats();
      if (!session) return;
      const closing = session;
      session = null;
      beaconClosePlayback(closing.sessionId, snapshot());
    };

    const onPlay = () => {
      playedSinceBeat = true;
      if (!session) open();
      startInterval();
    };
    const onStop = () => {
      clearInterval(interval);
      interval = undefined;
      beatSoon(0); // pause and ended come together: one beat
    };
    const onSeeked = () => beatSoon(SEEKED_BEAT_DELAY_MS);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') closeLeaving();
      else open();
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) open();
    };

    video.addEventListener('play', onPlay);
    video.addEventListener('pause', onStop);
    video.addEventListener('ended', onStop);
    video.addEventListener('seeked', onSeeked);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', closeLeaving);
    window.addEventListener('pageshow', onPageShow);
    open();

    return () => {
      alive = false;
      video.removeEventListener('play', onPlay);
      video.removeEventListener('pause', onStop);
      video.removeEventListener('ended', onStop);
      video.removeEventListener('seeked', onSeeked);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', closeLeaving);
      window.removeEventListener('pageshow', onPageShow);
      stopBeats();
      if (session) closeInApp(session);
      else if (!opening) refreshAfterPlayback(queryClient, mediaId);
      session = null;
    };
  }, [videoRef, episodeId, mediaId, enabled, queryClient]);
}
