import {
  CommentSchema,
  type Comment,
  type CreateCommentInput,
  type UserSummary,
} from '@otakura/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import {
  appendComment,
  pendingCommentId,
  removeComment,
  settlePendingComment,
} from '../utils/comment-cache';
import { commentKeys, commentsPath, type CommentTarget } from './comment-keys';

/** `POST /posts/:id/comments` (or `/media/:id/comments`): a comment, or a reply with `replyToId`. */
export function createComment(target: CommentTarget, input: CreateCommentInput): Promise<Comment> {
  return api.post(commentsPath(target), { body: input, schema: CommentSchema });
}

export interface CreateCommentVariables extends CreateCommentInput {
  /** Whom the reply answers, for the optimistic row. */
  replyToUsername?: string;
}

/**
 * Comments appear at once (optimistic insert at the end of the list, marked pending) and are
 * replaced by the server's version, or removed again if the server refuses.
 */
export function useCreateCommentMutation(target: CommentTarget, author: UserSummary | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, replyToId, spoilerTag }: CreateCommentVariables) =>
      createComment(target, { body, replyToId, ...(spoilerTag ? { spoilerTag } : {}) }),
    onMutate: async ({ body, replyToId, replyToUsername }) => {
      await queryClient.cancelQueries({ queryKey: commentKeys.list(target) });
      const pending: Comment = {
        id: pendingCommentId(),
        postId: target.kind === 'post' ? target.id : null,
        mediaId: target.kind === 'media' ? target.id : null,
        author: author ?? { id: '', username: '', name: '', avatarUrl: null },
        body: body.trim(),
        likeCount: 0,
        likedByMe: false,
        replyTo: replyToId ? { id: replyToId, username: replyToUsername ?? '' } : null,
        deleted: false,
        edited: false,
        reportedByMe: false,
        createdAt: new Date().toISOString(),
      };
      appendComment(queryClient, target, pending);
      return { pendingId: pending.id };
    },
    onSuccess: (comment, _vars, context) => {
      settlePendingComment(queryClient, target, context.pendingId, comment);
    },
    onError: (_error, _vars, context) => {
      if (context) removeComment(queryClient, target, context.pendingId);
    },
  });
}
