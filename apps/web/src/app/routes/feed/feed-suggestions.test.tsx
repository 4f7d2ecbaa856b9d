import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/features/auth/hooks/use-session';
import { FEED_STORAGE_KEYS } from '@/features/posts/hooks/use-feed-prefs';
import { apiError, makePost, mockApi, page } from '@/features/posts/testing/posts-mock';
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
  localStorage.removeItem(FEED_STORAGE_KEYS.tab);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const community = (n: number, memberCount: number) => ({
  id: `c0000000-0000-4000-8000-00000000000${n}`,
  name: `Community ${n}`,
  imageUrl: `/files/c${n}.webp`,
  thumbnailUrl: `/files/c${n}-thumb.webp`,
  memberCount,
  isMember: false,
});
const SUGGESTED = [1, 2, 3, 4, 5, 6].map((n) => community(n, 7000 - n * 1000));

describe('/feed for a user who follows nothing', () => {
  it('suggests communities, most members first; Follow is instant, then the feed fills', async () => {
    let followed = false;
    let release: () => void = () => undefined;
    const answered = new Promise<void>((r) => (release = r));
    const { calls } = mockApi({
      'GET /api/me': makeMe(),
      'GET /api/feed': () => page(followed ? [makePost({ title: 'From my new community' })] : []),
      'GET /api/communities/suggested': { items: SUGGESTED },
      [`PUT /api/communities/${SUGGESTED[1]!.id}/membership`]: async () => {
        await answered;
        followed = true;
        return { isMember: true, memberCount: 5001 };
      },
    });
    const { user } = renderRoute('/feed');
    const list = await screen.findByRole('list', { name: 'Communities to follow' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('link').textContent)).toEqual(
      SUGGESTED.map((c) => c.name),
    );
    expect(within(items[0]!).getByText('6k Members')).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname === '/api/communities/suggested')?.url.search).toBe(
      '?limit=6',
    );

    await user.click(within(items[1]!).getByRole('button', { name: 'Follow Community 2' }));
    // At once, before the server answers: the button and the count.
    expect(
      within(items[1]!).getByRole('button', { name: 'Unfollow Community 2' }),
    ).toBeInTheDocument();
    expect(within(items[1]!).getByText('5k Members')).toBeInTheDocument();

    release();
    expect(
      await screen.findByRole('heading', { name: 'From my new community' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Communities to follow' })).not.toBeInTheDocument();
  });

  it('puts the button back when the follow fails', async () => {
    mockApi({
      'GET /api/me': makeMe(),
      'GET /api/feed': page([]),
      'GET /api/communities/suggested': { items: SUGGESTED.slice(0, 2) },
      [`PUT /api/communities/${SUGGESTED[0]!.id}/membership`]: () =>
        apiError(500, 'internal_error', 'Boom'),
    });
    const { user } = renderRoute('/feed');
    const list = await screen.findByRole('list', { name: 'Communities to follow' });
    await user.click(within(list).getByRole('button', { name: 'Follow Community 1' }));
    await waitFor(() =>
      expect(within(list).getByRole('button', { name: 'Follow Community 1' })).toBeInTheDocument(),
    );
    expect(within(list).getByText('6k Members')).toBeInTheDocument();
  });
});
