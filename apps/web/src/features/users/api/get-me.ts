import { MeSchema, type Me } from '@otakura/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './user-keys';

/** `GET /me`: the signed-in user as they see themselves. */
export function getMe(signal?: AbortSignal): Promise<Me> {
  return api.get('/me', { schema: MeSchema, signal });
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.me(),
    queryFn: ({ signal }) => getMe(signal),
  });

export function useMeQuery() {
  return useQuery(meQueryOptions());
}
