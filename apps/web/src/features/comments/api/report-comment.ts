import {
  ReportCommentResultSchema,
  type ReportCommentInput,
  type ReportCommentResult,
} from '@otakura/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { patchComment } from '../utils/comment-cache';

/**
 * `POST /comments/:id/report` with a reason (and details for 'other'): 201 the first time, 200
 * when already reported; both say the same.
 */
export function reportComment(
  commentId: string,
  input: ReportCommentInput,
): Promise<ReportCommentResult> {
  return api.post(`/comments/${encodeURIComponent(commentId)}/report`, {
    body: input,
    schema: ReportCommentResultSchema,
  });
}

export function useReportCommentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, ...input }: { commentId: string } & ReportCommentInput) =>
      reportComment(commentId, input),
    onSuccess: (_result, { commentId }) =>
      patchComment(queryClient, commentId, (c) => ({ ...c, reportedByMe: true })),
  });
}
