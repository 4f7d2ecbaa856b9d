import { Suspense, type ReactNode } from 'react';
import { Outlet, useMatches } from 'react-router';

/**
 * A layout's `<Outlet />` under a Suspense boundary of its own for each route it shows: the
 * boundary is keyed by the matched route (`depth` in the matches, the deepest by default), so a
 * new page suspends in a new boundary and a page already shown never waits for it. Going Back
 * while the next page's code is still loading shows the previous page at once. (Under Preact one
 * shared boundary stayed suspended for good in that case and showed nothing; React keeps the old
 * page during the transition. Keyed, both show the fallback while a new page loads and the old
 * page once it is back.) Keyed by route, not address: `/community/a` to `/community/b`, or the
 * post modal's `?post=`, keep the page mounted.
 */
export function RouteSuspense({
  fallback,
  depth,
  children,
}: {
  fallback: ReactNode;
  depth?: number;
  /** What the boundary holds: the `<Outlet />`, or a frame around it that the fallback replaces too. */
  children?: ReactNode;
}) {
  const matches = useMatches();
  const match = depth === undefined ? matches.at(-1) : matches[depth];
  return (
    <Suspense key={match?.id} fallback={fallback}>
      {children ?? <Outlet />}
    </Suspense>
  );
}
