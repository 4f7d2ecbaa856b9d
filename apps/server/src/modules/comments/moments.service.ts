/**
 * Comments pinned to a moment (issue 12, docs/moments.md): validating a new comment's pin, the
 * player's markers and its comments in timeline order, the reader's counts per page, the
 * "Discuss" lists of an episode, an issue or a volume. Every list obeys the spoiler shield of
 * moments (db/moment-shield.ts) and of tags (db/spoiler-shield.ts) in its query.
 */
import {
  LIMITS,
  type CommentPage,
  type CommentPinInput,
  type EpisodeMoments,
  type IssueMoments,
  type ListEpisodeCommentsQuery,
  type ListIssueCommentsQuery,
  type ListVolumeCommentsQuery,
} from '@otakura/shared';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { cursorCodec, cursorId, cursorTimestamp } from '../../lib/cursor';
import { notFound, validationError } from '../../lib/errors';
import { isId } from '../../lib/ids';
import { toComment } from './comments.mapper';
import type { CommentPinValues, CommentTarget, CommentView } from './comments.repository';
import * as repo from './moments.repository';
import type { MomentCursor } from './moments.repository';

const momentCursor = cursorCodec({
  wire: z.tuple([
    z.literal('m'),
    z.number().int().min(0).max(2_147_483_647),
    z.number().nonnegative().max(2_147_483_647).nullable(),
    cursorTimestamp,
    cursorId,
  ]),
  read: ([, unit, position, at, id]): MomentCursor => ({ unit, position, at, id }),
  write: (c: MomentCursor) => ['m', c.unit, c.position, c.at, c.id] as const,
});

const episodeNotFound = () => notFound('episode_not_found');
const issueNotFound = () => notFound('issue_not_found');

/**
 * The pin columns of a new comment on `target`, checked: pins only on media comments; the
 * episode or issue must be of that series; the moment within the episode's duration, the page
 * within the issue. Throws 400 `validation_error` naming the field; nothing is written then.
 * Runs inside the comment's transaction.
 */
export async function resolvePin(
  db: Db,
  target: CommentTarget,
  pin: CommentPinInput | undefined,
): Promise<CommentPinValues | undefined> {
  if (!pin) return undefined;
  if (target.kind !== 'media') {
    throw validationError(
      [{ path: 'pin', message: 'Only comments on a series can be pinned to a moment.' }],
      'Only comments on a series can be pinned to a moment.',
    );
  }
  if ('episodeId' in pin) {
    const episode = await repo.findEpisode(db, pin.episodeId);
    if (!episode || episode.mediaId !== target.id) {
      const message = 'That episode is not part of this series.';
      throw validationError([{ path: 'pin.episodeId', message }], message);
    }
    const at = pin.atSeconds;
    if (at !== undefined && episode.durationSeconds !== null && at > episode.durationSeconds) {
      const message = `The moment must be within the episode (0 to ${episode.durationSeconds} seconds).`;
      throw validationError([{ path: 'pin.atSeconds', message }], message);
    }
    return { episodeId: episode.id, atSeconds: at ?? null, issueId: null, page: null };
  }
  const issue = await repo.findIssue(db, pin.issueId);
  if (!issue || issue.mediaId !== target.id) {
    const message = 'That chapter is not part of this series.';
    throw validationError([{ path: 'pin.issueId', message }], message);
  }
  if (pin.page !== undefined && pin.page > issue.pageCount) {
    const message = `The page must be one of the chapter's pages (1 to ${issue.pageCount}).`;
    throw validationError([{ path: 'pin.page', message }], message);
  }
  return { episodeId: null, atSeconds: null, issueId: issue.id, page: pin.page ?? null };
}

/** The player's markers (times of every pinned comment, covered or not) and the "Discuss" count. */
export async function getEpisodeMoments(
  db: Db,
  viewerId: string,
  episodeId: string,
): Promise<EpisodeMoments> {
  if (!isId(episodeId)) throw episodeNotFound();
  const row = await repo.episodeMoments(db, viewerId, episodeId);
  if (!row) throw episodeNotFound();
  return row;
}

