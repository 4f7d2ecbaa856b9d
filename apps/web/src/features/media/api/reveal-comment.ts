import { CommentSchema, type Comment } from '@otakura/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `POST /comments/:id/reveal`: the comment past the spoiler shield, for this viewer only. */
export function revealComment(commentId: string): Promise<Comment> {
  return api.post(`/comments/${encodeURIComponent(commentId)}/reveal`, { schema: CommentSchema });
}

export function useRevealCommentMutation() {
  return useMutation({ mutationFn: revealComment });
}
