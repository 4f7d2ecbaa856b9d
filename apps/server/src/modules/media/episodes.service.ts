/**
 * Episodes as the viewer sees them: the newest across all series (/episodes), the series they
 * are watching (continue watching) and one episode with its neighbours (the player). Playback
 * sessions and views live in playback.service.
 */
import { z } from 'zod';
import type {
  ContinueWatching,
  EpisodeCardPage,
  EpisodeDetail,
  ListEpisodesQuery,
} from '@otakura/shared';
import type { Db } from '../../db/client';
import { cursorCodec, cursorId, cursorTimestamp, type Cursor } from '../../lib/cursor';
import { notFound } from '../../lib/errors';
import { isId } from '../../lib/ids';
import * as repo from './episodes.repository';
import { toEpisodeCard, toEpisodeDetail } from './media-units.mapper';

/** Entries of continue watching at most. */
export const CONTINUE_WATCHING_MAX = 12;

/** The cursor of /api/episodes: `(created_at, id)` of the last card, under its own tag. */
export const episodeCursor = cursorCodec({
  wire: z.tuple([z.literal('ep'), cursorTimestamp, cursorId]),
  read: ([, at, id]): Cursor => ({ at, id }),
  write: (c: Cursor) => ['ep', c.at, c.id] as const,
});

const episodeNotFound = () => notFound('episode_not_found');

/** A keyset page of the newest episodes across all series, each with the viewer's progress. */
export async function listNewestEpisodes(
  db: Db,
  viewerId: string,
  query: ListEpisodesQuery,
): Promise<EpisodeCardPage> {
  const after = episodeCursor.decode(query.cursor);
  const rows = await repo.listNewestEpisodes(db, viewerId, after, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toEpisodeCard),
    nextCursor:
      rows.length > query.limit && last
        ? episodeCursor.encode({ at: last.cursorAt, id: last.id })
        : null,
  };
}

/**
 * The viewer's series in progress, most recently watched first (at most
 * `CONTINUE_WATCHING_MAX`), each with the episode to open; fully watched series are left out.
 */
export async function continueWatching(db: Db, viewerId: string): Promise<ContinueWatching> {
  const rows = await repo.listContinueWatching(db, viewerId, CONTINUE_WATCHING_MAX);
  return { items: rows.map(toEpisodeCard) };
}

/** One episode with the previous and next by number; 404 `episode_not_found` (also for a malformed id). */
export async function getEpisode(
  db: Db,
  viewerId: string,
  episodeId: string,
): Promise<EpisodeDetail> {
  if (!isId(episodeId)) throw episodeNotFound();
  const row = await repo.findEpisodeRow(db, viewerId, episodeId);
  if (!row) throw episodeNotFound();
  return toEpisodeDetail(row, await repo.findNeighbourEpisodes(db, row.mediaId, row.number));
}
