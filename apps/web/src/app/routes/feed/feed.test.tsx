import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/features/auth/hooks/use-session';
import { FakeSocket } from '@/lib/live/fake-live-socket.test-helpers';
import {
  installIntersectionObserver,
  makePost,
  mockApi,
  page,
  type MockRequest,
} from '@/features/posts/testing/posts-mock';
import { makeMe } from '@/features/users/testing/api-mock';
import { renderRoute, sessions } from '@/test/render';

vi.mock('@/features/auth/hooks/use-session', () => ({ useSession: vi.fn() }));
vi.mock('@/features/auth/api/auth-client', () => ({
  authClient: { signOut: vi.fn() },
  refreshSession: vi.fn(),
}));

beforeAll(async () => {
  await import('./feed');
}, 30_000);
beforeEach(() => {
  vi.mocked(useSession).mockReturnValue(sessions.signedIn());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const EMPTY = { items: [], nextCursor: null };

describe('/feed', () => {
  it('shows the grid in the layout and composes the comments panel into the post modal', async () => {
    const first = makePost({ title: 'First in the feed' });
    const second = makePost({ title: 'Second in the feed' });
    mockApi({
      'GET /api/me': makeMe(),
      'GET /api/feed': page([first, second]),
      [`GET /api/posts/${first.id}/comments`]: EMPTY,
      [`GET /api/posts/${second.id}/comments`]: EMPTY,
    });
    const { user, router } = renderRoute('/feed');
    expect(await screen.findByRole('heading', { level: 1, name: 'Feed' })).toBeInTheDocument();
    await user.click(await screen.findByRole('link', { name: 'First in the feed' }));

    const dialog = await screen.findByRole('dialog', { name: 'First in the feed' });
    expect(router.state.location.mask?.pathname).toBe(`/post/${first.id}`);
    expect(await within(dialog).findByRole('heading', { name: 'Comments' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/feed');
    expect(router.state.location.mask).toBeUndefined();
  });

  it('stays behind the required-details screen while details are missing', async () => {
    mockApi({
      'GET /api/me': makeMe({ bio: null, requiredDetailsMissing: ['bio'] }),
      'GET /api/feed': page([makePost({ title: 'Hidden for now' })]),
    });
    renderRoute('/feed');
    await screen.findByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(screen.queryByRole('feed')).not.toBeInTheDocument());
    expect(screen.queryByText('Hidden for now')).not.toBeInTheDocument();
  });
});

const feedPage1 = (calls: MockRequest[]) =>
  calls.filter(
    (c) =>
      c.method === 'GET' && c.url.pathname === '/api/feed' && !c.url.searchParams.get('cursor'),
  );

describe('/feed requests', () => {
  it('fetches page 1 once on mount, also when the cards on screen subscribe to their live topics', async () => {
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    const io = installIntersectionObserver();
    const posts = [makePost({ title: 'One' }), makePost({ title: 'Two' })];
    const { calls } = mockApi({ 'GET /api/me': makeMe(), 'GET /api/feed': page(posts) });
    renderRoute('/feed');
    await screen.findByRole('heading', { name: 'One' });
    await waitFor(() => expect(FakeSocket.all.length).toBeGreaterThan(0));
    const socket = FakeSocket.last;
    act(() => socket.open());

    // The cards come into view: their `post:{id}` topics are subscribed and confirmed.
    act(() => io.intersect((el) => el instanceof HTMLElement && !!el.dataset.postId));
    const topics = posts.map((p) => `post:${p.id}`);
    await waitFor(() => {
      const asked = socket.sent.flatMap((m) => (m as { topics?: string[] }).topics ?? []);
      expect(asked).toEqual(expect.arrayContaining(topics));
    });
    act(() => socket.receive({ type: 'subscribed', topics: ['feed', ...topics], denied: [] }));
    await act(async () => {
      await Promise.resolve();
    });
    expect(feedPage1(calls)).toHaveLength(1);

    // After a reconnect the confirmation does refetch (events may have been missed meanwhile).
    act(() => socket.serverClose(1006));
    await waitFor(() => expect(FakeSocket.last).not.toBe(socket), { timeout: 5000 });
    const next = FakeSocket.last;
    act(() => next.open());
    act(() => next.receive({ type: 'subscribed', topics: ['feed', ...topics], denied: [] }));
    await waitFor(() => expect(feedPage1(calls)).toHaveLength(2));
  });
});

describe('/feed post modal', () => {
  it('shows the next post at once, prefetches the neighbours and titles the tab', async () => {
    const posts = [
      makePost({ title: 'Alpha post' }),
      makePost({ title: 'Beta post' }),
      makePost({ title: 'Gamma post' }),
    ];
    const never = () => new Promise<Response>(() => undefined);
    const { calls } = mockApi({
      'GET /api/me': makeMe(),
      'GET /api/feed': page(posts),
      // No comment list ever answers: nothing the modal shows waits for the network.
      ...Object.fromEntries(posts.map((p) => [`GET /api/posts/${p.id}/comments`, never])),
      ...Object.fromEntries(posts.map((p) => [`GET /api/posts/${p.id}`, never])),
    });
    const { user, router, queryClient } = renderRoute('/feed');
    await user.click(await screen.findByRole('link', { name: 'Alpha post' }));
    await screen.findByRole('dialog', { name: 'Alpha post' });
    await waitFor(() => expect(document.title).toBe('Alpha post · Otakura'));

    // The next post's comments were asked for before any step; its detail is seeded from the list.
    const commentsOf = (id: string) =>
      calls.filter((c) => c.method === 'GET' && c.url.pathname === `/api/posts/${id}/comments`);
    await waitFor(() => expect(commentsOf(posts[1]!.id)).toHaveLength(1));
    expect(queryClient.getQueryData(['posts', 'detail', posts[1]!.id])).toMatchObject({
      title: 'Beta post',
    });

    // A synchronous click: the router's own navigation has not committed when this returns.
    fireEvent.click(screen.getByRole('button', { name: 'Next post' }));
    // Right away, in the same task as the click: no request answered in between.
    expect(screen.getByRole('dialog', { name: 'Beta post' })).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === `/api/posts/${posts[1]!.id}`)).toBe(false);
    await waitFor(() => expect(router.state.location.mask?.pathname).toBe(`/post/${posts[1]!.id}`));
    expect(document.title).toBe('Beta post · Otakura');
    // Now both neighbours of Beta are warm: Alpha (already) and Gamma.
    await waitFor(() => expect(commentsOf(posts[2]!.id)).toHaveLength(1));

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.title).toBe('Feed · Otakura');
  });
});
