import { BlockStateSchema, type BlockState, type BlockedUserPage } from '@otakura/shared';
import {
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/ui/toast';
import { api } from '@/lib/api-client';
import { BLOCK_AFFECTED_KEYS, settingsKeys } from './settings-keys';
import { apiErrorText } from '@/lib/api-error-text';

/** `PUT` (block) or `DELETE` (unblock) `/users/:id/block`; both idempotent. */
export function setBlocked(userId: string, blocked: boolean): Promise<BlockState> {
  const path = `/users/${encodeURIComponent(userId)}/block`;
  return blocked
    ? api.put(path, { schema: BlockStateSchema })
    : api.delete(path, { schema: BlockStateSchema });
}

type Pages = InfiniteData<BlockedUserPage, string | undefined>;

/**
 * After a block or unblock: the profile's state at once, the blocked list, and everything the
 * server now filters differently (profiles' follow counts, post and comment lists).
 */
function applyBlockState(queryClient: QueryClient, userId: string, state: BlockState): void {
  queryClient.setQueryData(settingsKeys.blockState(userId), state);
  void queryClient.invalidateQueries({ queryKey: settingsKeys.blocks() });
  for (const queryKey of BLOCK_AFFECTED_KEYS) void queryClient.invalidateQueries({ queryKey });
}

/**
 * Blocks or unblocks from a profile (after its confirmation dialog). Resolves when the server
 * agreed, with a toast; a refusal is toasted and rethrown so the dialog stays open.
 */
export function useSetBlockedMutation() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const { t } = useTranslation('settings');
  return useMutation<BlockState, unknown, Vars & { blocked: boolean }>({
    mutationFn: ({ userId, blocked }) => setBlocked(userId, blocked),
    onSuccess: (state, { userId, username }) => {
      applyBlockState(queryClient, userId, state);
      toast({
        variant: 'success',
        title: t(state.blocked ? 'block.done' : 'blocked.unblocked', { username }),
      });
    },
    onError: (error, { blocked, username }) =>
      toast({
        variant: 'error',
        title: t(blocked ? 'block.failed' : 'blocked.unblockFailed', { username }),
        description: apiErrorText(t, error),
      }),
  });
}

interface Vars {
  userId: string;
  /** Shown in the toasts. */
  username: string;
}

/**
 * Unblocks a user from the blocked list. Optimistic: the row leaves at once and comes back (with a
 * toast) when the server refuses; on success a toast offers Undo, which blocks them again.
 */
export function useUnblockMutation() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const { t } = useTranslation('settings');
  const key = settingsKeys.blocks();

  const reblock = useMutation<BlockState, unknown, Vars>({
    mutationFn: ({ userId }) => setBlocked(userId, true),
    onSuccess: (state, { userId }) => applyBlockState(queryClient, userId, state),
    onError: (error, { username }) =>
      toast({
        variant: 'error',
        title: t('blocked.blockFailed', { username }),
        description: apiErrorText(t, error),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });

  return useMutation<BlockState, unknown, Vars, { previous: Pages | undefined }>({
    mutationFn: ({ userId }) => setBlocked(userId, false),
    onMutate: async ({ userId }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Pages>(key);
      if (previous) {
        queryClient.setQueryData<Pages>(key, {
          ...previous,
          pages: previous.pages.map((p) => ({
            ...p,
            items: p.items.filter((u) => u.id !== userId),
          })),
        });
      }
      return { previous };
    },
    onError: (error, { username }, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast({
        variant: 'error',
        title: t('blocked.unblockFailed', { username }),
        description: apiErrorText(t, error),
      });
    },
    onSuccess: (state, vars) => {
      applyBlockState(queryClient, vars.userId, state);
      toast({
        variant: 'success',
        title: t('blocked.unblocked', { username: vars.username }),
        action: {
          label: t('blocked.undo'),
          altText: t('blocked.undoAlt', { username: vars.username }),
          onClick: () => reblock.mutate(vars),
        },
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
