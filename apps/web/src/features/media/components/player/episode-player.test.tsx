import type { Media, MediaPage } from '@otakura/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import enPlayer from '@/locales/en/player.json';
import jaPlayer from '@/locales/ja/player.json';
import { mediaKeys } from '../../api/media-keys';
import { PLAYER_STORAGE_KEYS } from '../../hooks/use-player-settings';
import { EpisodePlayer } from './episode-player';
import { installFakeMedia, type FakeMedia } from './testing/fake-media';
import {
  apiError,
  json,
  makeEpisode,
  makeSession,
  makeState,
  MEDIA_ID,
  mockPlayerApi,
  SESSION_ID,
  stubBeacon,
} from './testing/player-fixtures';

/** Like the app's client: no retries here (the API client has its own policy). */
const createQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

let media: FakeMedia;
beforeEach(() => {
  media = installFakeMedia();
});
afterEach(() => {
  vi.useRealTimers();
  media.restore();
  vi.unstubAllGlobals();
  delete (navigator as unknown as Record<string, unknown>).sendBeacon;
});

const HEARTBEAT = `/api/playback/${SESSION_ID}/heartbeat`;
const CLOSE = `/api/playback/${SESSION_ID}/close`;

/** The routes of one opening: the episode, its session, heartbeats and close. */
function playerApi(
  episode = makeEpisode(),
  session = makeSession(),
  extra: Record<string, unknown> = {},
) {
  return mockPlayerApi({
    [`GET /api/episodes/${episode.id}`]: episode,
    [`POST /api/episodes/${episode.id}/playback`]: json(session, 201),
    [`POST ${HEARTBEAT}`]: makeState(),
    [`POST ${CLOSE}`]: makeState({ viewCounted: true, viewCount: 11 }),
    // No pinned comments (moments.test.tsx covers them).
    [`GET /api/episodes/${episode.id}/moments`]: {
      episodeId: episode.id,
      mediaId: episode.mediaId,
      episodeNumber: episode.number,
      commentCount: 0,
      markers: [],
    },
    [`GET /api/episodes/${episode.id}/comments`]: { items: [], nextCursor: null },
    ...extra,
  });
}

function renderPlayer(
  episodeId: string,
  { queryClient = createQueryClient() }: { queryClient?: QueryClient } = {},
) {
  const onClose = vi.fn();
  const onEpisodeChange = vi.fn();
  const ui = (
    <QueryClientProvider client={queryClient}>
      <EpisodePlayer episodeId={episodeId} onClose={onClose} onEpisodeChange={onEpisodeChange} />
    </QueryClientProvider>
  );
  const utils = render(ui);
  return { ...utils, onClose, onEpisodeChange, queryClient };
}

const video = () => {
  const element = document.querySelector('video');
  if (!element) throw new Error('no video yet');
  return element;
};

/** Fake timers: lets pending requests and timers due within `ms` run. */
const settle = (ms = 20) => act(() => vi.advanceTimersByTimeAsync(ms));

/** Fake timers: waits (in fake time) until `check` passes. */
async function until(check: () => void) {
  for (let i = 0; i < 100; i += 1) {
    try {
      check();
      return;
    } catch {
      await settle(10);
    }
  }
  check();
}

