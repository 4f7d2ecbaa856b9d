import { LikeStateSchema, type LikeState } from '@otakura/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/ui/toast';
import { api } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { updateShopLikes } from '../utils/shop-cache';
import { shopKeys } from './shop-keys';

/** PUT likes, DELETE unlikes; both idempotent and answer the absolute count. */
export function setShopItemLike(itemId: string, liked: boolean): Promise<LikeState> {
  const path = `/shop/items/${encodeURIComponent(itemId)}/like`;
  return liked
    ? api.put(path, { schema: LikeStateSchema })
    : api.delete(path, { schema: LikeStateSchema });
}

export interface LikeShopItemVariables {
  itemId: string;
  liked: boolean;
}

/**
 * Optimistic like of a shop item (spec §4 like toggle): the heart and the count change at once on
 * the item page and in the grid; a refusal puts them back and says so in a toast. The answer's
 * absolute count wins, unless another toggle of the same item is still on its way.
 */
export function useLikeShopItemMutation() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const { t } = useTranslation('shop');

  const othersPending = (itemId: string) =>
    queryClient.isMutating({
      mutationKey: shopKeys.likeMutation(),
      predicate: (m) => (m.state.variables as LikeShopItemVariables | undefined)?.itemId === itemId,
    }) > 1;

  return useMutation({
    mutationKey: shopKeys.likeMutation(),
    mutationFn: ({ itemId, liked }: LikeShopItemVariables) => setShopItemLike(itemId, liked),
    onMutate: async ({ itemId, liked }) => {
      // A refetch that started before the click must not overwrite the new state.
      await queryClient.cancelQueries({ queryKey: shopKeys.detail(itemId), exact: true });
      updateShopLikes(queryClient, itemId, (i) =>
        i.likedByMe === liked
          ? i
          : { likedByMe: liked, likeCount: Math.max(0, i.likeCount + (liked ? 1 : -1)) },
      );
    },
    onError: (error, { itemId, liked }) => {
      // Undo this toggle only (a live count that arrived meanwhile is kept).
      updateShopLikes(queryClient, itemId, (i) =>
        i.likedByMe !== liked
          ? i
          : { likedByMe: !liked, likeCount: Math.max(0, i.likeCount + (liked ? -1 : 1)) },
      );
      toast({
        variant: 'error',
        title: liked ? t('like.likeFailed') : t('like.unlikeFailed'),
        description: apiErrorText(t, error),
      });
    },
    onSuccess: (state, { itemId }) => {
      if (othersPending(itemId)) return;
      updateShopLikes(queryClient, itemId, () => ({
        likedByMe: state.liked,
        likeCount: state.likeCount,
      }));
    },
  });
}
