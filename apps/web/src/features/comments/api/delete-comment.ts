import { CommentSchema, type Comment } from '@otakura/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { replaceComment } from '../utils/comment-cache';

/**
 * `DELETE /comments/:id`: the comment stays as a tombstone ('User deleted this comment :(' by the
 * system user), which the server answers with.
 */
export function deleteComment(commentId: string): Promise<Comment> {
  return api.delete(`/comments/${encodeURIComponent(commentId)}`, { schema: CommentSchema });
}

export function useDeleteCommentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => deleteComment(commentId),
    onSuccess: (tombstone) => replaceComment(queryClient, tombstone),
  });
}
