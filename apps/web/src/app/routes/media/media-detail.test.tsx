import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/features/auth/hooks/use-session';
import {
  MANGA_ID,
  makeEpisode,
  makeIssue,
  makeMedia,
  makeMediaPage,
  makeVolume,
  SEQUENCE_ID,
  VIDEO_ID,
} from '@/features/media/testing/media-fixtures';
import { apiError, mockApi } from '@/features/posts/testing/posts-mock';
import { installFakeLiveSocket } from '@/lib/live/fake-live-socket.test-helpers';
import { renderRoute, sessions } from '@/test/render';

vi.mock('@/features/auth/hooks/use-session', () => ({ useSession: vi.fn() }));
vi.mock('@/features/auth/api/auth-client', () => ({
  authClient: { signOut: vi.fn() },
  refreshSession: vi.fn(),
}));
// The player and the reader are their own work: stand-ins that show what they were given.
vi.mock('@/features/media/components/player/episode-player', () => ({
  EpisodePlayer: (p: {
    episodeId: string;
    onClose: () => void;
    onEpisodeChange: (id: string) => void;
  }) => (
    <div role="dialog" aria-label="Player">
      <span>playing {p.episodeId}</span>
      <button type="button" onClick={p.onClose}>
        Close player
      </button>
      <button type="button" onClick={() => p.onEpisodeChange('next-episode')}>
        Next episode
      </button>
    </div>
  ),
}));
vi.mock('@/features/media/components/reader/issue-reader', () => ({
  IssueReader: (p: { issueId: string; onClose: () => void }) => (
    <div role="dialog" aria-label="Reader">
      <span>reading {p.issueId}</span>
      <button type="button" onClick={p.onClose}>
        Close reader
      </button>
    </div>
  ),
}));

