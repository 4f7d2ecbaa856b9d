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
  // With no clock running the value may be old: refresh it, so a first render is right at once
  // (a second old at most, so the calls of one render still read one value).
  if (!timer && Date.now() - now > 1000) now = Date.now();
  return now;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    // Fresh on first use. React re-reads the snapshot after subscribing; Preact compares it just
    // before, so a refreshed value is announced to the new listener as well.
    const fresh = Date.now();
    const changed = fresh !== now;
    now = fresh;
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, TICK_MS);
    if (changed) listener();
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
