import { CommentSchema, type Comment, type CommentPinInput } from '@otakura/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { momentKeys } from './moment-keys';

export interface CreateMomentCommentInput {
  body: string;
  pin: CommentPinInput;
}

/** `POST /media/:id/comments` with a pin: a comment at a moment of an episode or on a page. */
export function createMomentComment(
  mediaId: string,
  input: CreateMomentCommentInput,
): Promise<Comment> {
  return api.post(`/media/${encodeURIComponent(mediaId)}/comments`, {
    body: input,
    schema: CommentSchema,
  });
}

/** Posts a pinned comment, then reads the series' moments again (markers, counts, lists). */
export function useCreateMomentCommentMutation(mediaId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateMomentCommentInput) => createMomentComment(mediaId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: momentKeys.ofMedia(mediaId) }),
  });
}