describe('EpisodePlayer: the overlay', () => {
  it('shows a 16:9 skeleton with Loading..., then the series and "Ep. N · title" as the dialog title', async () => {
    const episode = makeEpisode();
    let answer: (value: Response) => void = () => undefined;
    mockPlayerApi({
      [`GET /api/episodes/${episode.id}`]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
      [`POST /api/episodes/${episode.id}/playback`]: makeSession(),
    });
    renderPlayer(episode.id);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    expect(document.querySelector('.episode-player__stage--loading')).toBeInTheDocument();

    answer(new Response(JSON.stringify(episode), { status: 200 }));
    const dialog = await screen.findByRole('dialog', {
      name: /^Sky Pirates\s*,\s*Ep\. 3 · The Storm$/,
    });
    expect(within(dialog).getByRole('button', { name: 'Close player' })).toBeInTheDocument();
    const v = video();
    expect(v).toHaveAttribute('src', episode.videoUrl);
    expect(v).toHaveAttribute('poster', episode.thumbnailUrl);
    expect(v).toHaveAttribute('preload', 'metadata');
    expect(v).toHaveAttribute('playsinline');
    // Every control has a name.
    const controls = within(dialog).getByRole('group', { name: 'Player controls' });
    for (const name of [
      'Seek',
      'Previous episode',
      'Next episode',
      'Mute',
      'Volume',
      'Settings',
      'Full screen',
    ]) {
      expect(
        within(controls).getByRole(name === 'Seek' || name === 'Volume' ? 'slider' : 'button', {
          name,
        }),
      ).toBeInTheDocument();
    }
  });

  it("says 'This episode cannot be found.' for an unknown episode", async () => {
    mockPlayerApi({
      'GET /api/episodes/missing': apiError(
        404,
        'episode_not_found',
        'This episode cannot be found.',
      ),
    });
    renderPlayer('missing');
    expect(await screen.findByRole('alert')).toHaveTextContent('This episode cannot be found.');
    expect(screen.getByRole('button', { name: 'Close player' })).toBeInTheDocument();
    expect(document.querySelector('video')).not.toBeInTheDocument();
  });

  it('Escape closes it, and so does the close button', async () => {
    const episode = makeEpisode();
    playerApi(episode);
    const { onClose } = renderPlayer(episode.id);
    const dialog = await screen.findByRole('dialog', { name: /Ep\. 3 · The Storm/ });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close player' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('a click on the backdrop outside the video closes it; a click on the video does not', async () => {
    const user = userEvent.setup();
    const episode = makeEpisode();
    playerApi(episode);
    const { onClose } = renderPlayer(episode.id);
    await screen.findByRole('dialog', { name: /Ep\. 3/ });
    await user.click(video());
    expect(onClose).not.toHaveBeenCalled();
    const backdrop = document.querySelector<HTMLElement>('.episode-player-overlay');
    expect(backdrop).toBeInTheDocument();
    await user.click(backdrop!);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('the video failing to load shows Retry, which loads it again', async () => {
    const episode = makeEpisode();
    playerApi(episode);
    renderPlayer(episode.id);
    await screen.findByRole('dialog', { name: /Ep\. 3/ });
    act(() => media.fail(video()));
    expect(screen.getByRole('alert')).toHaveTextContent('This video could not be played.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(media.load).toHaveBeenCalled();
    act(() => media.loadMetadata(video(), 1440));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('EpisodePlayer: playing and resuming', () => {
  it('plays on open; a browser that refuses sound gets a muted start and an Unmute chip', async () => {
    media.restore();
    media = installFakeMedia({ refuseUnmutedPlay: true });
    const episode = makeEpisode();
    playerApi(episode);
    renderPlayer(episode.id);
    await screen.findByRole('dialog', { name: /Ep\. 3/ });
    expect(await screen.findByText('Playing muted')).toBeInTheDocument();
    expect(media.play).toHaveBeenCalledTimes(2);
    expect(video().muted).toBe(true);
    expect(video().paused).toBe(false);
    // Not the viewer's choice: nothing remembered.
    expect(localStorage.getItem(PLAYER_STORAGE_KEYS.muted)).toBeNull();

    const chip = screen.getByText('Playing muted').parentElement!;
    fireEvent.click(within(chip).getByRole('button', { name: 'Unmute' }));
    expect(video().muted).toBe(false);
    expect(screen.queryByText('Playing muted')).not.toBeInTheDocument();
  });

  it('resumes at resumeAtSeconds once the metadata is loaded, with "Resumed at 1:23 · Start over"', async () => {
    const episode = makeEpisode();
    const api = playerApi(episode, makeSession({ resumeAtSeconds: 83 }));
    renderPlayer(episode.id);
    await screen.findByRole('dialog', { name: /Ep\. 3/ });
    await vi.waitFor(() =>
      expect(api.to('POST', `/api/episodes/${episode.id}/playback`)).toHaveLength(1),
    );
    // The session is there, the metadata is not: no seek yet.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(video().currentTime).toBe(0);

    act(() => media.loadMetadata(video(), 1440));
    expect(video().currentTime).toBe(83);
    expect(screen.getByText('Resumed at 1:23')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Start over' }));
    expect(video().currentTime).toBe(0);
    expect(screen.queryByText('Resumed at 1:23')).not.toBeInTheDocument();
  });

  it('does not seek when there is nothing to resume', async () => {
    const episode = makeEpisode();
    const api = playerApi(episode, makeSession({ resumeAtSeconds: 0 }));
    renderPlayer(episode.id);
    await screen.findByRole('dialog', { name: /Ep\. 3/ });
    await vi.waitFor(() =>
      expect(api.to('POST', `/api/episodes/${episode.id}/playback`)).toHaveLength(1),
    );
    act(() => media.advance(video(), 4));
    act(() => media.loadMetadata(video(), 1440));
    expect(video().currentTime).toBe(4);
    expect(screen.queryByText(/Resumed at/)).not.toBeInTheDocument();
  });
});

describe('EpisodePlayer: heartbeats and close', () => {
  it('sends a heartbeat every interval while playing, with the position, and none while paused', async () => {
    vi.useFakeTimers();
    const episode = makeEpisode();
    const api = playerApi(episode, makeSession({ heartbeatIntervalMs: 5000 }));
    renderPlayer(episode.id);
    await until(() => expect(document.querySelector('video')).toBeInTheDocument());
    act(() => media.loadMetadata(video(), 1440));
    await until(() =>
      expect(api.to('POST', `/api/episodes/${episode.id}/playback`)).toHaveLength(1),
    );
    await settle();
    expect(video().paused).toBe(false);
    const beats = () => api.to('POST', HEARTBEAT).map((c) => c.body);
    expect(beats()).toHaveLength(0);

    act(() => media.advance(video(), 5));
    await settle(5000);
    expect(beats()).toEqual([{ positionSeconds: 5, playing: true, durationSeconds: 1440 }]);

    act(() => media.advance(video(), 5));
    await settle(5000);
    expect(beats()).toHaveLength(2);
    expect(beats()[1]).toEqual({ positionSeconds: 10, playing: true, durationSeconds: 1440 });

    // A pause sends one beat with the state (it played until now), then nothing.
    act(() => video().pause());
    await settle();
    expect(beats()).toHaveLength(3);
    expect(beats()[2]).toMatchObject({ positionSeconds: 10, playing: true });
    await settle(20_000);
    expect(beats()).toHaveLength(3);

    // Playing again starts the beats again.
    act(() => void video().play());
    await settle(5000);
    expect(beats()).toHaveLength(4);
  });

  it("puts a heartbeat's view count on the cached landing", async () => {
    vi.useFakeTimers();
    const episode = makeEpisode();
    const queryClient = createQueryClient();
    queryClient.setQueryData(mediaKeys.detail(MEDIA_ID), { id: MEDIA_ID, viewCount: 3 } as Media);
    playerApi(episode, makeSession(), { [`POST ${HEARTBEAT}`]: makeState({ viewCount: 4 }) });
    renderPlayer(episode.id, { queryClient });
    await until(() => expect(document.querySelector('video')).toBeInTheDocument());
    await settle(5000);
    await settle();
    expect(queryClient.getQueryData<Media>(mediaKeys.detail(MEDIA_ID))?.viewCount).toBe(4);
  });

  it('closing sends /close with the position, then takes its view count and refreshes progress lists', async () => {
    vi.useFakeTimers();
    const episode = makeEpisode();
    const queryClient = createQueryClient();
    queryClient.setQueryData(mediaKeys.detail(MEDIA_ID), { id: MEDIA_ID, viewCount: 10 } as Media);
    queryClient.setQueryData(mediaKeys.page(MEDIA_ID), { id: MEDIA_ID } as MediaPage);
    const api = playerApi(episode);
    const { unmount } = renderPlayer(episode.id, { queryClient });
    await until(() => expect(document.querySelector('video')).toBeInTheDocument());
    act(() => media.loadMetadata(video(), 1440));
    await until(() =>
      expect(api.to('POST', `/api/episodes/${episode.id}/playback`)).toHaveLength(1),
    );
    await settle();
    act(() => media.advance(video(), 42));

    unmount();
    await settle();
    const closes = api.to('POST', CLOSE);
    expect(closes).toHaveLength(1);
    expect(closes[0]!.body).toEqual({ positionSeconds: 42, playing: true, durationSeconds: 1440 });
    expect(closes[0]!.keepalive).toBe(true);
    expect(queryClient.getQueryData<Media>(mediaKeys.detail(MEDIA_ID))?.viewCount).toBe(11);
    expect(queryClient.getQueryState(mediaKeys.page(MEDIA_ID))?.isInvalidated).toBe(true);
  });

  it('leaving the page (pagehide) closes the session with a beacon carrying the position', async () => {
    vi.useFakeTimers();
    const beacon = stubBeacon();
    const episode = makeEpisode();
    const api = playerApi(episode);
    renderPlayer(episode.id);
    await until(() => expect(document.querySelector('video')).toBeInTheDocument());
    act(() => media.loadMetadata(video(), 1440));
    await until(() =>
      expect(api.to('POST', `/api/episodes/${episode.id}/playback`)).toHaveLength(1),
    );
    await settle();
    act(() => media.advance(video(), 95.5));

    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(beacon.sent()).toEqual([
      { url: CLOSE, body: { positionSeconds: 95.5, playing: true, durationSeconds: 1440 } },
    ]);
    // The session is closed: no more beats go to it.
    await settle(20_000);
    expect(api.to('POST', HEARTBEAT)).toHaveLength(0);
  });

  it('a hidden tab closes the session with a beacon, and a visible one opens a new session', async () => {
    vi.useFakeTimers();
    const beacon = stubBeacon();
    const episode = makeEpisode();
    const api = playerApi(episode);
    renderPlayer(episode.id);
    await until(() => expect(document.querySelector('video')).toBeInTheDocument());
    await until(() =>
      expect(api.to('POST', `/api/episodes/${episode.id}/playback`)).toHaveLength(1),
    );
    await settle();
    let visibility: DocumentVisibilityState = 'hidden';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(beacon.beacon).toHaveBeenCalledTimes(1);
    expect(beacon.sent()[0]!.url).toBe(CLOSE);

    visibility = 'visible';
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await settle();
    expect(api.to('POST', `/api/episodes/${episode.id}/playback`)).toHaveLength(2);
  });

  it('without a beacon, leaving closes with a keepalive request', async () => {
    vi.useFakeTimers();
    const beacon = stubBeacon(false);
    const episode = makeEpisode();
    const api = playerApi(episode);
    renderPlayer(episode.id);
    await until(() => expect(document.querySelector('video')).toBeInTheDocument());
    await until(() =>
      expect(api.to('POST', `/api/episodes/${episode.id}/playback`)).toHaveLength(1),
    );
    await settle();
    act(() => void window.dispatchEvent(new Event('pagehide')));
    await settle();
    expect(beacon.beacon).toHaveBeenCalledTimes(1);
    const closes = api.to('POST', CLOSE);
    expect(closes).toHaveLength(1);
    expect(closes[0]!.keepalive).toBe(true);
  });
});

describe('EpisodePlayer: keyboard', () => {
  async function openPlaying() {
    const episode = makeEpisode();
    playerApi(episode);
    const utils = renderPlayer(episode.id);
    const dialog = await screen.findByRole('dialog', { name: /Ep\. 3/ });
    act(() => media.loadMetadata(video(), 1440));
    return { ...utils, dialog };
  }

  it('space and k toggle play and pause', async () => {
    const { dialog } = await openPlaying();
    expect(video().paused).toBe(false);
    fireEvent.keyDown(dialog, { key: ' ' });
    expect(video().paused).toBe(true);
    fireEvent.keyDown(dialog, { key: ' ' });
    expect(video().paused).toBe(false);
    fireEvent.keyDown(dialog, { key: 'k' });
    expect(video().paused).toBe(true);
  });

  it('space on a button presses the button only', async () => {
    await openPlaying();
    const pauses = media.pause.mock.calls.length;
    fireEvent.keyDown(screen.getByRole('button', { name: 'Settings' }), { key: ' ' });
    expect(media.pause.mock.calls.length).toBe(pauses);
  });

  it('←/→ seek 5 s, within the video', async () => {
    const { dialog } = await openPlaying();
    act(() => media.advance(video(), 60));
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(video().currentTime).toBe(65);
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(video().currentTime).toBe(55);
    // On the seek bar the arrows do the same (not the slider's own step).
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Seek' }), { key: 'ArrowRight' });
    expect(video().currentTime).toBe(60);
    act(() => {
      video().currentTime = 2;
    });
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(video().currentTime).toBe(0);
  });

  it('m mutes and unmutes, ↑/↓ change the volume, all remembered', async () => {
    const { dialog } = await openPlaying();
    fireEvent.keyDown(dialog, { key: 'm' });
    expect(video().muted).toBe(true);
    expect(localStorage.getItem(PLAYER_STORAGE_KEYS.muted)).toBe('true');
    expect(screen.getByRole('button', { name: 'Unmute' })).toBeInTheDocument();
    fireEvent.keyDown(dialog, { key: 'm' });
    expect(video().muted).toBe(false);

    fireEvent.keyDown(dialog, { key: 'ArrowDown' });
    fireEvent.keyDown(dialog, { key: 'ArrowDown' });
    expect(video().volume).toBeCloseTo(0.9);
    expect(localStorage.getItem(PLAYER_STORAGE_KEYS.volume)).toBe('0.9');
    fireEvent.keyDown(dialog, { key: 'ArrowUp' });
    expect(video().volume).toBeCloseTo(0.95);
    expect(screen.getByRole('slider', { name: 'Volume' })).toHaveAttribute('aria-valuetext', '95%');
  });

  it('f asks for full screen; keys with modifiers are left alone', async () => {
    const requestFullscreen = vi.fn(() => Promise.resolve());
    Object.defineProperty(HTMLElement.prototype, 'requestFullscreen', {
      value: requestFullscreen,
      configurable: true,
    });
    try {
      const { dialog } = await openPlaying();
      fireEvent.keyDown(dialog, { key: 'f' });
      expect(requestFullscreen).toHaveBeenCalledTimes(1);
      fireEvent.keyDown(dialog, { key: ' ', ctrlKey: true });
      expect(video().paused).toBe(false);
    } finally {
      delete (HTMLElement.prototype as unknown as Record<string, unknown>).requestFullscreen;
    }
  });
});

describe('EpisodePlayer: next episode', () => {
  it('Next and Previous move to those episodes', async () => {
    const episode = makeEpisode();
    playerApi(episode);
    const { onEpisodeChange } = renderPlayer(episode.id);
    await screen.findByRole('dialog', { name: /Ep\. 3/ });
    fireEvent.click(screen.getByRole('button', { name: 'Next episode' }));
    expect(onEpisodeChange).toHaveBeenLastCalledWith(episode.next!.id);
    fireEvent.click(screen.getByRole('button', { name: 'Previous episode' }));
    expect(onEpisodeChange).toHaveBeenLastCalledWith(episode.previous!.id);
  });

  it('has no Next or Previous where there is none', async () => {
    const episode = makeEpisode({ next: null, previous: null });
    playerApi(episode);
    renderPlayer(episode.id);
    await screen.findByRole('dialog', { name: /Ep\. 3/ });
    expect(screen.queryByRole('button', { name: 'Next episode' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Previous episode' })).not.toBeInTheDocument();
    act(() => media.loadMetadata(video(), 100));
    act(() => media.end(video()));
    expect(screen.queryByRole('region', { name: 'Up next' })).not.toBeInTheDocument();
  });

  it('at the end, the up-next card counts down 8 s and then plays the next episode', async () => {
    vi.useFakeTimers();
    const episode = makeEpisode();
    playerApi(episode);
    const { onEpisodeChange } = renderPlayer(episode.id);
    await until(() => expect(document.querySelector('video')).toBeInTheDocument());
    act(() => media.loadMetadata(video(), 1440));
    act(() => media.end(video()));
    const card = screen.getByRole('region', { name: 'Up next' });
    expect(within(card).getByText('Ep. 4 · The Calm')).toBeInTheDocument();
    expect(card.querySelector('img')).toHaveAttribute('src', episode.next!.thumbnailUrl);
    expect(
      within(card).getByText('Next episode in 8 seconds', { ignore: '.visually-hidden' }),
    ).toBeInTheDocument();

    await settle(7000);
    expect(
      within(card).getByText('Next episode in 1 second', { ignore: '.visually-hidden' }),
    ).toBeInTheDocument();
    expect(onEpisodeChange).not.toHaveBeenCalled();
    await settle(1000);
    expect(onEpisodeChange).toHaveBeenCalledWith(episode.next!.id);
  });

  it('Cancel stops the countdown', async () => {
    vi.useFakeTimers();
    const episode = makeEpisode();
    playerApi(episode);
    const { onEpisodeChange } = renderPlayer(episode.id);
    await until(() => expect(document.querySelector('video')).toBeInTheDocument());
    act(() => media.loadMetadata(video(), 1440));
    act(() => media.end(video()));
    await settle(3000);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('region', { name: 'Up next' })).not.toBeInTheDocument();
    await settle(20_000);
    expect(onEpisodeChange).not.toHaveBeenCalled();
  });

  it('shows in the last 10 s while playing; a pause holds the countdown', async () => {
    vi.useFakeTimers();
    const episode = makeEpisode();
    playerApi(episode);
    const { onEpisodeChange } = renderPlayer(episode.id);
    await until(() => expect(document.querySelector('video')).toBeInTheDocument());
    act(() => media.loadMetadata(video(), 100));
    act(() => media.advance(video(), 85));
    expect(screen.queryByRole('region', { name: 'Up next' })).not.toBeInTheDocument();
    act(() => media.advance(video(), 5));
    expect(screen.getByRole('region', { name: 'Up next' })).toBeInTheDocument();
    act(() => video().pause());
    await settle(30_000);
    expect(onEpisodeChange).not.toHaveBeenCalled();
    act(() => void video().play());
    await settle(8000);
    expect(onEpisodeChange).toHaveBeenCalledWith(episode.next!.id);
  });

  it('under reduced motion the countdown has no animated bar, and still counts', async () => {
    localStorage.setItem('otakura.reducedMotion', 'on');
    const episode = makeEpisode();
    playerApi(episode);
    renderPlayer(episode.id);
    await screen.findByRole('dialog', { name: /Ep\. 3/ });
    act(() => media.loadMetadata(video(), 1440));
    act(() => media.end(video()));
    const card = screen.getByRole('region', { name: 'Up next' });
    expect(
      within(card).getByText('Next episode in 8 seconds', { ignore: '.visually-hidden' }),
    ).toBeInTheDocument();
    expect(card.querySelector('.episode-player__up-next-bar')).toBeNull();
  });

  it('with autoplay off the card waits for Play now', async () => {
    vi.useFakeTimers();
    localStorage.setItem(PLAYER_STORAGE_KEYS.upNext, 'off');
    const episode = makeEpisode();
    playerApi(episode);
    const { onEpisodeChange } = renderPlayer(episode.id);
    await until(() => expect(document.querySelector('video')).toBeInTheDocument());
    act(() => media.loadMetadata(video(), 1440));
    act(() => media.end(video()));
    expect(screen.queryByText(/Next episode in/)).not.toBeInTheDocument();
    await settle(30_000);
    expect(onEpisodeChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Play now' }));
    expect(onEpisodeChange).toHaveBeenCalledWith(episode.next!.id);
  });
});

describe('EpisodePlayer: remembered settings', () => {
  it('volume, speed and the autoplay countdown chosen in the menu apply to the next opening', async () => {
    const user = userEvent.setup();
    const episode = makeEpisode();
    playerApi(episode);
    const first = renderPlayer(episode.id);
    const dialog = await screen.findByRole('dialog', { name: /Ep\. 3/ });
    fireEvent.keyDown(dialog, { key: 'ArrowDown' });
    fireEvent.keyDown(dialog, { key: 'ArrowDown' });
    fireEvent.keyDown(dialog, { key: 'ArrowDown' });

    await user.click(screen.getByRole('button', { name: 'Settings' }));
    await user.click(await screen.findByRole('menuitemradio', { name: '1.5×' }));
    expect(video().playbackRate).toBe(1.5);
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'After 15 seconds' }));
    first.unmount();

    playerApi(episode);
    renderPlayer(episode.id);
    await screen.findByRole('dialog', { name: /Ep\. 3/ });
    expect(video().volume).toBeCloseTo(0.85);
    expect(video().playbackRate).toBe(1.5);
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    expect(await screen.findByRole('menuitemradio', { name: 'After 15 seconds' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(screen.getByRole('menuitemradio', { name: '1.5×' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });
});

describe('player strings', () => {
  function keys(value: unknown, prefix = ''): string[] {
    if (typeof value !== 'object' || value === null) return [prefix];
    return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }

  it('has every English key in Japanese, and no extra', () => {
    expect(keys(jaPlayer).sort()).toEqual(keys(enPlayer).sort());
  });
});
