import { useSyncExternalStore } from 'react';

/** Phones: the top bar's links move to the bottom tab bar (the same breakpoint as the sidebar sheet). */
export const PHONE_QUERY = '(max-width: 767.98px)';

function query(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(PHONE_QUERY)
    : null;
}

function subscribe(onChange: () => void): () => void {
  const mql = query();
  mql?.addEventListener('change', onChange);
  return () => mql?.removeEventListener('change', onChange);
}

/**
 * Whether the screen is phone-sized. Only one of the two navigations is rendered, so assistive
 * technology never meets the same links twice; without matchMedia (tests) it is the wide layout.
 */
export function useIsPhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? false,
    () => false,
  );
}
