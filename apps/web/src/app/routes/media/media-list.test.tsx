import userEvent from '@testing-library/user-event';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/features/auth/hooks/use-session';
import {
  MANGA_ID,
  makeSummary,
  SEQUENCE_ID,
  VIDEO_ID,
} from '@/features/media/testing/media-fixtures';
import { apiError, mockApi } from '@/features/posts/testing/posts-mock';
import { renderRoute, sessions } from '@/test/render';

vi.mock('@/features/auth/hooks/use-session', () => ({ useSession: vi.fn() }));
vi.mock('@/features/auth/api/auth-client', () => ({
  authClient: { signOut: vi.fn() },
  refreshSession: vi.fn(),
}));

beforeAll(async () => {
  await import('./media-list');
}, 30_000);
beforeEach(() => {
  vi.mocked(useSession).mockReturnValue(sessions.signedIn());
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const ROWS = [
  makeSummary({
    id: VIDEO_ID,
    title: 'Frieren',
    episodeCount: 28,
    likeCount: 1234,
    viewCount: 56_789,
  }),
  makeSummary({
    id: MANGA_ID,
    kind: 'manga',
    title: 'Mushishi',
    episodeCount: 0,
    volumeCount: 3,
    issueCount: 24,
    likeCount: 5,
    viewCount: 0,
  }),
  makeSummary({
    id: SEQUENCE_ID,
    kind: 'sequence',
    title: 'Yokohama Shopping Trip',
    episodeCount: 0,
    issueCount: 1,
    likeCount: 0,
    nsfw: true,
  }),
];

function asked(calls: { url: URL }[]) {
  return calls
    .filter((c) => c.url.pathname === '/api/media')
    .map((c) => c.url.searchParams.get('q'));
}

describe('/media', () => {
  it('lists the series alphabetically as links with their kind and counts', async () => {
    mockApi({ 'GET /api/media': { body: { items: ROWS, nextCursor: null } } });
    renderRoute('/media');
    expect(await screen.findByRole('heading', { level: 1, name: 'Media' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Series' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      `/media/${VIDEO_ID}`,
      `/media/${MANGA_ID}`,
      `/media/${SEQUENCE_ID}`,
    ]);
    const [video, manga, sequence] = links.map((l) => within(l));
    expect(video!.getByText('Frieren')).toBeInTheDocument();
    expect(video!.getByText('Video')).toBeInTheDocument();
    expect(video!.getByText('28 episodes')).toBeInTheDocument();
    expect(video!.getByText('1.2k')).toBeInTheDocument();
    expect(video!.getByText('1,234 likes')).toBeInTheDocument();
    expect(video!.getByText('56.7k')).toBeInTheDocument();
    expect(video!.getByText('56,789 views')).toBeInTheDocument();
    expect(manga!.getByText('Manga')).toBeInTheDocument();
    expect(manga!.getByText('3 volumes')).toBeInTheDocument();
    expect(manga!.getByText('24 issues')).toBeInTheDocument();
    // Views are a video's count only.
    expect(manga!.queryByText(/views/)).not.toBeInTheDocument();
    expect(sequence!.getByText('Sequence')).toBeInTheDocument();
    expect(sequence!.getByText('1 issue')).toBeInTheDocument();
    expect(sequence!.getByText('18+')).toBeInTheDocument();
    // The way to the newest episodes.
    expect(screen.getByRole('link', { name: 'Latest episodes' })).toHaveAttribute(
      'href',
      '/episodes',
    );
  });

  it("shows 'Loading...' while the first page loads", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    mockApi({
      'GET /api/media': async () => {
        await gate;
        return { body: { items: ROWS, nextCursor: null } };
      },
    });
    renderRoute('/media');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    release();
    expect(await screen.findByRole('list', { name: 'Series' })).toBeInTheDocument();
  });

  it("searches with the top bar's 'Search For A Series' box, debounced, and keeps the text in ?q=", async () => {
    const { calls } = mockApi({
      'GET /api/media': (req) => ({
        body: {
          items: ROWS.filter((r) =>
            r.title.toLowerCase().includes((req.url.searchParams.get('q') ?? '').toLowerCase()),
          ),
          nextCursor: null,
        },
      }),
    });
    const { router } = renderRoute('/media');
    expect(await screen.findByText('Mushishi')).toBeInTheDocument();
    // Keystrokes with no pause between them (delay: null): however slow a loaded machine renders
    // each letter, the debounce timer cannot fire mid-word, so the count below is exact.
    const typist = userEvent.setup({ delay: null });
    await typist.type(screen.getByRole('searchbox', { name: 'Search For A Series' }), 'mushi');
    await waitFor(() => expect(screen.queryByText('Frieren')).not.toBeInTheDocument());
    expect(screen.getByText('Mushishi')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=mushi');
    // Typing settles before the list is asked: not one request per letter.
    expect(asked(calls)).toEqual(['', 'mushi']);
    expect(localStorage.getItem('otakura.search.media')).toBe('mushi');
  });

  it('says when nothing matches, and when there is nothing at all', async () => {
    mockApi({ 'GET /api/media': { body: { items: [], nextCursor: null } } });
    const { router } = renderRoute('/media?q=zzz');
    expect(await screen.findByText('No series match "zzz"')).toBeInTheDocument();
    await act(() => router.navigate('/media?q=', { replace: true }));
    expect(await screen.findByText('No series yet')).toBeInTheDocument();
  });

  it('loads the next page with the cursor', async () => {
    const { calls } = mockApi({
      'GET /api/media': (req) =>
        req.url.searchParams.get('cursor') === 'next'
          ? {
              body: { items: [makeSummary({ id: 'm-4', title: 'Zeta Gundam' })], nextCursor: null },
            }
          : { body: { items: ROWS, nextCursor: 'next' } },
    });
    const { user } = renderRoute('/media');
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Zeta Gundam')).toBeInTheDocument();
    expect(calls.some((c) => c.url.searchParams.get('cursor') === 'next')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it("shows the server's message when the list fails, and retries", async () => {
    let fail = true;
    mockApi({
      'GET /api/media': () =>
        fail
          ? apiError(400, 'validation_error', 'q: Search text must be at most 200 characters.')
          : { body: { items: ROWS, nextCursor: null } },
    });
    const { user } = renderRoute('/media?q=x');
    expect(await screen.findByText('The series could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('q: Search text must be at most 200 characters.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Frieren')).toBeInTheDocument();
  });
});
