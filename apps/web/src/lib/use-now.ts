import { useSyncExternalStore } from 'react';

/*
 * One clock for every relative time on screen: a single interval, only while something listens.
 * 20 s keeps "Seconds Ago" → "1 Minute Ago" close to the truth without re-rendering often.
 */
const TICK_MS = 20_000;
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function getNow() {
  // With no clock running the value may be old: refresh it (stable across the calls of one render).
  if (!timer && Date.now() - now > TICK_MS) now = Date.now();
  return now;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    // Fresh on first use; React re-reads the snapshot after subscribing.
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The current time in ms, refreshed every 20 s. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, getNow);
}
