import { useSyncExternalStore } from 'react';

/** A hardware keyboard is likely where the main pointer is a mouse or trackpad. */
export const FINE_POINTER_QUERY = '(hover: hover) and (pointer: fine)';

function query(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(FINE_POINTER_QUERY)
    : null;
}

function subscribe(onChange: () => void): () => void {
  const mql = query();
  mql?.addEventListener('change', onChange);
  return () => mql?.removeEventListener('change', onChange);
}

/** Whether to show keyboard shortcuts: only with a fine, hovering pointer (not on touch phones). */
export function useHasFinePointer(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? false,
    () => false,
  );
}

/** Apple platforms name the modifier ⌘ (Command), others Ctrl. */
export function isApplePlatform(
  nav: Pick<Navigator, 'platform' | 'userAgent'> = navigator,
): boolean {
  const data = (nav as Navigator & { userAgentData?: { platform?: string } }).userAgentData;
  const platform = data?.platform || nav.platform || nav.userAgent;
  return /mac|iphone|ipad|ipod/i.test(platform);
}
