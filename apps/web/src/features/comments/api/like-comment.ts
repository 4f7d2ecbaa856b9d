import { LikeStateSchema, type LikeState } from '@otakura/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { patchComment } from '../utils/comment-cache';

/** `PUT /comments/:id/like` to like, `DELETE` to unlike; both idempotent, answering the absolute count. */
export function setCommentLike(commentId: string, liked: boolean): Promise<LikeState> {
  const path = `/comments/${encodeURIComponent(commentId)}/like`;
  return liked
    ? api.put(path, { schema: LikeStateSchema })
    : api.delete(path, { schema: LikeStateSchema });
}

interface LikeVariables {
  commentId: string;
  liked: boolean;
}

/** Optimistic like toggle: the heart and count change at once and go back if the server refuses. */
export function useLikeCommentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    // One at a time: quick toggles reach the server in order, so the last answer is the last click.
    scope: { id: 'comment-like' },
    mutationFn: ({ commentId, liked }: LikeVariables) => setCommentLike(commentId, liked),
    onMutate: ({ commentId, liked }) => {
      let previous: { likedByMe: boolean; likeCount: number } | undefined;
      patchComment(queryClient, commentId, (c) => {
        previous ??= { likedByMe: c.likedByMe, likeCount: c.likeCount };
        if (c.likedByMe === liked) return c;
        return { ...c, likedByMe: liked, likeCount: Math.max(0, c.likeCount + (liked ? 1 : -1)) };
      });
      return { previous };
    },
    onSuccess: (state, { commentId }) => {
      patchComment(queryClient, commentId, (c) => ({
        ...c,
        likedByMe: state.liked,
        likeCount: state.likeCount,
      }));
    },
    onError: (_error, { commentId }, context) => {
      const previous = context?.previous;
      if (previous) patchComment(queryClient, commentId, (c) => ({ ...c, ...previous }));
    },
  });
}
