import { CommentSchema, type Comment } from '@otakura/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { replaceComment } from '../utils/comment-cache';

/** `PATCH /comments/:id`: the author replaces the text (the comment is marked edited). */
export function updateComment(commentId: string, body: string): Promise<Comment> {
  return api.patch(`/comments/${encodeURIComponent(commentId)}`, {
    body: { body },
    schema: CommentSchema,
  });
}

export function useUpdateCommentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, body }: { commentId: string; body: string }) =>
      updateComment(commentId, body),
    onSuccess: (comment) => replaceComment(queryClient, comment),
  });
}
