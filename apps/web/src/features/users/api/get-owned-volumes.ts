import { OwnedVolumesSchema, type OwnedVolumes } from '@otakura/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './user-keys';

/**
 * `GET /users/:id/owned-volumes`: the volumes a user bought. The owner always gets them; anyone
 * else only while the owner shows them (else `{ items: [], public: false }`).
 */
export function getOwnedVolumes(userId: string, signal?: AbortSignal): Promise<OwnedVolumes> {
  return api.get(`/users/${encodeURIComponent(userId)}/owned-volumes`, {
    schema: OwnedVolumesSchema,
    signal,
  });
}

export const ownedVolumesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: userKeys.ownedVolumes(userId),
    queryFn: ({ signal }) => getOwnedVolumes(userId, signal),
  });

export function useOwnedVolumesQuery(userId: string) {
  return useQuery(ownedVolumesQueryOptions(userId));
}
