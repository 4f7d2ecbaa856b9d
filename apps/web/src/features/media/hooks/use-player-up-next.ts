import { useEffect, useEffectEvent, useState } from 'react';
import type { UpNextSetting } from './use-player-settings';

/** The up-next card shows over the last this many seconds (and once the episode ended). */
export const UP_NEXT_TAIL_SECONDS = 10;

export interface UpNextOptions {
  /** Whether there is a next episode. */
  hasNext: boolean;
  currentTime: number;
  duration: number;
  paused: boolean;
  ended: boolean;
  /** The countdown's length, or 'off' (the card only offers the next episode). */
  setting: UpNextSetting;
  /** The countdown ran out. */
  onElapsed: () => void;
}

/**
 * The up-next card: shown near the end or once ended; its countdown runs while the video plays or
 * has ended (a pause during the credits holds it), and Cancel hides the card until the viewer
 * seeks back out of the tail.
 */
export function usePlayerUpNext({
  hasNext,
  currentTime,
  duration,
  paused,
  ended,
  setting,
  onElapsed,
}: UpNextOptions) {
  const inTail =
    hasNext && duration > 0 && (ended || duration - currentTime <= UP_NEXT_TAIL_SECONDS);
  const [dismissed, setDismissed] = useState(false);
  const [remaining, setRemaining] = useState<number | null>(null);

  // Adjusted while rendering (React's pattern for state that follows props).
  if (!inTail && dismissed) setDismissed(false);
  const visible = inTail && !dismissed;
  const countdown = setting === 'off' ? null : setting;
  if (visible && countdown !== null && remaining === null) setRemaining(countdown);
  if ((!visible || countdown === null) && remaining !== null) setRemaining(null);

  const running = visible && remaining !== null && remaining > 0 && (ended || !paused);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(
      () => setRemaining((r) => (r === null ? r : Math.max(r - 1, 0))),
      1000,
    );
    return () => clearInterval(timer);
  }, [running]);

  const elapsed = useEffectEvent(() => onElapsed());
  const done = visible && remaining === 0;
  useEffect(() => {
    if (done) elapsed();
  }, [done]);

  return {
    visible,
    /** Seconds left, or null without a countdown. */
    remaining: visible ? remaining : null,
    total: countdown,
    cancel: () => setDismissed(true),
  };
}
