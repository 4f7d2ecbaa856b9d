import {
  PlaybackSessionSchema,
  PlaybackStateSchema,
  type Media,
  type PlaybackHeartbeatInput,
  type PlaybackSession,
  type PlaybackState,
} from '@otakura/shared';
import type { QueryClient } from '@tanstack/react-query';
import { api, buildUrl, createApiClient } from '@/lib/api-client';
import { mediaKeys } from './media-keys';

/*
 * Playback sessions (docs/media.md): the player opens one when it opens, sends a heartbeat about
 * every `heartbeatIntervalMs` while the video plays, and closes it when it closes. The server
 * measures the playing time itself; the web only reports where the video is and whether it played.
 * Nothing here is ever awaited before playing, and a failed beat is forgotten: the next one carries
 * the state again.
 */

/**
 * The same client with `keepalive`: a request that outlives the page (closing the tab right after
 * closing the player). Still the one transport, retry policy and error shape.
 */
const keepaliveApi = createApiClient({
  fetch: (input, init) => globalThis.fetch(input, { ...init, keepalive: true }),
});

const playbackPath = (sessionId: string, action: 'heartbeat' | 'close') =>
  `/playback/${encodeURIComponent(sessionId)}/${action}`;

/** `POST /episodes/:id/playback`: the player opened; the answer says where to resume. */
export function startPlayback(episodeId: string): Promise<PlaybackSession> {
  return api.post(`/episodes/${encodeURIComponent(episodeId)}/playback`, {
    schema: PlaybackSessionSchema,
  });
}

export function sendPlaybackHeartbeat(
  sessionId: string,
  input: PlaybackHeartbeatInput,
): Promise<PlaybackState> {
  return api.post(playbackPath(sessionId, 'heartbeat'), {
    body: input,
    schema: PlaybackStateSchema,
  });
}

/** Closes the session while the page stays (the player closed): the answer has the view count. */
export function closePlayback(
  sessionId: string,
  input: PlaybackHeartbeatInput,
): Promise<PlaybackState> {
  return keepaliveApi.post(playbackPath(sessionId, 'close'), {
    body: input,
    schema: PlaybackStateSchema,
  });
}

/**
 * Closes the session while the page goes away (hidden, unloaded): `navigator.sendBeacon` with the
 * JSON as a string (sent as text/plain, which the close route accepts), else a keepalive request.
 * Fire and forget.
 */
export function beaconClosePlayback(sessionId: string, input: PlaybackHeartbeatInput): void {
  const body = JSON.stringify(input);
  let queued = false;
  try {
    queued = navigator.sendBeacon?.(buildUrl(playbackPath(sessionId, 'close')), body) ?? false;
  } catch {
    queued = false;
  }
  if (!queued) closePlayback(sessionId, input).catch(() => undefined);
}

/** A heartbeat's or close's answer: the landing's Views show the new count at once. */
export function applyPlaybackState(
  queryClient: QueryClient,
  mediaId: string,
  state: PlaybackState,
): void {
  queryClient.setQueryData<Media>(mediaKeys.detail(mediaId), (media) =>
    media && 'viewCount' in media ? { ...media, viewCount: state.viewCount } : media,
  );
}

/** After a session closed: progress bars, "continue watching" and the landing's next-up refresh. */
export function refreshAfterPlayback(queryClient: QueryClient, mediaId: string): void {
  void queryClient.invalidateQueries({ queryKey: mediaKeys.pages() });
  void queryClient.invalidateQueries({ queryKey: mediaKeys.episodes() });
  void queryClient.invalidateQueries({ queryKey: mediaKeys.detail(mediaId) });
}