beforeAll(async () => {
  await import('./media-detail');
}, 30_000);
beforeEach(() => {
  vi.mocked(useSession).mockReturnValue(sessions.signedIn());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const EMPTY = { items: [], nextCursor: null };

function stats() {
  return within(screen.getByRole('list', { name: 'Media counts' }));
}

describe('/media/:mediaid', () => {
  it("shows 'Loading...', then the banner, title, 'By: author', About, Views and the episodes", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const watched = makeEpisode({
      number: 1,
      title: 'The Journey’s End',
      progress: { positionSeconds: 1440, watched: true, updatedAt: '2025-01-03T00:00:00.000Z' },
    });
    const started = makeEpisode({
      number: 2,
      title: 'It Didn’t Have to Be Magic',
      durationSeconds: 1440,
      progress: { positionSeconds: 360, watched: false, updatedAt: '2025-01-03T00:00:00.000Z' },
    });
    mockApi({
      [`GET /api/media/${VIDEO_ID}`]: async () => {
        await gate;
        return makeMedia({ viewCount: 56_789, episodeCount: 2 });
      },
      [`GET /api/media-pages/${VIDEO_ID}`]: makeMediaPage({ episodes: [watched, started] }),
    });
    renderRoute(`/media/${VIDEO_ID}`);
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    release();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Frieren: Beyond Journey’s End' }),
    ).toBeInTheDocument();
    expect(screen.getByText('By: Kanehito Yamada')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'About' })).toBeInTheDocument();
    expect(
      screen.getByText('An elf mage looks back on a journey that already ended.'),
    ).toBeInTheDocument();
    expect(stats().getByText('Views')).toBeInTheDocument();
    expect(stats().getByText('56.7k')).toBeInTheDocument();
    expect(stats().queryByText('Issue')).not.toBeInTheDocument();
    expect(stats().queryByText('Sequences')).not.toBeInTheDocument();
    const keywords = within(screen.getByRole('list', { name: 'Keywords' }));
    expect(keywords.getByRole('link', { name: 'fantasy' })).toHaveAttribute(
      'href',
      '/media?q=fantasy',
    );

    // The visible text is the name, status included (label-in-name).
    expect(
      await screen.findByRole('button', { name: 'Ep. 1 The Journey’s End Watched' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', {
        name: 'Ep. 2 It Didn’t Have to Be Magic 6:00 of 24:00 watched',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Like\b/ })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(screen.getByRole('button', { name: '4 comments' })).toBeInTheDocument();
  });

  it('shows Issue and Sequences for manga, with volumes, their issues and reading progress', async () => {
    const v1 = makeVolume({
      number: 1,
      title: 'Spring',
      issues: [
        makeIssue({
          number: 1,
          title: 'Departure',
          pageCount: 12,
          progress: { page: 12, finished: true, updatedAt: '2025-01-03T00:00:00.000Z' },
        }),
        makeIssue({
          number: 2,
          title: 'The Green Seat',
          pageCount: 12,
          progress: { page: 4, finished: false, updatedAt: '2025-01-03T00:00:00.000Z' },
        }),
      ],
    });
    mockApi({
      [`GET /api/media/${MANGA_ID}`]: makeMedia({
        id: MANGA_ID,
        kind: 'manga',
        title: 'Mushishi',
        author: 'Yuki Urushibara',
        episodeCount: 0,
        volumeCount: 3,
        issueCount: 24,
        nextUp: {
          type: 'issue',
          issueId: v1.issues[1]!.id,
          number: 2,
          title: 'The Green Seat',
          page: 4,
          pageCount: 12,
          started: true,
        },
      }),
      [`GET /api/media-pages/${MANGA_ID}`]: makeMediaPage({
        id: MANGA_ID,
        mediaId: MANGA_ID,
        kind: 'manga',
        volumes: [v1],
      }),
    });
    const { user, router } = renderRoute(`/media/${MANGA_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Mushishi' })).toBeInTheDocument();
    expect(screen.getByText('By: Yuki Urushibara')).toBeInTheDocument();
    const issue = stats().getByText('Issue').closest('li')!;
    expect(issue).toHaveTextContent('24');
    const sequences = stats().getByText('Sequences').closest('li')!;
    expect(sequences).toHaveTextContent('3');
    expect(stats().queryByText('Views')).not.toBeInTheDocument();

    expect(
      await screen.findByRole('heading', { level: 3, name: 'Vol. 1 · Spring' }),
    ).toBeInTheDocument();
    // The visible text is the name, pages and progress included (label-in-name).
    expect(
      screen.getByRole('button', { name: 'Issue 1 Departure 12 pages · Read' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Issue 2 The Green Seat 12 pages · page 4 / 12' }),
    ).toBeInTheDocument();

    // 'Continue' opens the reader at the issue in progress; closing removes ?issue=.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('dialog', { name: 'Reader' })).toHaveTextContent(
      `reading ${v1.issues[1]!.id}`,
    );
    expect(router.state.location.search).toBe(`?issue=${v1.issues[1]!.id}`);
    await user.click(screen.getByRole('button', { name: 'Close reader' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Reader' })).not.toBeInTheDocument(),
    );
    expect(router.state.location.search).toBe('');
  });

  it('shows the issues of a sequence and the Issue and Sequences counts', async () => {
    mockApi({
      [`GET /api/media/${SEQUENCE_ID}`]: makeMedia({
        id: SEQUENCE_ID,
        kind: 'sequence',
        title: 'Yokohama Shopping Trip',
        episodeCount: 0,
        issueCount: 2,
      }),
      [`GET /api/media-pages/${SEQUENCE_ID}`]: makeMediaPage({
        id: SEQUENCE_ID,
        mediaId: SEQUENCE_ID,
        kind: 'sequence',
        issues: [makeIssue({ number: 1, title: 'Alpha', pageCount: 1, mediaId: SEQUENCE_ID })],
      }),
    });
    renderRoute(`/media/${SEQUENCE_ID}`);
    expect(await screen.findByRole('button', { name: 'Issue 1 Alpha 1 page' })).toBeInTheDocument();
    expect(stats().getByText('Issue').closest('li')).toHaveTextContent('2');
    expect(stats().getByText('Sequences')).toBeInTheDocument();
  });

  it("shows 'Media not found' for an unknown id", async () => {
    mockApi({
      'GET /api/media/nope': apiError(404, 'media_not_found', 'Media not found'),
      'GET /api/media-pages/nope': apiError(404, 'media_not_found', 'Media not found'),
    });
    renderRoute('/media/nope');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Media not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse media' })).toHaveAttribute('href', '/media');
  });

  it('fetches media page {id}-2 for ?page=2, and the pager moves between pages', async () => {
    const pageOne = makeMediaPage({
      pageCount: 2,
      episodes: [makeEpisode({ number: 1, title: 'One' })],
    });
    const pageTwo = makeMediaPage({
      id: `${VIDEO_ID}-2`,
      page: 2,
      pageCount: 2,
      episodes: [makeEpisode({ number: 13, title: 'Thirteen' })],
    });
    const { calls } = mockApi({
      [`GET /api/media/${VIDEO_ID}`]: makeMedia({ pageCount: 2 }),
      [`GET /api/media-pages/${VIDEO_ID}`]: pageOne,
      [`GET /api/media-pages/${VIDEO_ID}-2`]: pageTwo,
    });
    const { user, router } = renderRoute(`/media/${VIDEO_ID}?page=2`);
    expect(await screen.findByRole('button', { name: /^Ep\. 13 Thirteen/ })).toBeInTheDocument();
    const pages = () => calls.filter((c) => c.url.pathname.startsWith('/api/media-pages/'));
    expect(pages().map((c) => c.url.pathname)).toEqual([`/api/media-pages/${VIDEO_ID}-2`]);
    const pager = within(screen.getByRole('navigation', { name: 'Pages of the series' }));
    expect(pager.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(pager.getByRole('button', { name: 'Next page' })).toBeDisabled();

    await user.click(pager.getByRole('link', { name: 'Previous page' }));
    expect(await screen.findByRole('button', { name: /^Ep\. 1 One/ })).toBeInTheDocument();
    // Page 1 has no parameter, and is the media id itself.
    expect(router.state.location.search).toBe('');
    expect(pages().map((c) => c.url.pathname)).toContain(`/api/media-pages/${VIDEO_ID}`);
  });

  it('likes at once, and rolls back with a toast when the server refuses', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const { calls } = mockApi({
      [`GET /api/media/${VIDEO_ID}`]: makeMedia({ likeCount: 41, likedByMe: false }),
      [`GET /api/media-pages/${VIDEO_ID}`]: makeMediaPage(),
      [`PUT /api/media/${VIDEO_ID}/like`]: async () => {
        await gate;
        return apiError(500, 'internal_error', 'Server exploded.');
      },
    });
    const { user } = renderRoute(`/media/${VIDEO_ID}`);
    const like = await screen.findByRole('button', { name: /^Like\b/ });
    expect(screen.getByTestId('media-like-count')).toHaveTextContent('41');
    await user.click(like);
    // Optimistic.
    expect(like).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('media-like-count')).toHaveTextContent('42');
    expect(calls.some((c) => c.method === 'PUT' && c.url.pathname.endsWith('/like'))).toBe(true);
    release();
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'false'));
    expect(screen.getByTestId('media-like-count')).toHaveTextContent('41');
    expect(await screen.findByText('Could not like. Please try again.')).toBeInTheDocument();
  });

  it("likes and unlikes: PUT then DELETE, the server's count wins", async () => {
    const { calls } = mockApi({
      [`GET /api/media/${VIDEO_ID}`]: makeMedia({ likeCount: 41, likedByMe: false }),
      [`GET /api/media-pages/${VIDEO_ID}`]: makeMediaPage(),
      [`PUT /api/media/${VIDEO_ID}/like`]: { liked: true, likeCount: 50 },
      [`DELETE /api/media/${VIDEO_ID}/like`]: { liked: false, likeCount: 49 },
    });
    const { user } = renderRoute(`/media/${VIDEO_ID}`);
    const like = await screen.findByRole('button', { name: /^Like\b/ });
    await user.click(like);
    await waitFor(() => expect(screen.getByTestId('media-like-count')).toHaveTextContent('50'));
    expect(like).toHaveAttribute('aria-pressed', 'true');
    await user.click(like);
    await waitFor(() => expect(screen.getByTestId('media-like-count')).toHaveTextContent('49'));
    expect(like).toHaveAttribute('aria-pressed', 'false');
    const methods = calls.filter((c) => c.url.pathname.endsWith('/like')).map((c) => c.method);
    expect(methods).toEqual(['PUT', 'DELETE']);
  });

  it('opens the player with ?episode= from an episode and from Play; closing removes it and reloads', async () => {
    const ep = makeEpisode({ number: 3, title: 'Killing Magic' });
    const { calls } = mockApi({
      [`GET /api/media/${VIDEO_ID}`]: makeMedia({
        nextUp: {
          type: 'episode',
          episodeId: ep.id,
          number: 3,
          title: 'Killing Magic',
          positionSeconds: 120,
          durationSeconds: 1440,
          started: true,
        },
      }),
      [`GET /api/media-pages/${VIDEO_ID}`]: makeMediaPage({ episodes: [ep] }),
    });
    const { user, router } = renderRoute(`/media/${VIDEO_ID}`);
    await user.click(await screen.findByRole('button', { name: /^Ep\. 3 Killing Magic/ }));
    expect(router.state.location.search).toBe(`?episode=${ep.id}`);
    const player = await screen.findByRole('dialog', { name: 'Player' });
    expect(player).toHaveTextContent(`playing ${ep.id}`);

    // Moving to another episode replaces the address.
    const length = router.state.historyAction;
    await user.click(within(player).getByRole('button', { name: 'Next episode' }));
    expect(router.state.location.search).toBe('?episode=next-episode');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(length).toBe('PUSH');

    const loads = () => calls.filter((c) => c.url.pathname === `/api/media/${VIDEO_ID}`).length;
    const before = loads();
    await user.click(within(player).getByRole('button', { name: 'Close player' }));
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByRole('dialog', { name: 'Player' })).not.toBeInTheDocument();
    // Progress and views changed: the landing is read again.
    await waitFor(() => expect(loads()).toBeGreaterThan(before));

    await user.click(screen.getByRole('button', { name: 'Continue Ep. 3' }));
    expect(router.state.location.search).toBe(`?episode=${ep.id}`);
  });

  it('opens the comments in the media modal at /media/comments/:id, and closing goes back', async () => {
    const { calls } = mockApi({
      [`GET /api/media/${VIDEO_ID}`]: makeMedia(),
      [`GET /api/media-pages/${VIDEO_ID}`]: makeMediaPage(),
      [`GET /api/media/${VIDEO_ID}/comments`]: EMPTY,
    });
    const { user, router } = renderRoute(`/media/${VIDEO_ID}`);
    await user.click(await screen.findByRole('button', { name: '4 comments' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Frieren: Beyond Journey’s End',
    });
    expect(router.state.location.pathname).toBe(`/media/comments/${VIDEO_ID}`);
    expect(await within(dialog).findByRole('heading', { name: 'Comments' })).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === `/api/media/${VIDEO_ID}/comments`)).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/media/${VIDEO_ID}`));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens /media/comments/:id with the comments; closing goes to /media/:id', async () => {
    mockApi({
      [`GET /api/media/${VIDEO_ID}`]: makeMedia(),
      [`GET /api/media-pages/${VIDEO_ID}`]: makeMediaPage(),
      [`GET /api/media/${VIDEO_ID}/comments`]: EMPTY,
    });
    const { user, router } = renderRoute(`/media/comments/${VIDEO_ID}`);
    const dialog = await screen.findByRole('dialog', {
      name: 'Frieren: Beyond Journey’s End',
    });
    expect(await within(dialog).findByRole('heading', { name: 'Comments' })).toBeInTheDocument();
    // The landing is underneath.
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'Frieren: Beyond Journey’s End',
        hidden: true,
      }),
    ).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/media/${VIDEO_ID}`));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('live on /media/:mediaid', () => {
  it('shows new view counts, others’ likes and the comment count as they happen', async () => {
    const live = installFakeLiveSocket();
    mockApi({
      [`GET /api/media/${VIDEO_ID}`]: makeMedia({ viewCount: 10, likeCount: 1, commentCount: 4 }),
      [`GET /api/media-pages/${VIDEO_ID}`]: makeMediaPage(),
    });
    renderRoute(`/media/${VIDEO_ID}`);
    expect(await screen.findByTestId('media-view-count')).toHaveTextContent('10');
    await waitFor(() => expect(() => live.socket).not.toThrow());
    act(() => live.socket.open());
    await waitFor(() => expect(live.watched()).toContain(`media:${VIDEO_ID}`));
    act(() => live.confirm());

    act(() =>
      live.emit({
        type: 'media.views',
        topic: `media:${VIDEO_ID}`,
        mediaId: VIDEO_ID,
        viewCount: 1234,
      }),
    );
    await waitFor(() => expect(screen.getByTestId('media-view-count')).toHaveTextContent('1.2k'));

    act(() =>
      live.emit({
        type: 'media.liked',
        topic: `media:${VIDEO_ID}`,
        mediaId: VIDEO_ID,
        likeCount: 7,
        actorId: 'someone-else',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('media-like-count')).toHaveTextContent('7'));

    act(() =>
      live.emit({
        type: 'comment.created',
        topic: `media:${VIDEO_ID}`,
        postId: null,
        mediaId: VIDEO_ID,
        commentId: '0190cccc-0000-7000-8000-000000000001',
        commentCount: 5,
      }),
    );
    expect(await screen.findByRole('button', { name: '5 comments' })).toBeInTheDocument();
  });
});
