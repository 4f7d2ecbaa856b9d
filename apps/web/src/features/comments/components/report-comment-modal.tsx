import type { Comment } from '@otakura/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ReportDialog } from '@/components/report/report-dialog';
import { reportEndpoints } from '@/components/report/use-report';
import { patchComment } from '../utils/comment-cache';

export interface ReportCommentModalProps {
  /** The comment being reported; null closes the modal. */
  comment: Comment | null;
  onClose: () => void;
}

/**
 * Report a comment (the shared report dialog): after the server took it, and the spec's 500 ms,
 * 'Comment reported successfully. Please give our team 24 hours to work on the request.'; the
 * comment's option then reads Reported.
 */
export function ReportCommentModal({ comment, onClose }: ReportCommentModalProps) {
  const queryClient = useQueryClient();
  return (
    <ReportDialog
      open={comment !== null}
      onClose={onClose}
      kind="comment"
      endpoint={reportEndpoints.comment(comment?.id ?? '')}
      subject={
        comment
          ? {
              name: comment.author.username,
              avatarUrl: comment.author.avatarUrl,
              text: comment.body,
            }
          : null
      }
      onReported={() => {
        if (comment) patchComment(queryClient, comment.id, (c) => ({ ...c, reportedByMe: true }));
      }}
      className="comments-sheet"
    />
  );
}
