import { CommentSchema, type Comment } from '@otakura/shared';
import { api } from '@/lib/api-client';

/**
 * `POST /comments/:id/reveal`: the comment past the spoiler shield, for the viewer only. The
 * server remembers nothing; the client keeps the answer for this visit (hooks/use-comment-reveal).
 */
export function revealComment(commentId: string): Promise<Comment> {
  return api.post(`/comments/${encodeURIComponent(commentId)}/reveal`, { schema: CommentSchema });
}
