import { RouterProvider } from 'react-router';
import { refreshSession, startSession } from '@/features/auth/api/auth-client';
import type { FromState } from '@/features/auth/utils/redirect';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { preloadRouteData } from './route-data';
import { createAppRouter, isPublicPath, preloadRoute } from './router';

const router = createAppRouter();
// The session check, the page's chunk, its words and its first data start now, alongside the
// shell's words (main.tsx renders once those arrived).
startSession();
preloadRoute(router.state.matches);
preloadRouteData(window.location.pathname);

const queryClient = createQueryClient({
  onUnauthorized: () => {
    // The server no longer knows this session: refresh the session store and send the user to sign in.
    refreshSession();
    const { pathname, search, hash } = router.state.location;
    if (isPublicPath(pathname)) return;
    const state: FromState = { from: { pathname, search, hash } };
    void router.navigate('/login', { replace: true, state });
  },
});

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
