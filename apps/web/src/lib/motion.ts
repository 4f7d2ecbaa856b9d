import { useSyncExternalStore } from 'react';
import { storage } from './storage';
import './motion.css';

/**
 * Reduced motion: follows the system (`prefers-reduced-motion`) unless the user chose otherwise on
 * /accessibility. The choice is kept on this device (`otakura.reducedMotion`: 'on' | 'off'; absent =
 * follow the system) and shows on <html data-reduced-motion="reduce | no-preference">, which
 * motion.css uses to stop animations and transitions.
 *
 * Every feature reads the effective value here: `prefersReducedMotion()` in plain code,
 * `useReducedMotion()` in components (re-renders when the system setting or the choice changes).
 * Under reduced motion: no video autoplay, no decorative animation.
 */
export type MotionChoice = 'system' | 'on' | 'off';

export const MOTION_STORAGE_KEY = 'otakura.reducedMotion';
const SYSTEM_QUERY = '(prefers-reduced-motion: reduce)';
/** Fired on window when the choice changes in this tab (the storage event covers other tabs). */
const CHANGE_EVENT = 'otakura:reduced-motion';

export function readMotionChoice(): MotionChoice {
  const stored = storage.get(MOTION_STORAGE_KEY);
  return stored === 'on' || stored === 'off' ? stored : 'system';
}

function systemPrefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.(SYSTEM_QUERY).matches;
}

/** True when motion should be reduced now: the user's choice, else the system setting. */
export function prefersReducedMotion(): boolean {
  const choice = readMotionChoice();
  if (choice === 'on') return true;
  if (choice === 'off') return false;
  return systemPrefersReducedMotion();
}

/** Puts the effective value on <html data-reduced-motion>. */
export function applyMotionPreference(): void {
  if (typeof document === 'undefined') return;
  document.documentElement.setAttribute(
    'data-reduced-motion',
    prefersReducedMotion() ? 'reduce' : 'no-preference',
  );
}

/** Stores the choice ('system' forgets it), applies it, and tells every listener. */
export function setMotionChoice(choice: MotionChoice): void {
  if (choice === 'system') storage.remove(MOTION_STORAGE_KEY);
  else storage.set(MOTION_STORAGE_KEY, choice);
  applyMotionPreference();
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const mql = window.matchMedia?.(SYSTEM_QUERY);
  const onStorage = (event: StorageEvent) => {
    if (event.key === MOTION_STORAGE_KEY || event.key === null) onChange();
  };
  mql?.addEventListener?.('change', onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    mql?.removeEventListener?.('change', onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The effective reduced-motion value, kept current. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}

/** The stored choice (for the setting itself), kept current. */
export function useMotionChoice(): MotionChoice {
  return useSyncExternalStore(subscribe, readMotionChoice, () => 'system');
}

/** Whether the system itself asks for reduced motion, kept current (shown next to "System"). */
export function useSystemReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, systemPrefersReducedMotion, () => false);
}

// Applied once when the app loads and again whenever the system setting or the choice changes,
// so the attribute is right on every page, not only after visiting /accessibility.
if (typeof window !== 'undefined') {
  applyMotionPreference();
  subscribe(applyMotionPreference);
}
