import {
  MediaSchema,
  type CreateMediaInput,
  type Media,
  type UpdateMediaInput,
} from '@otakura/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mediaAdminKeys } from './media-admin-keys';

/** `POST /admin/media`: a new entry (201 Media). */
export function createMedia(input: CreateMediaInput): Promise<Media> {
  return api.post('/admin/media', { body: input, schema: MediaSchema });
}

/** `PATCH /admin/media/:mediaId`: only the fields given change; the kind never does. */
export function updateMedia(mediaId: string, input: UpdateMediaInput): Promise<Media> {
  return api.patch(`/admin/media/${encodeURIComponent(mediaId)}`, {
    body: input,
    schema: MediaSchema,
  });
}

/** Puts the server's entry in the editor's cache and marks every media screen stale. */
export function useStoreEntry() {
  const queryClient = useQueryClient();
  return (media: Media) => {
    queryClient.setQueryData(mediaAdminKeys.entry(media.id), media);
    void queryClient.invalidateQueries({
      queryKey: mediaAdminKeys.media,
      predicate: (q) => q.queryKey[2] !== 'entry' || q.queryKey[3] !== media.id,
    });
  };
}

export function useCreateMediaMutation() {
  const store = useStoreEntry();
  return useMutation({ mutationFn: createMedia, onSuccess: store });
}

export function useUpdateMediaMutation(mediaId: string) {
  const store = useStoreEntry();
  return useMutation({
    mutationFn: (input: UpdateMediaInput) => updateMedia(mediaId, input),
    onSuccess: store,
  });
}
