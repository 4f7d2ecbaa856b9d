import { CommentSchema, type Comment } from '@otakura/shared';
import { api } from '@/lib/api-client';

/**
 * `GET /comments/:id`: one comment as the viewer sees it. Live events carry only ids, so the
 * client fetches the comment they name. Not a query of its own: the result goes into the list.
 */
export function getComment(commentId: string, signal?: AbortSignal): Promise<Comment> {
  return api.get(`/comments/${encodeURIComponent(commentId)}`, { schema: CommentSchema, signal });
}
