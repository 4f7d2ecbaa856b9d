/**
 * The media catalog: the alphabetical list and search, an entry's landing (with what the viewer
 * plays or reads next), media pages, and likes. Rules, access checks and transactions live here;
 * queries in media.repository, the wire shapes in media.mapper.
 */
import {
  liveTopics,
  MEDIA_RULES,
  parseMediaPageId,
  type LikeState,
  type Media,
  type MediaListPage,
  type MediaNextUp,
  type MediaPage,
  type SearchMediaQuery,
} from '@otakura/shared';
import { runInTransaction, sqlState, type Db } from '../../db/client';
import { mediaCursor } from '../../lib/cursor';
import { AppError, notFound } from '../../lib/errors';
import { isId } from '../../lib/ids';
import type { LiveBus } from '../live/live-bus';
import {
  mediaPageCount,
  toEpisode,
  toIssueSummary,
  toMedia,
  toMediaSummary,
  toVolume,
  unitCount,
} from './media.mapper';
import * as repo from './media.repository';

export interface MediaDeps {
  db: Db;
  live: Pick<LiveBus, 'publish'>;
}

export const mediaNotFound = () => notFound('media_not_found');
const FOREIGN_KEY_VIOLATION = '23503';

/**
 * A page of the alphabetical list (case-insensitive title order), filtered to entries whose title
 * or a keyword contains `q` case-insensitively when `q` is not empty (`%`, `_`, `\` match
 * themselves). Keyset pages: no duplicates or gaps, the same cost deep down.
 */
export async function searchMedia(db: Db, query: SearchMediaQuery): Promise<MediaListPage> {
  const after = mediaCursor.decode(query.cursor);
  const q = query.q.trim();
  const rows = await repo.listMedia(db, {
    pattern: q === '' ? undefined : repo.substringPattern(q),
    after,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toMediaSummary),
    nextCursor:
      rows.length > query.limit && last
        ? mediaCursor.encode({ title: last.title, id: last.id })
        : null,
  };
}

/**
 * One entry's landing as the viewer sees it: counts, `likedByMe`, how many media pages it has and
 * what to open next. 404 `media_not_found` for unknown or malformed ids.
 */
export async function getMedia(db: Db, viewerId: string, mediaId: string): Promise<Media> {
  if (!isId(mediaId)) throw mediaNotFound();
  const row = await repo.findMediaDetail(db, mediaId, viewerId);
  if (!row) throw mediaNotFound();
  return toMedia(row, {
    pageCount: mediaPageCount(unitCount(row), MEDIA_RULES.mediaPageSize),
    nextUp: await nextUp(db, row, viewerId),
  });
}

/** Where resuming starts: the position, unless it is within the tail of a known duration. */
function resumeAt(position: number, duration: number | null): number {
  if (duration !== null && position >= duration - MEDIA_RULES.resumeTailSeconds) return 0;
  return position;
}

async function nextUp(
  db: Db,
  row: { id: string; kind: Media['kind'] },
  viewerId: string,
): Promise<MediaNextUp | null> {
  if (row.kind === 'video') {
    const e = await repo.findNextEpisode(db, row.id, viewerId);
    if (!e) return null;
    return {
      type: 'episode',
      episodeId: e.id,
      number: e.number,
      title: e.title,
      positionSeconds: resumeAt(e.positionSeconds, e.durationSeconds),
      durationSeconds: e.durationSeconds,
      started: e.started,
    };
  }
  const i = await repo.findNextIssue(db, row.id, viewerId);
  if (!i) return null;
  return {
    type: 'issue',
    issueId: i.id,
    number: i.number,
    title: i.title,
    // A page reached before pages were removed opens the last page that is left.
    page: Math.max(1, Math.min(i.page, i.pageCount)),
    pageCount: i.pageCount,
    started: i.started,
  };
}

/**
 * Media page `{mediaId}` or `{mediaId}-{n}` (spec §3): up to `mediaPageSize` episodes (video),
 * volumes with all their issues (manga) or issues (sequence), by number, with the viewer's
 * progress. 404 `media_not_found` for a malformed id, an unknown entry or a page past the last.
 */
export async function getMediaPage(db: Db, viewerId: string, pageId: string): Promise<MediaPage> {
  const parsed = parseMediaPageId(pageId);
  if (!parsed) throw mediaNotFound();
  const head = await repo.findMediaHead(db, parsed.mediaId);
  if (!head) throw mediaNotFound();
  const size = MEDIA_RULES.mediaPageSize;
  const pageCount = mediaPageCount(unitCount(head), size);
  if (parsed.page > pageCount) throw mediaNotFound();
  const window = { offset: (parsed.page - 1) * size, limit: size };
  const page: MediaPage = {
    id: pageId,
    mediaId: head.id,
    kind: head.kind,
    page: parsed.page,
    pageCount,
    episodes: [],
    volumes: [],
    issues: [],
  };
  if (head.kind === 'video') {
    page.episodes = (await repo.listEpisodes(db, head.id, viewerId, window)).map(toEpisode);
  } else if (head.kind === 'manga') {
    const volumes = await repo.listVolumes(db, head.id, window);
    const issues = await repo.listVolumeIssues(
      db,
      head.id,
      volumes.map((v) => v.id),
      viewerId,
    );
    page.volumes = volumes.map((v) => toVolume(v, issues.get(v.id) ?? []));
  } else {
    page.issues = (await repo.listSequenceIssues(db, head.id, viewerId, window)).map(
      toIssueSummary,
    );
  }
  return page;
}

/**
 * Likes (`like`) or unlikes an entry: one transaction that inserts or deletes the like row and
 * moves like_count only when a row really was inserted or deleted, so twice is once and the count
 * equals the rows under any concurrency. Publishes `media.liked` after the commit when it changed.
 */
export async function setLike(
  deps: MediaDeps,
  userId: string,
  mediaId: string,
  like: boolean,
): Promise<LikeState> {
  if (!isId(mediaId)) throw mediaNotFound();
  let result: { changed: boolean; likeCount: number };
  try {
    result = await runInTransaction(deps.db, async (tx) => {
      const changed = like
        ? await repo.insertLike(tx, userId, mediaId)
        : await repo.deleteLike(tx, userId, mediaId);
      const likeCount = await repo.moveLikeCount(tx, mediaId, changed ? (like ? 1 : -1) : 0);
      if (likeCount === null) throw mediaNotFound();
      return { changed, likeCount };
    });
  } catch (err) {
    // The entry is unknown (or was deleted between the insert and its foreign-key check).
    if (!(err instanceof AppError) && sqlState(err) === FOREIGN_KEY_VIOLATION)
      throw mediaNotFound();
    throw err;
  }
  if (result.changed) {
    await deps.live
      .publish({
        type: 'media.liked',
        topic: liveTopics.media(mediaId),
        mediaId,
        likeCount: result.likeCount,
        actorId: userId,
      })
      .catch(() => undefined);
  }
  return { liked: like, likeCount: result.likeCount };
}
