import type { LiveEvent } from '@otakura/shared';
import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';
import { commentKeys, type CommentTarget } from '../api/comment-keys';
import { getComment } from '../api/get-comment';
import { appendComment, applyCommentLiked, findComment, replaceComment } from './comment-cache';

type CommentChanged = Extract<LiveEvent, { type: 'comment.created' | 'comment.updated' }>;
type CommentLiked = Extract<LiveEvent, { type: 'comment.liked' }>;

function targetOf(event: { postId: string | null; mediaId: string | null }): CommentTarget | null {
  if (event.postId) return { kind: 'post', id: event.postId };
  if (event.mediaId) return { kind: 'media', id: event.mediaId };
  return null;
}

/**
 * `comment.created` / `comment.updated` carry ids only: fetch the comment and put it into the list
 * that shows it. A new comment is added at the end only when the list is fully loaded (otherwise
 * 'Load more' brings it in its place); an update replaces the comment where it is. Lists nobody
 * has loaded are left alone.
 */
export async function syncLiveComment(
  queryClient: QueryClient,
  event: CommentChanged,
): Promise<void> {
  const target = targetOf(event);
  if (!target || !queryClient.getQueryData(commentKeys.list(target))) return;
  const known = findComment(queryClient, target, event.commentId);
  // Our own new comment is already there (the POST answered first).
  if (event.type === 'comment.created' && known) return;
  if (event.type === 'comment.updated' && !known) return;
  try {
    const comment = await getComment(event.commentId);
    if (event.type === 'comment.created') {
      appendComment(queryClient, target, comment, { onlyWhenComplete: true });
    } else {
      replaceComment(queryClient, comment);
    }
  } catch (error) {
    // Gone meanwhile (the post was deleted): nothing to show. Anything else: load the list again.
    if (isApiError(error) && error.status === 404) return;
    void queryClient.invalidateQueries({ queryKey: commentKeys.list(target) });
  }
}

/**
 * Someone liked or unliked a comment: the absolute count replaces ours. Our own likes are already
 * on screen (optimistic), so those events are skipped.
 */
export function applyLiveCommentLiked(
  queryClient: QueryClient,
  event: CommentLiked,
  viewerId: string | null,
): void {
  if (viewerId && event.actorId === viewerId) return;
  applyCommentLiked(queryClient, event.commentId, event.likeCount);
}
