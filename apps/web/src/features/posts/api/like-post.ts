import { LikeStateSchema, type LikeState } from '@otakura/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/ui/toast';
import { api } from '@/lib/api-client';
import { postKeys } from './post-keys';
import { updatePostEverywhere } from './posts-cache';

/** PUT likes, DELETE unlikes; both idempotent and answer the absolute count. */
export function setPostLike(postId: string, liked: boolean): Promise<LikeState> {
  const path = `/posts/${encodeURIComponent(postId)}/like`;
  return liked
    ? api.put(path, { schema: LikeStateSchema })
    : api.delete(path, { schema: LikeStateSchema });
}

export interface LikePostVariables {
  postId: string;
  liked: boolean;
}

/**
 * Optimistic like (spec §4): the heart and the count change at once everywhere the post is shown;
 * a failure puts them back and says so in a toast. The answer's absolute count wins, unless another
 * toggle of the same post is still on its way (its answer will be the true one).
 */
export function useLikePostMutation() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const { t } = useTranslation('posts');

  const othersPending = (postId: string) =>
    queryClient.isMutating({
      mutationKey: postKeys.likeMutation(),
      predicate: (m) => (m.state.variables as LikePostVariables | undefined)?.postId === postId,
    }) > 1;

  return useMutation({
    mutationKey: postKeys.likeMutation(),
    mutationFn: ({ postId, liked }: LikePostVariables) => setPostLike(postId, liked),
    onMutate: ({ postId, liked }) => {
      updatePostEverywhere(queryClient, postId, (p) =>
        p.likedByMe === liked
          ? p
          : { ...p, likedByMe: liked, likeCount: Math.max(0, p.likeCount + (liked ? 1 : -1)) },
      );
    },
    onError: (_error, { postId, liked }) => {
      // Undo this toggle only (a live count that arrived meanwhile is kept).
      updatePostEverywhere(queryClient, postId, (p) =>
        p.likedByMe !== liked
          ? p
          : { ...p, likedByMe: !liked, likeCount: Math.max(0, p.likeCount + (liked ? -1 : 1)) },
      );
      toast({ title: t('like.failed'), variant: 'error' });
    },
    onSuccess: (state, { postId }) => {
      if (othersPending(postId)) return;
      updatePostEverywhere(queryClient, postId, (p) => ({
        ...p,
        likedByMe: state.liked,
        likeCount: state.likeCount,
      }));
    },
  });
}
