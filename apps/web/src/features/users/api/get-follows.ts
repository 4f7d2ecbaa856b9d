import { UserPageSchema, type UserPage } from '@otakura/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys, type FollowSide } from './user-keys';

const PAGE_SIZE = 30;

/** `GET /users/:id/followers` or `/following`: one keyset page, newest follow first. */
export function getFollows(
  userId: string,
  side: FollowSide,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<UserPage> {
  return api.get(`/users/${encodeURIComponent(userId)}/${side}`, {
    query: { cursor, limit: PAGE_SIZE },
    schema: UserPageSchema,
    signal,
  });
}

export const followsQueryOptions = (userId: string, side: FollowSide) =>
  infiniteQueryOptions({
    queryKey: userKeys.follows(userId, side),
    queryFn: ({ pageParam, signal }) => getFollows(userId, side, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useFollowsQuery(
  userId: string,
  side: FollowSide,
  options: { enabled?: boolean } = {},
) {
  return useInfiniteQuery({
    ...followsQueryOptions(userId, side),
    enabled: options.enabled ?? true,
  });
}
