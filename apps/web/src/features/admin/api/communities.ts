import {
  CommunityPageSchema,
  CommunitySchema,
  type Community,
  type CommunityPage,
  type UpdateCommunityInput,
  type UpsertCommunityInput,
} from '@otakura/shared';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { uploadImageFile, type UploadSend } from '@/components/admin/upload-image';
import { api } from '@/lib/api-client';
import { adminKeys, OTHER_CACHES } from './admin-keys';

export const ADMIN_COMMUNITY_PAGE_SIZE = 30;

const path = (id: string) => `/admin/communities/${encodeURIComponent(id)}`;

/** `GET /communities?q=&cursor=`: alphabetical, a case-insensitive substring of the name. */
export function listCommunities(
  q: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<CommunityPage> {
  return api.get('/communities', {
    query: { q, cursor, limit: ADMIN_COMMUNITY_PAGE_SIZE },
    schema: CommunityPageSchema,
    signal,
  });
}

export function useAdminCommunitiesQuery(q: string) {
  const text = q.trim();
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: adminKeys.communityList(text),
      queryFn: ({ pageParam, signal }) => listCommunities(text, pageParam, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
    placeholderData: keepPreviousData,
  });
}

export function getCommunity(id: string, signal?: AbortSignal): Promise<Community> {
  return api.get(`/communities/${encodeURIComponent(id)}`, { schema: CommunitySchema, signal });
}

export function adminCommunityQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminKeys.community(id),
    queryFn: ({ signal }) => getCommunity(id, signal),
  });
}

export function useAdminCommunityQuery(id: string | undefined) {
  return useQuery({ ...adminCommunityQueryOptions(id ?? ''), enabled: Boolean(id) });
}

/** `POST /admin/communities` → 201 Community (409 `community_name_taken`). */
export function createCommunity(input: UpsertCommunityInput): Promise<Community> {
  return api.post('/admin/communities', { body: input, schema: CommunitySchema });
}

/** `PATCH /admin/communities/:id`: only the fields given change. */
export function updateCommunity(id: string, input: UpdateCommunityInput): Promise<Community> {
  return api.patch(path(id), { body: input, schema: CommunitySchema });
}

/** A saved community: this screen's cache gets the answer; the lists and pages elsewhere refetch. */
function remember(queryClient: QueryClient, community: Community) {
  queryClient.setQueryData(adminKeys.community(community.id), community);
  void queryClient.invalidateQueries({ queryKey: [...adminKeys.communities(), 'list'] });
  void queryClient.invalidateQueries({ queryKey: OTHER_CACHES.communities });
  void queryClient.invalidateQueries({ queryKey: OTHER_CACHES.posts });
}

export function useCreateCommunityMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCommunity,
    onSuccess: (community) => remember(queryClient, community),
  });
}

export function useUpdateCommunityMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateCommunityInput) => updateCommunity(id, input),
    onSuccess: (community) => remember(queryClient, community),
  });
}

/**
 * `POST /admin/communities/:id/image` (multipart, one image): the server stores the picture and
 * its 640 px thumbnail and answers the Community, which replaces the cached one.
 */
export function useCommunityImageUpload(): (id: string) => UploadSend<Community> {
  const queryClient = useQueryClient();
  return useCallback(
    (id: string) =>
      async (file, { onStatus, signal }) => {
        const community = await uploadImageFile({
          path: `${path(id)}/image`,
          file,
          schema: CommunitySchema,
          onStatus,
          signal,
        });
        remember(queryClient, community);
        return community;
      },
    [queryClient],
  );
}
