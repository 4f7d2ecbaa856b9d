/**
 * The one place that decides which fields of episodes, playback, issues, pages, progress and
 * reader prefs leave the server (the episodes, playback and reader parts of the media module).
 * Storage keys become `/files/<key>` URLs; nothing else of a row (raw keys, session internals
 * such as `watched_ms`) is sent. Nothing here reads the database.
 */
import type {
  EpisodeCard,
  EpisodeDetail,
  MediaRef,
  ReaderPage,
  ReaderPrefs,
  ReadProgress,
  WatchProgress,
} from '@otakura/shared';
import { fileUrl } from '../../lib/file-url';
import type { EpisodeRow, NeighbourEpisodeRow, WatchProgressRow } from './episodes.repository';
import type { PageRow, ReadProgressRow, ReaderPrefsRow } from './reader.repository';

export function toMediaRef(row: {
  mediaId: string;
  mediaKind: MediaRef['kind'];
  mediaTitle: string;
  mediaImageKey: string | null;
}): MediaRef {
  return {
    id: row.mediaId,
    kind: row.mediaKind,
    title: row.mediaTitle,
    coverUrl: fileUrl(row.mediaImageKey),
  };
}

export function toWatchProgress(row: WatchProgressRow): WatchProgress {
  return {
    positionSeconds: row.positionSeconds,
    watched: row.watched,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** An episode with its series reference and the viewer's progress (a card of /episodes). */
export function toEpisodeCard(row: EpisodeRow): EpisodeCard {
  return {
    id: row.id,
    mediaId: row.mediaId,
    number: row.number,
    title: row.title,
    videoUrl: fileUrl(row.videoKey),
    thumbnailUrl: fileUrl(row.thumbnailKey),
    durationSeconds: row.durationSeconds,
    progress:
      row.progressUpdatedAt === null
        ? null
        : toWatchProgress({
            positionSeconds: row.positionSeconds ?? 0,
            watched: row.watched ?? false,
            updatedAt: row.progressUpdatedAt,
          }),
    createdAt: row.createdAt.toISOString(),
    media: toMediaRef(row),
  };
}

export function toEpisodeDetail(
  row: EpisodeRow,
  neighbours: { previous: NeighbourEpisodeRow | undefined; next: NeighbourEpisodeRow | undefined },
): EpisodeDetail {
  const { previous, next } = neighbours;
  return {
    ...toEpisodeCard(row),
    previous: previous ? { id: previous.id, number: previous.number, title: previous.title } : null,
    next: next
      ? {
          id: next.id,
          number: next.number,
          title: next.title,
          thumbnailUrl: fileUrl(next.thumbnailKey),
        }
      : null,
  };
}

/**
 * Pages uploaded through the admin pipeline always carry their size; a page without one
 * (imported by hand) gets a manga page's usual proportions so the reader can still reserve a box.
 */
const FALLBACK_PAGE = { width: 1000, height: 1414 };

export function toReaderPage(row: PageRow): ReaderPage {
  const sized = row.width !== null && row.height !== null && row.width > 0 && row.height > 0;
  return {
    id: row.id,
    number: row.pageNumber,
    url: fileUrl(row.imageKey),
    width: sized ? row.width! : FALLBACK_PAGE.width,
    height: sized ? row.height! : FALLBACK_PAGE.height,
  };
}

export function toReadProgress(row: ReadProgressRow): ReadProgress {
  return { page: row.page, finished: row.finished, updatedAt: row.updatedAt.toISOString() };
}

export function toReaderPrefs(row: ReaderPrefsRow): ReaderPrefs {
  return { direction: row.direction, mode: row.mode, coverAlone: row.coverAlone };
}
