import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/features/auth/hooks/use-session';
import { makeEpisodeCard, MANGA_ID, VIDEO_ID } from '@/features/media/testing/media-fixtures';
import { apiError, mockApi } from '@/features/posts/testing/posts-mock';
import { renderRoute, sessions } from '@/test/render';

vi.mock('@/features/auth/hooks/use-session', () => ({ useSession: vi.fn() }));
vi.mock('@/features/auth/api/auth-client', () => ({
  authClient: { signOut: vi.fn() },
  refreshSession: vi.fn(),
}));
vi.mock('@/features/media/components/player/episode-player', () => ({
  EpisodePlayer: (p: { episodeId: string; onClose: () => void }) => (
    <div role="dialog" aria-label="Player">
      <span>playing {p.episodeId}</span>
      <button type="button" onClick={p.onClose}>
        Close player
      </button>
    </div>
  ),
}));

beforeAll(async () => {
  await import('./episodes');
}, 30_000);
beforeEach(() => {
  vi.mocked(useSession).mockReturnValue(sessions.signedIn());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const EMPTY = { items: [], nextCursor: null };

describe('/episodes', () => {
  it('shows Continue watching with progress, then the newest episodes, and opens the player', async () => {
    const inProgress = makeEpisodeCard({
      number: 4,
      title: 'The Land Where Souls Rest',
      durationSeconds: 1440,
      progress: { positionSeconds: 720, watched: false, updatedAt: '2025-01-03T00:00:00.000Z' },
    });
    const fresh = makeEpisodeCard({
      number: 1,
      title: 'Pilot',
      media: { id: MANGA_ID, kind: 'video', title: 'Dungeon Meshi', coverUrl: null },
      createdAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
    });
    const calls = mockApi({
      'GET /api/episodes/continue': { items: [inProgress] },
      'GET /api/episodes': { items: [fresh, inProgress], nextCursor: null },
    }).calls;
    const { user, router } = renderRoute('/episodes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Episodes' })).toBeInTheDocument();

    const continueRow = (await screen.findByRole('heading', { name: 'Continue watching' })).closest(
      'section',
    )!;
    const resume = await within(continueRow).findByRole('button', {
      name: 'Frieren: Ep. 4 · The Land Where Souls Rest',
    });
    // Half watched: the bar is half wide.
    expect(resume.querySelector<HTMLElement>('.media-progress__bar')?.style.width).toBe('50%');

    const newest = screen.getByRole('heading', { name: 'New episodes' }).closest('section')!;
    const cards = within(newest).getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Ep. 1 · Pilot')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('link', { name: 'Dungeon Meshi' })).toHaveAttribute(
      'href',
      `/media/${MANGA_ID}`,
    );
    // The shared clock is refreshed when the first card subscribes: wait for that render.
    expect(await within(cards[0]!).findByText('2 Hours Ago')).toBeInTheDocument();
    expect(within(cards[1]!).getByRole('link', { name: 'Frieren' })).toHaveAttribute(
      'href',
      `/media/${VIDEO_ID}`,
    );

    await user.click(
      within(cards[0]!).getByRole('button', { name: 'Dungeon Meshi: Ep. 1 · Pilot' }),
    );
    expect(router.state.location.search).toBe(`?episode=${fresh.id}`);
    expect(await screen.findByRole('dialog', { name: 'Player' })).toHaveTextContent(
      `playing ${fresh.id}`,
    );

    const continueLoads = () =>
      calls.filter((c) => c.url.pathname === '/api/episodes/continue').length;
    const before = continueLoads();
    await user.click(screen.getByRole('button', { name: 'Close player' }));
    expect(router.state.location.search).toBe('');
    // What was watched moved: Continue watching is read again.
    await waitFor(() => expect(continueLoads()).toBeGreaterThan(before));
  });

  it('hides Continue watching when nothing is in progress, and says when there are no episodes', async () => {
    mockApi({
      'GET /api/episodes/continue': { items: [] },
      'GET /api/episodes': EMPTY,
    });
    renderRoute('/episodes');
    expect(await screen.findByRole('heading', { name: 'No episodes yet' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Continue watching' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse media' })).toHaveAttribute('href', '/media');
  });

  it('loads more of the newest with the cursor', async () => {
    const { calls } = mockApi({
      'GET /api/episodes/continue': { items: [] },
      'GET /api/episodes': (req) =>
        req.url.searchParams.get('cursor') === 'next'
          ? { body: { items: [makeEpisodeCard({ number: 9, title: 'Older' })], nextCursor: null } }
          : {
              body: {
                items: [makeEpisodeCard({ number: 10, title: 'Newer' })],
                nextCursor: 'next',
              },
            },
    });
    const { user } = renderRoute('/episodes');
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Ep. 9 · Older')).toBeInTheDocument();
    expect(calls.some((c) => c.url.searchParams.get('cursor') === 'next')).toBe(true);
  });

  it("shows 'Loading...', then an error with retry", async () => {
    let fail = true;
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    mockApi({
      'GET /api/episodes/continue': { items: [] },
      'GET /api/episodes': async () => {
        await gate;
        return fail
          ? apiError(403, 'forbidden', 'You cannot see this.')
          : { body: { items: [makeEpisodeCard({ title: 'Back' })], nextCursor: null } };
      },
    });
    const { user } = renderRoute('/episodes');
    const newest = (await screen.findByRole('heading', { name: 'New episodes' })).closest(
      'section',
    )!;
    expect(within(newest).getByRole('status')).toHaveTextContent('Loading...');
    release();
    expect(await screen.findByText('Episodes could not be loaded')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Ep. 1 · Back')).toBeInTheDocument();
  });
});