/** The reader's counts per page and the "Discuss" counts of the issue and its volume. */
export async function getIssueMoments(
  db: Db,
  viewerId: string,
  issueId: string,
): Promise<IssueMoments> {
  if (!isId(issueId)) throw issueNotFound();
  const row = await repo.issueMoments(db, viewerId, issueId);
  if (!row) throw issueNotFound();
  return {
    issueId: row.issueId,
    mediaId: row.mediaId,
    issueNumber: row.issueNumber,
    volume:
      row.volumeId !== null && row.volumeNumber !== null
        ? {
            id: row.volumeId,
            number: row.volumeNumber,
            commentCount: row.volumeCommentCount ?? 0,
            lastIssue: row.lastIssue,
          }
        : null,
    commentCount: row.commentCount,
    pages: row.pages,
  };
}

const clampLimit = (limit: number | undefined) =>
  Math.min(Math.max(limit ?? LIMITS.pageSizeDefault, 1), LIMITS.pageSizeMax);

function pageOf(
  rows: CommentView[],
  limit: number,
  keyOf: (row: CommentView) => Pick<MomentCursor, 'unit' | 'position'>,
): CommentPage {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toComment),
    nextCursor:
      rows.length > limit && last
        ? momentCursor.encode({ ...keyOf(last), at: last.cursorAt, id: last.id })
        : null,
  };
}

/**
 * An episode's comments in timeline order (keyset pages). `until` (the player's time) shows the
 * moments the viewer has played past even before their progress is saved.
 */
export async function listEpisodeComments(
  db: Db,
  viewerId: string,
  episodeId: string,
  query: ListEpisodeCommentsQuery,
): Promise<CommentPage> {
  if (!isId(episodeId)) throw episodeNotFound();
  const episode = await repo.findEpisode(db, episodeId);
  if (!episode) throw episodeNotFound();
  const cursor = momentCursor.decode(query.cursor);
  const limit = clampLimit(query.limit);
  const reach = query.until === undefined ? undefined : { episodeId, seconds: query.until };
  const rows = await repo.listEpisodeComments(db, viewerId, episodeId, reach, cursor, limit);
  return pageOf(rows, limit, (row) => ({ unit: 0, position: row.atSeconds }));
}

/** An issue's comments in page order, or one page's (`page`); `until` is the page on screen. */
export async function listIssueComments(
  db: Db,
  viewerId: string,
  issueId: string,
  query: ListIssueCommentsQuery,
): Promise<CommentPage> {
  if (!isId(issueId)) throw issueNotFound();
  const issue = await repo.findIssue(db, issueId);
  if (!issue) throw issueNotFound();
  const cursor = momentCursor.decode(query.cursor);
  const limit = clampLimit(query.limit);
  const reach = query.until === undefined ? undefined : { issueId, page: query.until };
  const rows = await repo.listIssueComments(
    db,
    viewerId,
    issueId,
    query.page,
    reach,
    cursor,
    limit,
  );
  return pageOf(rows, limit, (row) => ({ unit: 0, position: row.page }));
}

/** The comments about a volume's issues ("Discuss vol n"): issue, page, then oldest first. */
export async function listVolumeComments(
  db: Db,
  viewerId: string,
  volumeId: string,
  query: ListVolumeCommentsQuery,
): Promise<CommentPage> {
  if (!isId(volumeId) || !(await repo.findVolume(db, volumeId))) throw notFound('volume_not_found');
  const cursor = momentCursor.decode(query.cursor);
  const limit = clampLimit(query.limit);
  const rows = await repo.listVolumeComments(db, viewerId, volumeId, cursor, limit);
  return pageOf(rows, limit, (row) => ({
    unit: Number(row.pinIssueNumber ?? 0),
    position: row.page,
  }));
}
