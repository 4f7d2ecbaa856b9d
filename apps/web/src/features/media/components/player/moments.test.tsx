import type { Comment } from '@otakura/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import enMoments from '@/locales/en/moments.json';
import jaMoments from '@/locales/ja/moments.json';
import { EpisodePlayer } from './episode-player';
import { installFakeMedia, type FakeMedia } from './testing/fake-media';
import {
  json,
  makeEpisode,
  makeSession,
  makeState,
  mockPlayerApi,
  SESSION_ID,
  type PlayerRequest,
} from './testing/player-fixtures';

let media: FakeMedia;
beforeEach(() => {
  media = installFakeMedia();
});
afterEach(() => {
  media.restore();
  vi.unstubAllGlobals();
});

const episode = makeEpisode();

function comment(id: string, at: number | null, body: string, covered = false): Comment {
  return {
    id,
    postId: null,
    mediaId: episode.mediaId,
    author: { id: `u-${id}`, username: `fan_${id}`, name: `Fan ${id}`, avatarUrl: null },
    body: covered ? '' : body,
    likeCount: 0,
    likedByMe: false,
    replyTo: null,
    deleted: false,
    edited: false,
    reportedByMe: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    spoilerTag: null,
    pin: {
      kind: 'episode',
      episodeId: episode.id,
      episodeNumber: episode.number,
      atSeconds: at,
      covered,
    },
  };
}

/** The API of one opening with two moments (0:12 and 1:01) and one comment on the whole episode. */
function momentsApi(options: { covered?: boolean; onPost?: (req: PlayerRequest) => unknown } = {}) {
  const api = mockPlayerApi({
    [`GET /api/episodes/${episode.id}`]: episode,
    [`POST /api/episodes/${episode.id}/playback`]: json(makeSession(), 201),
    [`POST /api/playback/${SESSION_ID}/heartbeat`]: makeState(),
    [`POST /api/playback/${SESSION_ID}/close`]: makeState(),
    [`GET /api/episodes/${episode.id}/moments`]: {
      episodeId: episode.id,
      mediaId: episode.mediaId,
      episodeNumber: episode.number,
      commentCount: 42,
      markers: [
        { atSeconds: 12, count: 1 },
        { atSeconds: 61, count: 2 },
      ],
    },
    [`GET /api/episodes/${episode.id}/comments`]: () => {
      const until = Number(
        new URL(String(api.fetchMock.mock.calls.at(-1)![0]), 'http://localhost').searchParams.get(
          'until',
        ) ?? -1,
      );
      return {
        items: [
          comment('a', 12, 'That cut at 0:12!', options.covered && until < 12),
          comment('b', 61, 'The reveal!', until < 61),
          comment('c', 61, 'Chills', until < 61),
          comment('d', null, 'Best episode', until < 1440),
        ],
        nextCursor: null,
      };
    },
    [`POST /api/media/${episode.mediaId}/comments`]: (req: PlayerRequest) =>
      json(options.onPost?.(req) ?? comment('new', 13, 'Mine'), 201),
  });
  return api;
}

function renderPlayer() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <EpisodePlayer episodeId={episode.id} onClose={vi.fn()} onEpisodeChange={vi.fn()} />
    </QueryClientProvider>,
  );
}

const video = () => document.querySelector('video')!;

