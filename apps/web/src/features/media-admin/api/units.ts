import {
  EpisodeSchema,
  IssueSummarySchema,
  VolumeSchema,
  type CreateEpisodeInput,
  type CreateIssueInput,
  type CreateVolumeInput,
  type Episode,
  type IssueSummary,
  type UpdateEpisodeInput,
  type UpdateIssueInput,
  type UpdateVolumeInput,
  type Volume,
} from '@otakura/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mediaAdminKeys } from './media-admin-keys';

const id = encodeURIComponent;

/** `POST /admin/media/:mediaId/episodes` (video entries; the number defaults to the next). */
export function createEpisode(mediaId: string, input: CreateEpisodeInput): Promise<Episode> {
  return api.post(`/admin/media/${id(mediaId)}/episodes`, { body: input, schema: EpisodeSchema });
}

/** `PATCH /admin/episodes/:episodeId`: number or title. */
export function updateEpisode(episodeId: string, input: UpdateEpisodeInput): Promise<Episode> {
  return api.patch(`/admin/episodes/${id(episodeId)}`, { body: input, schema: EpisodeSchema });
}

/** `POST /admin/media/:mediaId/volumes` (manga). */
export function createVolume(mediaId: string, input: CreateVolumeInput): Promise<Volume> {
  return api.post(`/admin/media/${id(mediaId)}/volumes`, { body: input, schema: VolumeSchema });
}

/** `PATCH /admin/volumes/:volumeId`. */
export function updateVolume(volumeId: string, input: UpdateVolumeInput): Promise<Volume> {
  return api.patch(`/admin/volumes/${id(volumeId)}`, { body: input, schema: VolumeSchema });
}

/** `POST /admin/media/:mediaId/issues`: in a volume (manga) or in the sequence (`volumeId: null`). */
export function createIssue(mediaId: string, input: CreateIssueInput): Promise<IssueSummary> {
  return api.post(`/admin/media/${id(mediaId)}/issues`, {
    body: input,
    schema: IssueSummarySchema,
  });
}

/** `PATCH /admin/issues/:issueId`. */
export function updateIssue(issueId: string, input: UpdateIssueInput): Promise<IssueSummary> {
  return api.patch(`/admin/issues/${id(issueId)}`, { body: input, schema: IssueSummarySchema });
}

/**
 * After a change to an entry's units: its lists, the editor's entry and the public screens
 * (every query under `['media']`; only those on screen refetch).
 */
export function useRefreshMedia() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: mediaAdminKeys.media });
}

/** A mutation that refreshes the media screens once it succeeds. */
export function useUnitMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const refresh = useRefreshMedia();
  return useMutation({ mutationFn, onSuccess: () => refresh() });
}
