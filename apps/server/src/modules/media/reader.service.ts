/**
 * The reader: one issue with its pages in order, the issues either side in reading order, the
 * next issue's first pages (preloaded near the end), the viewer's prefs for the series and
 * their progress; saving the page reached; saving reader prefs.
 */
import {
  MEDIA_RULES,
  type IssueDetail,
  type ReaderPrefs,
  type ReadProgress,
  type UpdateReaderPrefsInput,
  type UpdateReadProgressInput,
} from '@otakura/shared';
import { runInTransaction, type Db } from '../../db/client';
import { notFound, validationError } from '../../lib/errors';
import { fileUrl } from '../../lib/file-url';
import { isId } from '../../lib/ids';
import { toMediaRef, toReaderPage, toReaderPrefs, toReadProgress } from './media-units.mapper';
import type { LiveBus } from '../live/live-bus';
import { raiseReadMarks, type ProgressMarks } from './media-progress.repository';
import { publishProgressRise } from './media-progress.service';
import * as repo from './reader.repository';

/** Reader prefs before a user changes any: single pages, the cover alone (direction: the series'). */
export const DEFAULT_READER_PREFS = { mode: 'single', coverAlone: true } as const;

const issueNotFound = () => notFound('issue_not_found');
const mediaNotFound = () => notFound('media_not_found');

/** The whole issue for the reader; 404 `issue_not_found` (also for a malformed id). */
export async function getIssue(db: Db, viewerId: string, issueId: string): Promise<IssueDetail> {
  if (!isId(issueId)) throw issueNotFound();
  const issue = await repo.findIssueRow(db, issueId);
  if (!issue) throw issueNotFound();
  const [pages, neighbours, prefs, progress] = await Promise.all([
    repo.listPages(db, issueId),
    repo.findNeighbourIssues(db, issue),
    repo.findReaderPrefs(db, viewerId, issue.mediaId),
    repo.findReadProgress(db, viewerId, issueId),
  ]);
  const { previous, next } = neighbours;
  const nextPages = next
    ? await repo.listFirstPages(db, next.id, MEDIA_RULES.preloadNextPages)
    : [];
  return {
    id: issue.id,
    mediaId: issue.mediaId,
    volumeId: issue.volumeId,
    number: issue.number,
    title: issue.title,
    pageCount: issue.pageCount,
    thumbnailUrl: pages[0] ? fileUrl(pages[0].imageKey) : null,
    progress: progress ? toReadProgress(progress) : null,
    media: toMediaRef(issue),
    volume:
      issue.volumeId !== null && issue.volumeNumber !== null
        ? { id: issue.volumeId, number: issue.volumeNumber, title: issue.volumeTitle ?? '' }
        : null,
    pages: pages.map(toReaderPage),
    previous: previous ? { id: previous.id, number: previous.number, title: previous.title } : null,
    next: next
      ? {
          id: next.id,
          number: next.number,
          title: next.title,
          firstPages: nextPages.map(toReaderPage),
        }
      : null,
    prefs: prefs
      ? toReaderPrefs(prefs)
      : { direction: issue.mediaReadingDirection, ...DEFAULT_READER_PREFS },
  };
}

/**
 * Saves the page the viewer reached; reaching the last page marks the issue finished, and it
 * stays finished when they page back. Finishing raises the viewer's chapter (and volume) marks
 * and publishes `media.progress` through `live` on a rise. 404 `issue_not_found`; a page past the last is
 * 400 `validation_error` naming `page`.
 */
export async function saveReadProgress(
  db: Db,
  viewerId: string,
  issueId: string,
  input: UpdateReadProgressInput,
  live: Pick<LiveBus, 'publish'>,
): Promise<ReadProgress> {
  if (!isId(issueId)) throw issueNotFound();
  const head = await repo.findIssueHead(db, issueId);
  if (!head) throw issueNotFound();
  if (input.page > head.pageCount) {
    const message =
      head.pageCount === 0
        ? 'This issue has no pages yet.'
        : `Page must be at most ${head.pageCount}.`;
    throw validationError([{ path: 'page', message }], message);
  }
  const page = Math.max(1, Math.min(input.page, head.pageCount));
  let saved: { progress: repo.ReadProgressRow; rose: ProgressMarks | undefined };
  try {
    saved = await runInTransaction(db, async (tx) => {
      const progress = await repo.upsertReadProgress(tx, {
        userId: viewerId,
        issueId,
        mediaId: head.mediaId,
        page,
        finished: page === head.pageCount,
      });
      // Finished (now or before): the chapter mark, and the volume's when this is its last
      // issue, rise in the same transaction (media_progress, the spoiler shield's marks).
      const rose = progress.finished ? await raiseReadMarks(tx, viewerId, issueId) : undefined;
      return { progress, rose };
    });
  } catch (err) {
    // The issue was deleted between the lookup and the write (foreign key).
    if (!(await repo.findIssueHead(db, issueId))) throw issueNotFound();
    throw err;
  }
  if (saved.rose) await publishProgressRise(live, viewerId, saved.rose);
  return toReadProgress(saved.progress);
}

/**
 * Saves the viewer's reader prefs for a series: the fields given change, the others keep their
 * value (or default: the series' direction, single pages, cover alone). 404 `media_not_found`.
 */
export async function saveReaderPrefs(
  db: Db,
  viewerId: string,
  mediaId: string,
  input: UpdateReaderPrefsInput,
): Promise<ReaderPrefs> {
  if (!isId(mediaId)) throw mediaNotFound();
  const row = await repo.mergeReaderPrefs(db, viewerId, mediaId, input, DEFAULT_READER_PREFS);
  if (!row) throw mediaNotFound();
  return toReaderPrefs(row);
}
