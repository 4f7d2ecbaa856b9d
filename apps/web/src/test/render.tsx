import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { routes } from '@/app/router';
import type { SessionState } from '@/features/auth/hooks/use-session';

/** The app's query client, for feature tests (a feature may not import app/ itself). */
export { createQueryClient };

/**
 * Session states for tests. Files that render routes mock the hook:
 *
 *   vi.mock('@/features/auth/hooks/use-session', () => ({ useSession: vi.fn() }));
 *   vi.mocked(useSession).mockReturnValue(sessions.signedIn());
 */
export const sessions = {
  pending: (): SessionState => ({ status: 'pending', user: null, session: null }),
  signedOut: (): SessionState => ({ status: 'signed-out', user: null, session: null }),
  signedIn: (
    user: Partial<Extract<SessionState, { status: 'signed-in' }>['user']> = {},
  ): SessionState =>
    ({
      status: 'signed-in',
      user: {
        id: 'user-1',
        name: 'Aiko Tanaka',
        email: 'aiko@example.com',
        emailVerified: true,
        image: null,
        createdAt: new Date('2025-01-01T00:00:00Z'),
        updatedAt: new Date('2025-01-01T00:00:00Z'),
        ...user,
      },
      session: {
        id: 'session-1',
        userId: 'user-1',
        token: 'token',
        expiresAt: new Date('2099-01-01T00:00:00Z'),
        createdAt: new Date('2025-01-01T00:00:00Z'),
        updatedAt: new Date('2025-01-01T00:00:00Z'),
      },
    }) as SessionState,
};

/** Renders the real route tree at `path` in a memory router with the app's providers. */
export function renderRoute(path: InitialEntry) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  const utils = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, queryClient, user, ...utils };
}

/** Renders a component inside the app's providers and a memory router (for components using Link). */
export function renderWithProviders(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const user = userEvent.setup();
  const utils = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, user, ...utils };
}
