import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { LoadingScreen } from '@/components/page/loading-screen';
import { SessionGate } from '@/features/auth/components/require-auth';

/** Every route: 'Loading...' until the sign-in state is known (spec §2), then the page. */
export function RootLayout() {
  return (
    <SessionGate>
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </SessionGate>
  );
}
