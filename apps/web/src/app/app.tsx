import { useEffect, useState, type ReactNode } from 'react';
import { RouterProvider } from 'react-router';
import { LoadingScreen } from '@/components/page/loading-screen';
import { refreshSession, startSession } from '@/features/auth/api/auth-client';
import type { FromState } from '@/features/auth/utils/redirect';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { preloadRouteData } from './route-data';
import { createAppRouter, isPublicPath, preloadRoute } from './router';

/**
 * The app's startup (docs/web-performance.md, "Startup in tasks"), called by main.tsx in three
 * steps so that no step is one long task:
 * 1. `startNetwork()` with the entry's evaluation: the session check and the page's first data.
 * 2. `createApp()` in the next task: the router (matching the URL against every route, the
 *    largest piece of startup work after the renderer) and the query cache; it starts loading
 *    the matched page's code and words.
 * 3. The returned component, rendered once the shell's words are in: the providers and the
 *    loading screen (what index.html already shows), then, in a task of its own once the session
 *    and the page's code and words are in, the page itself, rendered in one go (no suspension).
 */
let sessionKnown: ReturnType<typeof startSession> | undefined;

export function startNetwork(): void {
  sessionKnown = startSession();
  preloadRouteData(window.location.pathname);
}

export function createApp() {
  const router = createAppRouter();
  const pageCode = preloadRoute(router.state.matches);
  const session = sessionKnown ?? startSession();
  // A signed-out visitor on a page that needs an account goes to /login at once: the page's
  // code is not waited for.
  const firstPage = session.then((s) =>
    s.data || isPublicPath(window.location.pathname) ? pageCode : undefined,
  );
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
  return function App() {
    return (
      <AppProviders queryClient={queryClient}>
        <Hold until={firstPage}>
          <RouterProvider router={router} />
        </Hold>
      </AppProviders>
    );
  };
}

/** The loading screen until `until` settles, then `children`, rendered in a task of their own. */
function Hold({ until, children }: { until: Promise<unknown>; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    let mounted = true;
    void until.finally(() => setTimeout(() => mounted && setOpen(true), 0));
    return () => {
      mounted = false;
    };
  }, [until]);
  return open ? children : <LoadingScreen />;
}
