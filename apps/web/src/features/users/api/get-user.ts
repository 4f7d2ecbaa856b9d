import { PublicProfileSchema, type PublicProfile } from '@otakura/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './user-keys';

/** `GET /users/:id`: a public profile; 404 `user_not_found` for unknown or hidden users. */
export function getUser(userId: string, signal?: AbortSignal): Promise<PublicProfile> {
  return api.get(`/users/${encodeURIComponent(userId)}`, { schema: PublicProfileSchema, signal });
}

export const userQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: userKeys.detail(userId),
    queryFn: ({ signal }) => getUser(userId, signal),
  });

export function useUserQuery(userId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...userQueryOptions(userId), enabled: options.enabled ?? true });
}
