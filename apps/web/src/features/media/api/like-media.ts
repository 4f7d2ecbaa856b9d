import { LikeStateSchema, type LikeState } from '@otakura/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/ui/toast';
import { api } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { updateMediaEverywhere } from '../utils/media-cache';
import { mediaKeys } from './media-keys';

/** PUT likes, DELETE unlikes; both idempotent and answer the absolute count. */
export function setMediaLike(mediaId: string, liked: boolean): Promise<LikeState> {
  const path = `/media/${encodeURIComponent(mediaId)}/like`;
  return liked
    ? api.put(path, { schema: LikeStateSchema })
    : api.delete(path, { schema: LikeStateSchema });
}

export interface LikeMediaVariables {
  mediaId: string;
  liked: boolean;
}

/**
 * Optimistic like of a media entry (spec §4 like toggle): the heart and the count change at once
 * on the landing and in the lists; a refusal puts them back and says so in a toast. The answer's
 * absolute count wins, unless another toggle of the same entry is still on its way (its answer
 * will be the true one).
 */
export function useLikeMediaMutation() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const { t } = useTranslation('media');

  const othersPending = (mediaId: string) =>
    queryClient.isMutating({
      mutationKey: mediaKeys.likeMutation(),
      predicate: (m) => (m.state.variables as LikeMediaVariables | undefined)?.mediaId === mediaId,
    }) > 1;

  return useMutation({
    mutationKey: mediaKeys.likeMutation(),
    mutationFn: ({ mediaId, liked }: LikeMediaVariables) => setMediaLike(mediaId, liked),
    onMutate: async ({ mediaId, liked }) => {
      // A landing refetch that started before the click must not overwrite the new state.
      await queryClient.cancelQueries({ queryKey: mediaKeys.detail(mediaId), exact: true });
      updateMediaEverywhere(queryClient, mediaId, (m) =>
        m.likedByMe === liked
          ? m
          : { ...m, likedByMe: liked, likeCount: Math.max(0, m.likeCount + (liked ? 1 : -1)) },
      );
    },
    onError: (error, { mediaId, liked }) => {
      // Undo this toggle only (a live count that arrived meanwhile is kept).
      updateMediaEverywhere(queryClient, mediaId, (m) =>
        m.likedByMe !== liked
          ? m
          : { ...m, likedByMe: !liked, likeCount: Math.max(0, m.likeCount + (liked ? -1 : 1)) },
      );
      toast({
        variant: 'error',
        title: liked ? t('like.likeFailed') : t('like.unlikeFailed'),
        description: apiErrorText(t, error),
      });
    },
    onSuccess: (state, { mediaId }) => {
      if (othersPending(mediaId)) return;
      updateMediaEverywhere(queryClient, mediaId, (m) => ({
        ...m,
        likedByMe: state.liked,
        likeCount: state.likeCount,
      }));
    },
  });
}
