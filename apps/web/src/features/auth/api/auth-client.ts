import { createAuthClient } from 'better-auth/react';

/** Better Auth's client, mounted by the server at /api/auth on the same origin (cookies stay first-party). */
export const authClient = createAuthClient({
  baseURL: `${window.location.origin}/api/auth`,
});

export type AuthSession = typeof authClient.$Infer.Session;
/** The signed-in user; the server also sends the username and two-factor plugin fields. */
export type SessionUser = AuthSession['user'] & {
  username?: string | null;
  displayUsername?: string | null;
  twoFactorEnabled?: boolean | null;
  role?: string | null;
};

/** Ask Better Auth to fetch the session again (after the API answered 401, for example). */
export function refreshSession(): void {
  authClient.$store.notify('$sessionSignal');
}

interface SessionAtomValue {
  refetch?: () => Promise<void>;
}

/**
 * Fetches the session again and resolves once the shared session store holds the answer: call it
 * after signing in through the API client, before navigating to a protected page.
 */
export async function reloadSession(): Promise<void> {
  const atom = authClient.$store.atoms.session;
  const value = atom?.get() as SessionAtomValue | undefined;
  if (value?.refetch) await value.refetch();
  else refreshSession();
}
