import { BlockedUserPageSchema, type BlockedUserPage } from '@otakura/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { settingsKeys } from './settings-keys';

/** `GET /me/blocks`: users I blocked, newest first, by cursor pages. */
export function getBlockedUsers(cursor?: string, signal?: AbortSignal): Promise<BlockedUserPage> {
  return api.get('/me/blocks', { query: { cursor }, schema: BlockedUserPageSchema, signal });
}

export const blockedUsersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: settingsKeys.blocks(),
    queryFn: ({ pageParam, signal }) => getBlockedUsers(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useBlockedUsersQuery() {
  return useInfiniteQuery(blockedUsersQueryOptions());
}
