import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadingScreen } from '@/components/page/loading-screen';
import { useSession } from '../hooks/use-session';
import type { FromState } from '../utils/redirect';

/** Protected routes: a visitor without a signed-in user goes to /login, which remembers where they were going. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'pending') return <LoadingScreen />;
  if (session.status === 'signed-out') {
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
