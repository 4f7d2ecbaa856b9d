import { z } from 'zod';
import { LIMITS } from '../common/limits';
import { pageOf } from '../common/page.schemas';
import { UserSummarySchema } from '../users/users.schemas';

export const CommentSchema = z.object({
  id: z.string(),
  postId: z.string().nullable(),
  mediaId: z.string().nullable(),
  /** For a deleted comment: the fixed system user. */
  author: UserSummarySchema,
  body: z.string(),
  likeCount: z.number().int(),
  likedByMe: z.boolean(),
  /** The comment this one replies to, and whom. */
  replyTo: z.object({ id: z.string(), username: z.string() }).nullable(),
  deleted: z.boolean(),
  edited: z.boolean(),
  /** Whether the viewer already reported it. */
  reportedByMe: z.boolean(),
  createdAt: z.string(),
});
export type Comment = z.infer<typeof CommentSchema>;

export const CommentPageSchema = pageOf(CommentSchema);
export type CommentPage = z.infer<typeof CommentPageSchema>;

export const CommentBodySchema = z
  .string()
  .trim()
  .min(1, 'Please write a comment.')
  .max(LIMITS.commentMax, `A comment must be at most ${LIMITS.commentMax.toLocaleString('en-US')} characters.`);

export const CreateCommentInputSchema = z.object({
  body: CommentBodySchema,
  replyToId: z.string().uuid().optional(),
});
export type CreateCommentInput = z.infer<typeof CreateCommentInputSchema>;

export const UpdateCommentInputSchema = z.object({ body: CommentBodySchema });
export type UpdateCommentInput = z.infer<typeof UpdateCommentInputSchema>;

export const REPORT_SUCCESS_MESSAGE =
  'Comment reported successfully. Please give our team 24 hours to work on the request.';
export const SHARE_SUCCESS_MESSAGE = 'Comment copied to clipboard.';
export const TOO_MANY_FILES_MESSAGE = 'You can select up to 5 files only.';
