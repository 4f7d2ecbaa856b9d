import { SYSTEM_USER_ID, type Comment, type UserSummary } from '@otakura/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import { CommentsViewerProvider } from './components/comments-viewer';

export const POST_ID = '01900000-0000-7000-8000-0000000000aa';

export const me: UserSummary = {
  id: 'u-me',
  username: 'aiko',
  name: 'Aiko Tanaka',
  avatarUrl: null,
};
export const other: UserSummary = {
  id: 'u-other',
  username: 'kenji',
  name: 'Kenji Sato',
  avatarUrl: null,
};
export const system: UserSummary = {
  id: SYSTEM_USER_ID,
  username: 'system',
  name: 'System',
  avatarUrl: null,
};

let seq = 0;
export function makeComment(overrides: Partial<Comment> = {}): Comment {
  seq += 1;
  return {
    id: `c${seq}`,
    postId: POST_ID,
    mediaId: null,
    author: other,
    body: `Comment ${seq}`,
    likeCount: 0,
    likedByMe: false,
    replyTo: null,
    deleted: false,
    edited: false,
    reportedByMe: false,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}

export function tombstone(comment: Comment): Comment {
  return {
    ...comment,
    author: system,
    body: 'User deleted this comment :(',
    deleted: true,
    likeCount: 0,
  };
}

type Handler = (req: { method: string; path: string; url: URL; body: unknown }) =>
  | {
      status?: number;
      body?: unknown;
    }
  | Promise<{ status?: number; body?: unknown }>;

/**
 * Answers the API client's fetches from `routes` ("GET /api/posts/x/comments" → handler); anything
 * else is a 404 so a missing route shows up as a failing test, not a hang. Returns the spy.
 */
export function fakeApi(routes: Record<string, Handler>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const key = `${method} ${url.pathname}`;
    const handler = routes[key];
    const json = (status: number, body: unknown) =>
      new Response(body === undefined ? '' : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    if (!handler) return json(404, { error: { code: 'not_found', message: `No route ${key}` } });
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const res = await handler({ method, path: url.pathname, url, body });
    return json(res.status ?? 200, res.body);
  });
}

export function page(items: Comment[], nextCursor: string | null = null) {
  return { items, nextCursor };
}

/** Renders `ui` with a query cache, toasts, a router and the viewer. */
export function renderComments(
  ui: ReactNode,
  { viewer = me }: { viewer?: UserSummary | null } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: <CommentsViewerProvider viewer={viewer}>{ui}</CommentsViewerProvider>,
      },
    ],
    { initialEntries: ['/post/x'] },
  );
  const user = userEvent.setup();
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { queryClient, user, router, ...utils };
}
