/**
 * Reporting comments (spec §3 "Reported comment"): reports are stored in the shared `reports`
 * table with reporter, author, date, a snapshot of the text and where the comment was. The
 * moderation queue that handles them is modules/moderation (docs/moderation.md).
 */
import {
  REPORT_SUCCESS_MESSAGE,
  SYSTEM_USER_ID,
  type ReportCommentInput,
  type ReportCommentResult,
} from '@otakura/shared';
import { forbidden } from '../../lib/errors';
import { isId } from '../../lib/ids';
import * as reportsRepo from './comment-reports.repository';
import * as repo from './comments.repository';
import { commentNotFound, type CommentsDeps } from './comments.service';

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
