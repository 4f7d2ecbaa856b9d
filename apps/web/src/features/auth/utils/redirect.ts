import type { Location } from 'react-router';

/** Where a signed-out visitor wanted to go; RequireAuth puts it in the /login navigation state. */
export interface FromState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

const AUTH_PATHS = new Set(['/', '/login', '/signup', '/forgotpassword', '/reset-password']);

/** The page to open after signing in: the remembered protected page, else /feed. */
export function redirectTarget(state: unknown, fallback = '/feed'): string {
  const from = (state as FromState | null | undefined)?.from;
  if (!from || typeof from.pathname !== 'string') return fallback;
  // Only same-app paths: never a protocol-relative `//host` or an auth page (a loop).
  if (!from.pathname.startsWith('/') || from.pathname.startsWith('//')) return fallback;
  if (AUTH_PATHS.has(from.pathname.toLowerCase())) return fallback;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/** State /login may be opened with: a message to show above the form. */
export interface LoginNoticeState {
  notice?: 'password-reset';
}
