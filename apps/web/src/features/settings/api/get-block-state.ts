import { BlockStateSchema, type BlockState } from '@otakura/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { settingsKeys } from './settings-keys';

/** `GET /users/:id/block`: whether the signed-in user blocked this user. */
export function getBlockState(userId: string, signal?: AbortSignal): Promise<BlockState> {
  return api.get(`/users/${encodeURIComponent(userId)}/block`, {
    schema: BlockStateSchema,
    signal,
  });
}

export const blockStateQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: settingsKeys.blockState(userId),
    queryFn: ({ signal }) => getBlockState(userId, signal),
  });

export function useBlockStateQuery(userId: string, { enabled = true } = {}) {
  return useQuery({ ...blockStateQueryOptions(userId), enabled });
}
