import { authClient, type AuthSession, type SessionUser } from '../api/auth-client';

/** Spec §4: the sign-in state is unknown (Loading...), signed out, or signed in. */
export type SessionState =
  | { status: 'pending'; user: null; session: null }
  | { status: 'signed-out'; user: null; session: null }
  | { status: 'signed-in'; user: SessionUser; session: AuthSession['session'] };

const PENDING: SessionState = { status: 'pending', user: null, session: null };
const SIGNED_OUT: SessionState = { status: 'signed-out', user: null, session: null };

/**
 * Once the first answer arrived, a refetch never shows 'Loading...' again: Better Auth marks a
 * refetch from "signed out" as pending, which would unmount the login page while it signs in.
 */
let settled = false;

/**
 * The signed-in user, from Better Auth's `useSession()` (one shared store, refetched on focus and
 * across tabs). Tests mock this module: `vi.mock('@/features/auth/hooks/use-session')`.
 */
export function useSession(): SessionState {
  const { data, isPending } = authClient.useSession();
  if (isPending && !settled) return PENDING;
  if (!isPending) settled = true;
  if (!data) return SIGNED_OUT;
  return { status: 'signed-in', user: data.user as SessionUser, session: data.session };
}
