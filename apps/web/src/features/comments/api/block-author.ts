import { BlockStateSchema, type BlockState } from '@otakura/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CommentsData } from './get-comments';
import { commentKeys } from './comment-keys';

/**
 * Caches of other features that a block changes, by key prefix (features do not import each
 * other): the settings' block state and blocked list, profiles and follow counts, post lists.
 */
const SETTINGS_BLOCKS_KEY = ['settings', 'blocks'] as const;
const settingsBlockStateKey = (userId: string) => ['settings', 'block', userId] as const;
const USERS_KEY = ['users'] as const;
const POSTS_KEY = ['posts'] as const;

/** `PUT /users/:id/block` (idempotent): the author of a comment, from its options. */
export function blockUser(userId: string): Promise<BlockState> {
  return api.put(`/users/${encodeURIComponent(userId)}/block`, { schema: BlockStateSchema });
}

/**
 * Blocks a comment's author. On success their comments leave every loaded list at once (the
 * server leaves them out from now on), and the blocked list, their profile and post lists refresh.
 */
export function useBlockAuthorMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId }: { userId: string; username: string }) => blockUser(userId),
    onSuccess: (state, { userId }) => {
      queryClient.setQueriesData<CommentsData>({ queryKey: commentKeys.lists() }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.filter((c) => c.author.id !== userId),
              })),
            }
          : data,
      );
      queryClient.setQueryData(settingsBlockStateKey(userId), state);
      void queryClient.invalidateQueries({ queryKey: SETTINGS_BLOCKS_KEY });
      void queryClient.invalidateQueries({ queryKey: USERS_KEY });
      // Marked stale, not refetched now: the post on screen (perhaps theirs) stays until left.
      void queryClient.invalidateQueries({ queryKey: POSTS_KEY, refetchType: 'none' });
    },
  });
}
