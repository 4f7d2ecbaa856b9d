import { createAuthClient } from 'better-auth/react';

/** Better Auth's client, mounted by the server at /api/auth on the same origin (cookies stay first-party). */
export const authClient = createAuthClient({
  baseURL: `${window.location.origin}/api/auth`,
});

export type AuthSession = typeof authClient.$Infer.Session;
export type SessionUser = AuthSession['user'];

/** Ask Better Auth to fetch the session again (after the API answered 401, for example). */
export function refreshSession(): void {
  authClient.$store.notify('$sessionSignal');
}
