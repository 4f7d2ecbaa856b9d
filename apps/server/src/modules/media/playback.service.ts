/**
 * Playback sessions and honest views (spec §4 episode playback; the rules are PeerTube's).
 *
 * Opening the player opens a session. While the client says it is playing, each heartbeat
 * credits the SERVER time since the previous one, capped at `heartbeatMaxCreditMs`, to the
 * session's `watched_ms`: positions sent by the client are never taken as time, so seeking or
 * reloading adds nothing. A session counts one view once its credited time reaches the
 * threshold, and a user counts at most one view per episode per `viewWindowMs`. Counting
 * inserts a `media_views` row and moves `media.view_count` in the same transaction, then
 * publishes `media.views` after the commit. Every heartbeat also saves the watch progress, and
 * once the episode is watched raises the viewer's episode mark in the series (media_progress,
 * the spoiler shield's) in the same transaction, publishing `media.progress` on a rise.
 */
import {
  liveTopics,
  MEDIA_RULES,
  type PlaybackHeartbeatInput,
  type PlaybackSession,
  type PlaybackState,
} from '@otakura/shared';
import { runInTransaction, type Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { isId } from '../../lib/ids';
import type { LiveBus } from '../live/live-bus';
import { toWatchProgress } from './media-units.mapper';
import { raiseEpisodeMark, type ProgressMarks } from './media-progress.repository';
import { publishProgressRise } from './media-progress.service';
import * as repo from './playback.repository';

export interface PlaybackDeps {
  db: Db;
  live: Pick<LiveBus, 'publish'>;
}

const episodeNotFound = () => notFound('episode_not_found');
const playbackNotFound = () => notFound('playback_not_found');

/** Milliseconds of playback a heartbeat credits: server time since the last one, capped; none while paused. */
export function creditMs(elapsedMs: number, playing: boolean): number {
  if (!playing || !Number.isFinite(elapsedMs) || elapsedMs <= 0) return 0;
  return Math.round(Math.min(elapsedMs, MEDIA_RULES.heartbeatMaxCreditMs));
}

/**
 * Whether `watchedMs` of playback counts a view: the threshold, or for a clip shorter than
 * twice the threshold, more than `shortClipFraction` of its duration.
 */
export function reachesView(
  watchedMs: number,
  durationSeconds: number | null | undefined,
): boolean {
  const durationMs = durationSeconds ? durationSeconds * 1000 : null;
  if (durationMs !== null && durationMs < 2 * MEDIA_RULES.viewThresholdMs)
    return watchedMs > durationMs * MEDIA_RULES.shortClipFraction;
  return watchedMs >= MEDIA_RULES.viewThresholdMs;
}

/** Where to resume: the saved position, unless watched, or within `resumeTailSeconds` of the end. */
export function resumeAt(
  progress: { positionSeconds: number; watched: boolean } | undefined,
  durationSeconds: number | null,
): number {
  if (!progress || progress.watched || progress.positionSeconds <= 0) return 0;
  if (
    durationSeconds !== null &&
    progress.positionSeconds >= durationSeconds - MEDIA_RULES.resumeTailSeconds
  )
    return 0;
  return progress.positionSeconds;
}

/** Opens a playback session on an episode for the viewer; 404 `episode_not_found`. */
export async function openPlayback(
  db: Db,
  viewerId: string,
  episodeId: string,
): Promise<PlaybackSession> {
  if (!isId(episodeId)) throw episodeNotFound();
  const episode = await repo.findPlayableEpisode(db, episodeId);
  if (!episode) throw episodeNotFound();
  const progress = await repo.findWatchProgress(db, viewerId, episodeId);
  let session: repo.PlaybackSessionRow;
  try {
    session = await repo.insertSession(db, {
      userId: viewerId,
      mediaId: episode.mediaId,
      episodeId,
    });
  } catch (err) {
    // The episode was deleted between the lookup and the insert (foreign key).
    if (!(await repo.findPlayableEpisode(db, episodeId))) throw episodeNotFound();
    throw err;
  }
  return {
    sessionId: session.id,
    resumeAtSeconds: resumeAt(progress, episode.durationSeconds),
    heartbeatIntervalMs: MEDIA_RULES.heartbeatIntervalMs,
  };
}

/**
 * A heartbeat of the viewer's open session (see the module comment). 404 `playback_not_found`
 * for an unknown, someone else's or a closed session.
 */
export function heartbeat(
  deps: PlaybackDeps,
  viewerId: string,
  sessionId: string,
  input: PlaybackHeartbeatInput,
): Promise<PlaybackState> {
  return beat(deps, viewerId, sessionId, input, 'heartbeat');
}

/**
 * Closes the viewer's session, applying `input` as its final heartbeat. Idempotent: closing a
 * closed session changes nothing and answers the state. 404 `playback_not_found` for an
 * unknown or someone else's session.
 */
export function closePlayback(
  deps: PlaybackDeps,
  viewerId: string,
  sessionId: string,
  input: PlaybackHeartbeatInput,
): Promise<PlaybackState> {
  return beat(deps, viewerId, sessionId, input, 'close');
}

async function beat(
  deps: PlaybackDeps,
  viewerId: string,
  sessionId: string,
  input: PlaybackHeartbeatInput,
  kind: 'heartbeat' | 'close',
): Promise<PlaybackState> {
  if (!isId(sessionId)) throw playbackNotFound();
  const result = await runInTransaction(deps.db, async (tx) => {
    const session = await repo.lockSession(tx, sessionId, viewerId);
    if (!session) throw playbackNotFound();
    if (session.closedAt) {
      if (kind === 'heartbeat') throw playbackNotFound();
      const progress = await repo.findWatchProgress(tx, viewerId, session.episodeId);
      return {
        state: {
          viewCounted: session.countedAt !== null,
          viewCount: await repo.viewCountOf(tx, session.mediaId),
          progress: progress
            ? toWatchProgress(progress)
            : { positionSeconds: 0, watched: false, updatedAt: session.lastBeatAt.toISOString() },
        },
        published: null,
        rose: undefined,
      };
    }

    const episode = await repo.findPlayableEpisode(tx, session.episodeId);
    if (!episode) throw playbackNotFound();
    const duration = episode.durationSeconds ?? input.durationSeconds ?? null;
    const clock = await repo.sessionClock(tx, sessionId);
    const watchedMs = session.watchedMs + creditMs(clock.elapsedMs, input.playing);

    let counted = session.countedAt !== null;
    let newCount: number | null = null;
    if (!counted && reachesView(watchedMs, duration)) {
      await repo.lockViewer(tx, viewerId, session.episodeId);
      const recent = await repo.hasRecentView(
        tx,
        viewerId,
        session.episodeId,
        clock.now,
        MEDIA_RULES.viewWindowMs,
      );
      if (!recent) {
        newCount = await repo.insertView(tx, {
          mediaId: session.mediaId,
          episodeId: session.episodeId,
          userId: viewerId,
          now: clock.now,
        });
        counted = true;
      }
    }
    await repo.updateSession(tx, sessionId, {
      watchedMs,
      now: clock.now,
      counted: newCount !== null,
      close: kind === 'close',
    });

    const position = duration ? Math.min(input.positionSeconds, duration) : input.positionSeconds;
    const progress = await repo.upsertWatchProgress(tx, {
      userId: viewerId,
      episodeId: session.episodeId,
      mediaId: session.mediaId,
      positionSeconds: position,
      watched: duration ? position >= MEDIA_RULES.watchedFraction * duration : false,
      now: clock.now,
    });
    // Watched (now or before): the series' episode mark is at least this episode (only raised).
    const rose: ProgressMarks | undefined = progress.watched
      ? await raiseEpisodeMark(tx, viewerId, session.episodeId)
      : undefined;
    return {
      rose,
      state: {
        viewCounted: counted,
        viewCount: newCount ?? (await repo.viewCountOf(tx, session.mediaId)),
        progress: toWatchProgress(progress),
      },
      published: newCount === null ? null : { mediaId: session.mediaId, viewCount: newCount },
    };
  });

  if (result.rose) await publishProgressRise(deps.live, viewerId, result.rose);
  if (result.published) {
    await deps.live.publish({
      type: 'media.views',
      topic: liveTopics.media(result.published.mediaId),
      mediaId: result.published.mediaId,
      viewCount: result.published.viewCount,
    });
  }
  return result.state;
}
