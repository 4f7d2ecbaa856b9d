import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/features/auth/hooks/use-session';
import { makeRow } from '@/features/communities/testing/fixtures';
import { apiError, mockApi } from '@/features/users/testing/api-mock';
import { renderRoute, sessions } from '@/test/render';

vi.mock('@/features/auth/hooks/use-session', () => ({ useSession: vi.fn() }));
vi.mock('@/features/auth/api/auth-client', () => ({
  authClient: { signOut: vi.fn() },
  refreshSession: vi.fn(),
}));

beforeAll(async () => {
  await import('./search');
}, 30_000);
beforeEach(() => {
  vi.mocked(useSession).mockReturnValue(sessions.signedIn());
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const ROWS = [
  makeRow({ id: 'c-1', name: 'Cafe Society', memberCount: 3, thumbnailUrl: '/files/c1.webp' }),
  makeRow({ id: 'c-2', name: 'Mecha Lovers', memberCount: 12_345, isMember: true }),
];

describe('/search', () => {
  it("lists communities alphabetically as links with '{n} Members' and a Member badge", async () => {
    mockApi({ 'GET /api/communities': { body: { items: ROWS, nextCursor: null } } });
    renderRoute('/search?q=');
    const list = await screen.findByRole('list', { name: 'Communities' });
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAttribute('href', '/community/c-1');
    expect(links[0]).toHaveTextContent('Cafe Society');
    expect(links[0]).toHaveTextContent('3 Members');
    expect(links[1]).toHaveAttribute('href', '/community/c-2');
    expect(links[1]).toHaveTextContent('12.3k Members');
    expect(within(links[1]!).getByText('Member')).toBeInTheDocument();
    expect(within(links[0]!).queryByText('Member')).not.toBeInTheDocument();
  });

  it('asks with the URL text, debounced: a quick second change sends only the last text', async () => {
    const { calls } = mockApi({
      'GET /api/communities': (req) => ({
        body: {
          items: ROWS.filter((r) =>
            r.name.toLowerCase().includes((req.url.searchParams.get('q') ?? '').toLowerCase()),
          ),
          nextCursor: null,
        },
      }),
    });
    const { router } = renderRoute('/search?q=ca');
    expect(await screen.findByText('Cafe Society')).toBeInTheDocument();
    const asked = () =>
      calls
        .filter((c) => c.url.pathname === '/api/communities')
        .map((c) => c.url.searchParams.get('q'));
    expect(asked()).toEqual(['ca']);

    await act(() => router.navigate('/search?q=mec', { replace: true }));
    await act(() => router.navigate('/search?q=mecha', { replace: true }));
    expect(await screen.findByText('Mecha Lovers')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Cafe Society')).not.toBeInTheDocument());
    expect(asked()).toEqual(['ca', 'mecha']);
  });

  it('shows the empty state with the text', async () => {
    mockApi({ 'GET /api/communities': { body: { items: [], nextCursor: null } } });
    renderRoute('/search?q=zzz');
    expect(await screen.findByText('No communities match "zzz"')).toBeInTheDocument();
  });

  it('loads more with the cursor', async () => {
    const { calls } = mockApi({
      'GET /api/communities': (req) =>
        req.url.searchParams.get('cursor') === 'next'
          ? { body: { items: [makeRow({ id: 'c-3', name: 'Zeta' })], nextCursor: null } }
          : { body: { items: ROWS, nextCursor: 'next' } },
    });
    const { user } = renderRoute('/search?q=');
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Zeta')).toBeInTheDocument();
    expect(calls.some((c) => c.url.searchParams.get('cursor') === 'next')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it("shows the server's message for a too-long text, and retries", async () => {
    let fail = true;
    mockApi({
      'GET /api/communities': () =>
        fail
          ? apiError(400, 'validation_error', 'q: Search text must be at most 200 characters.')
          : { body: { items: ROWS, nextCursor: null } },
    });
    const { user } = renderRoute(`/search?q=${'a'.repeat(201)}`);
    expect(
      await screen.findByText('q: Search text must be at most 200 characters.'),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Cafe Society')).toBeInTheDocument();
  });
});
