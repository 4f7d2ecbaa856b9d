/**
 * Reporting comments (spec §3 "Reported comment") and the moderation queue that DESIGN.md
 * adds: reports are stored with reporter, author, date, a snapshot of the text and where the
 * comment was; moderators and admins list them and dismiss them or delete the comment.
 */
import {
  LIMITS,
  REPORT_SUCCESS_MESSAGE,
  SYSTEM_USER_ID,
  type CommentReport,
  type CommentReportPage,
  type ListCommentReportsQuery,
  type ReportCommentInput,
  type ReportCommentResult,
  type ResolveCommentReportInput,
} from '@otakura/shared';
import { runInTransaction } from '../../db/client';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { isId } from '../../lib/ids';
import { timeCursor } from '../../lib/cursor';
import { fileUrl } from '../../lib/file-url';
import { displayName } from '../../lib/user-summary';
import * as reportsRepo from './comment-reports.repository';
import type { ReportView } from './comment-reports.repository';
import * as repo from './comments.repository';
import { commentNotFound, publish, topicOf, type CommentsDeps } from './comments.service';

const reportNotFound = () => notFound('report_not_found');

function toCommentReport(row: ReportView): CommentReport {
  return {
    id: row.id,
    status: row.status,
    commentText: row.commentText,
    reason: row.reason,
    details: row.details,
    comment: { id: row.commentId, body: row.commentBody, deleted: row.commentDeletedAt !== null },
    reporter: {
      id: row.reporterId,
      username: displayName({
        username: row.reporterUsername,
        displayUsername: row.reporterDisplayUsername,
      }),
      name: row.reporterName,
      avatarUrl: fileUrl(row.reporterImageKey),
    },
    author: row.authorId
      ? {
          id: row.authorId,
          username: displayName({
            username: row.authorUsername,
            displayUsername: row.authorDisplayUsername,
          }),
          name: row.authorName ?? '',
          avatarUrl: fileUrl(row.authorImageKey),
        }
      : null,
    postId: row.postId,
    mediaId: row.mediaId,
    communityId: row.communityId,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt ? row.resolvedAt.toISOString() : null,
  };
}

/**
 * Reports someone else's comment with a reason (and, with `other`, optional details). The
 * first report answers `created: true` (201); reporting the same comment again changes nothing,
 * not even the reason, and answers the same message (200).
 */
export async function reportComment(
  deps: CommentsDeps,
  viewerId: string,
  commentId: string,
  input: ReportCommentInput,
): Promise<{ created: boolean; result: ReportCommentResult }> {
  if (!isId(commentId)) throw commentNotFound();
  const comment = await repo.findComment(deps.db, commentId);
  if (!comment) throw commentNotFound();
  const target: repo.CommentTarget = comment.postId
    ? { kind: 'post', id: comment.postId }
    : { kind: 'media', id: comment.mediaId! };
  if (!(await repo.targetIsVisible(deps.db, target))) throw commentNotFound();
  if (comment.deletedAt || comment.userId === SYSTEM_USER_ID) {
    throw forbidden('cannot_report_deleted_comment');
  }
  if (comment.userId === viewerId) throw forbidden('cannot_report_own_comment');
  const created = await reportsRepo.insertReport(deps.db, {
    targetId: commentId,
    reporterId: viewerId,
    authorId: comment.userId,
    snapshot: comment.body,
    reason: input.reason,
    // Details explain 'other'; with a named reason there is nothing to add, so none is kept.
    details: input.reason === 'other' ? (input.details ?? null) : null,
    communityId: comment.postId ? await repo.communityOfPost(deps.db, comment.postId) : null,
    postId: comment.postId,
    mediaId: comment.mediaId,
  });
  return { created, result: { message: REPORT_SUCCESS_MESSAGE } };
}

/** The moderation queue: reports with one status, newest first. */
export async function listReports(
  deps: CommentsDeps,
  query: ListCommentReportsQuery,
): Promise<CommentReportPage> {
  const cursor = timeCursor.decode(query.cursor);
  const limit = Math.min(Math.max(query.limit ?? LIMITS.pageSizeDefault, 1), LIMITS.pageSizeMax);
  const rows = await reportsRepo.listReports(deps.db, query.status, cursor, limit);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toCommentReport),
    nextCursor:
      rows.length > limit && last ? timeCursor.encode({ at: last.cursorAt, id: last.id }) : null,
  };
}

/**
 * Closes an open report. `dismiss`: the comment stays. `delete_comment`: the comment becomes
 * a tombstone (like its author deleting it) and every open report of it is resolved.
 */
export async function resolveReport(
  deps: CommentsDeps,
  moderatorId: string,
  reportId: string,
  input: ResolveCommentReportInput,
): Promise<CommentReport> {
  if (!isId(reportId)) throw reportNotFound();
  const tombstoned = await runInTransaction(deps.db, async (tx) => {
    const report = await reportsRepo.findReportForUpdate(tx, reportId);
    if (!report) throw reportNotFound();
    if (report.status !== 'open') throw conflict('report_already_resolved');
    if (input.action === 'dismiss') {
      await reportsRepo.closeReports(tx, { reportId }, 'dismissed', moderatorId);
      return undefined;
    }
    const row = await repo.tombstoneComment(tx, report.targetId);
    await reportsRepo.closeReports(
      tx,
      { allOpenOfComment: report.targetId },
      'resolved',
      moderatorId,
    );
    return row;
  });
  if (tombstoned) {
    await publish(deps.live, {
      type: 'comment.updated',
      topic: topicOf(tombstoned),
      postId: tombstoned.postId,
      mediaId: tombstoned.mediaId,
      commentId: tombstoned.id,
    });
  }
  const view = await reportsRepo.findReportView(deps.db, reportId);
  if (!view) throw reportNotFound();
  return toCommentReport(view);
}
