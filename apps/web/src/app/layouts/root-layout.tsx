import { ScrollRestoration, type Location } from 'react-router';
import { LoadingScreen } from '@/components/page/loading-screen';
import { SessionGate } from '@/features/auth/components/require-auth';
import { RouteSuspense } from './route-suspense';

/**
 * Where a page's scroll position is remembered. Every page opened by a full load (typed,
 * reloaded, a link from elsewhere) has the history key 'default', so keyed by that alone a
 * new page would open at the last full-loaded page's position; those are keyed by their path
 * instead (a reload still comes back where it was). In-app navigations keep their own key.
 */
export const scrollKey = (location: Location) =>
  location.key === 'default' ? `path:${location.pathname}` : location.key;

/** Every route: 'Loading...' until the sign-in state is known (spec §2), then the page. */
export function RootLayout() {
  return (
    <SessionGate>
      {/* Keyed by the section (the signed-in shell, the sign-in pages, the legal pages): each
          layout has its own boundary per page below it. */}
      <RouteSuspense fallback={<LoadingScreen />} depth={1} />
      <ScrollRestoration getKey={scrollKey} />
    </SessionGate>
  );
}
