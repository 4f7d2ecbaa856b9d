import { AccountStatsSchema, type AccountStats } from '@otakura/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './user-keys';

/** `GET /me/stats`: counts taken from the rows (posts, comments, likes given and received, …). */
export function getAccountStats(signal?: AbortSignal): Promise<AccountStats> {
  return api.get('/me/stats', { schema: AccountStatsSchema, signal });
}

export const accountStatsQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.stats(),
    queryFn: ({ signal }) => getAccountStats(signal),
  });

export function useAccountStatsQuery() {
  return useQuery(accountStatsQueryOptions());
}
