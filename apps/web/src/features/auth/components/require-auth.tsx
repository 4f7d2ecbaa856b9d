import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadingScreen } from '@/components/page/loading-screen';
import { useSession } from '../hooks/use-session';
import type { FromState } from '../utils/redirect';
import { signOutIntent } from '../utils/sign-out-intent';

/** Protected routes: a visitor without a signed-in user goes to /login, which remembers where they were going. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const signedIn = session.status === 'signed-in';
  useEffect(() => {
    if (signedIn) signOutIntent.end();
  }, [signedIn]);
  if (session.status === 'pending') return <LoadingScreen />;
  if (session.status === 'signed-out') {
    // Leaving after "Logout": nothing to come back to.
    if (signOutIntent.active) return <Navigate to="/login" replace />;
    const state: FromState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to="/login" replace state={state} />;
  }
  return children;
}

/** `/`: the login page, or /feed when a user is signed in (spec §2). */
export function RedirectIfSignedIn({
  children,
  to = '/feed',
}: {
  children: ReactNode;
  to?: string;
}) {
  const session = useSession();
  if (session.status === 'pending') return <LoadingScreen />;
  if (session.status === 'signed-in') return <Navigate to={to} replace />;
  return children;
}

/** Spec §2: 'The page shows Loading... until the sign-in state is known.' Wraps the whole app. */
export function SessionGate({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.status === 'pending') return <LoadingScreen />;
  return children;
}