describe('comments pinned to a moment, in the player', () => {
  it('shows a marker per moment on the timeline, each a button that seeks there', async () => {
    momentsApi();
    renderPlayer();
    await screen.findByRole('dialog', { name: /Ep\. 3/ });
    act(() => media.loadMetadata(video(), 120));
    const markers = await screen.findByRole('group', { name: 'Comments on the timeline' });
    const buttons = within(markers).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Comment at 0:12',
      '2 comments at 1:01',
    ]);
    expect(buttons[0]).toHaveStyle({ '--at': '10%' });
    fireEvent.click(buttons[0]!);
    expect(video().currentTime).toBe(12);
  });

  it('lists the moments as playback passes them, the newest passed one highlighted', async () => {
    const api = momentsApi({ covered: true });
    renderPlayer();
    await screen.findByRole('dialog', { name: /Ep\. 3/ });
    act(() => media.loadMetadata(video(), 120));
    const panel = await screen.findByRole('complementary', { name: /Moments/ });
    expect(
      await within(panel).findByText('Moments show here as the video reaches them.'),
    ).toBeInTheDocument();
    expect(within(panel).getByText('3 more moments ahead')).toBeInTheDocument();

    // Passing 0:12, whose text came covered: the list asks again with the time reached.
    act(() => media.advance(video(), 13));
    const first = await within(panel).findByText('That cut at 0:12!');
    expect(first.closest('article')).toHaveAttribute('aria-current', 'true');
    expect(within(panel).getByText('2 more moments ahead')).toBeInTheDocument();
    const untils = api.fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((u) => u.pathname.endsWith('/comments') && u.searchParams.has('until'))
      .map((u) => u.searchParams.get('until'));
    expect(untils).toContain('13');
    expect(screen.queryByText('The reveal!')).not.toBeInTheDocument();

    act(() => media.advance(video(), 50));
    await within(panel).findByText('The reveal!');
    const chills = within(panel).getByText('Chills');
    expect(chills.closest('article')).toHaveAttribute('aria-current', 'true');
    expect(first.closest('article')).not.toHaveAttribute('aria-current');
    // A whole-episode comment is not a moment: it is in Discuss, not on the timeline list.
    expect(within(panel).queryByText('Best episode')).not.toBeInTheDocument();
  });

  it('posts "Comment at {time}" pinned to the time it was started at', async () => {
    const posted: unknown[] = [];
    momentsApi({ onPost: (req) => void posted.push(req.body) });
    renderPlayer();
    await screen.findByRole('dialog', { name: /Ep\. 3/ });
    act(() => media.loadMetadata(video(), 120));
    act(() => media.advance(video(), 7.6));
    const input = await screen.findByRole('textbox', { name: 'Comment at 0:07' });
    const user = userEvent.setup();
    await user.click(input);
    act(() => media.advance(video(), 5)); // the moment stays where typing began
    await user.type(input, 'Look at the sky');
    expect(screen.getByRole('textbox', { name: 'Comment at 0:07' })).toBe(input);
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(posted).toEqual([
        { body: 'Look at the sky', pin: { episodeId: episode.id, atSeconds: 7 } },
      ]),
    );
    await waitFor(() => expect(input).toHaveValue(''));
  });

  it('the up-next card offers "Discuss ep 3 (42)", which opens the episode\'s comments', async () => {
    momentsApi();
    renderPlayer();
    await screen.findByRole('dialog', { name: /Ep\. 3/ });
    act(() => media.loadMetadata(video(), 1440));
    await screen.findByRole('group', { name: 'Comments on the timeline' });
    act(() => media.end(video()));
    const card = screen.getByRole('region', { name: 'Up next' });
    fireEvent.click(within(card).getByRole('button', { name: 'Discuss ep 3 (42)' }));
    const modal = await screen.findByRole('dialog', { name: 'Ep 3 discussion' });
    expect(await within(modal).findByText('Best episode')).toBeInTheDocument();
    expect(within(modal).getByText('That cut at 0:12!')).toBeInTheDocument();
    expect(within(modal).getByRole('textbox', { name: 'Comment on ep 3' })).toBeInTheDocument();
    // The countdown stopped: reading the discussion does not jump to the next episode.
    expect(screen.queryByRole('region', { name: 'Up next' })).not.toBeInTheDocument();
  });
});

describe('moments strings', () => {
  it('has every English key in Japanese', () => {
    const base = (o: object) =>
      [...new Set(Object.keys(o).map((k) => k.replace(/_(one|other)$/, '')))].sort();
    expect(base(jaMoments)).toEqual(base(enMoments));
    expect(enMoments.discussEpisode).toBe('Discuss ep {{number}} ({{count}})');
    expect(enMoments.discussVolume).toBe('Discuss vol {{number}} ({{count}})');
  });
});
