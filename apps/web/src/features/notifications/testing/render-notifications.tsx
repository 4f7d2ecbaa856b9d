import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastProvider } from '@/components/ui/toast';
import { FakeSocket } from '@/lib/live/fake-live-socket.test-helpers';
import { LiveClient } from '@/lib/live/live-client';
import { LiveClientProvider } from '@/lib/live/live-provider';

/**
 * Renders `ui` at `path` with a query cache, toasts, a router (every other path shows its own
 * address, so a followed link can be seen) and a live client over a FakeSocket.
 */
export function renderNotifications(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  FakeSocket.all = [];
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const client = new LiveClient({
    url: 'ws://example.test/api/live',
    WebSocket: FakeSocket,
    random: () => 1,
    warn: () => undefined,
  });
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: '*', element: <p>Another page</p> },
    ],
    { initialEntries: [path] },
  );
  const user = userEvent.setup();
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <LiveClientProvider enabled client={client}>
          <RouterProvider router={router} />
        </LiveClientProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { queryClient, client, router, user, ...utils };
}
