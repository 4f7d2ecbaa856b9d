import { useEffect, useState, type RefObject } from 'react';

/** What the controls show, read from the video on its events. */
export interface PlayerMediaState {
  paused: boolean;
  ended: boolean;
  /** Seconds. */
  currentTime: number;
  /** Seconds; 0 until the metadata is known. */
  duration: number;
  /** Seconds buffered ahead of the current position's range end. */
  bufferedEnd: number;
  volume: number;
  muted: boolean;
  playbackRate: number;
  /** Stalled for data (spinner). */
  waiting: boolean;
  /** The metadata (duration, size) is known. */
  metadataLoaded: boolean;
  /** The video failed to load or decode. */
  failed: boolean;
}

const INITIAL: PlayerMediaState = {
  paused: true,
  ended: false,
  currentTime: 0,
  duration: 0,
  bufferedEnd: 0,
  volume: 1,
  muted: false,
  playbackRate: 1,
  waiting: false,
  metadataLoaded: false,
  failed: false,
};

const EVENTS = [
  'loadstart',
  'loadedmetadata',
  'durationchange',
  'timeupdate',
  'progress',
  'play',
  'playing',
  'pause',
  'ended',
  'waiting',
  'canplay',
  'seeking',
  'seeked',
  'volumechange',
  'ratechange',
  'error',
  'emptied',
] as const;

function bufferedEnd(video: HTMLVideoElement): number {
  const ranges = video.buffered;
  if (!ranges) return 0;
  for (let i = 0; i < ranges.length; i += 1) {
    if (ranges.start(i) <= video.currentTime && video.currentTime <= ranges.end(i))
      return ranges.end(i);
  }
  return 0;
}

/** The video's state, kept current from its media events. */
export function usePlayerMediaState(
  videoRef: RefObject<HTMLVideoElement | null>,
): PlayerMediaState {
  const [state, setState] = useState(INITIAL);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const onEvent = (event: Event) => {
      setState((previous) => {
        const duration = Number.isFinite(video.duration) ? video.duration : 0;
        let waiting = previous.waiting;
        if (event.type === 'waiting') waiting = true;
        else if (['playing', 'canplay', 'pause', 'seeked', 'emptied', 'error'].includes(event.type))
          waiting = false;
        let failed = previous.failed;
        if (event.type === 'error') failed = true;
        else if (event.type === 'loadstart' || event.type === 'loadedmetadata') failed = false;
        return {
          paused: video.paused,
          ended: video.ended,
          currentTime: video.currentTime || 0,
          duration,
          bufferedEnd: bufferedEnd(video),
          volume: video.volume,
          muted: video.muted,
          playbackRate: video.playbackRate,
          waiting,
          metadataLoaded:
            event.type === 'emptied' || event.type === 'loadstart'
              ? false
              : previous.metadataLoaded || event.type === 'loadedmetadata' || video.readyState >= 1,
          failed,
        };
      });
    };
    for (const type of EVENTS) video.addEventListener(type, onEvent);
    return () => {
      for (const type of EVENTS) video.removeEventListener(type, onEvent);
    };
  }, [videoRef]);

  return state;
}
