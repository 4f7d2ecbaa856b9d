import { z } from 'zod';
import { groupThousands, safeText } from '../common/text';
import { LIMITS } from '../common/limits';
import { pageOf, PageQuerySchema } from '../common/page.schemas';
import { UserSummarySchema } from '../users/user-summary.schemas';
import { SpoilerTagInputSchema, SpoilerTagSchema } from '../posts/spoiler.schemas';
import { CommentPinInputSchema, CommentPinSchema } from './moments.schemas';

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
  /**
   * Spoiler shield (issue 12), as on posts: while `covered`, `body` is '' (the server sent no
   * text; POST /api/comments/:id/reveal answers it uncovered). Null when untagged; always sent.
   */
  spoilerTag: SpoilerTagSchema.nullable().optional(),
  /**
   * A media comment about an episode (at a moment) or an issue (on a page), docs/moments.md.
   * While `pin.covered`, `body` is '' too. Null when not pinned; always sent.
   */
  pin: CommentPinSchema.nullable().optional(),
});
export type Comment = z.infer<typeof CommentSchema>;

export const CommentPageSchema = pageOf(CommentSchema);
export type CommentPage = z.infer<typeof CommentPageSchema>;

export const CommentBodySchema = safeText()
  .trim()
  .min(1, 'Please write a comment.')
  .max(
    LIMITS.commentMax,
    `A comment must be at most ${groupThousands(LIMITS.commentMax)} characters.`,
  );

export const CreateCommentInputSchema = z.object({
  body: CommentBodySchema,
  replyToId: z.string().uuid().optional(),
  /** Spoiler shield: the series and point the comment spoils. */
  spoilerTag: SpoilerTagInputSchema.optional(),
  /** Media comments only: the episode (and moment) or issue (and page) it is about. */
  pin: CommentPinInputSchema.optional(),
});
export type CreateCommentInput = z.infer<typeof CreateCommentInputSchema>;

export const UpdateCommentInputSchema = z.object({ body: CommentBodySchema });
export type UpdateCommentInput = z.infer<typeof UpdateCommentInputSchema>;

/** `?cursor=&limit=` of a comment list (oldest first). */
export const ListCommentsQuerySchema = PageQuerySchema;
export type ListCommentsQuery = z.infer<typeof ListCommentsQuerySchema>;

/** Why a comment is reported; the web shows them in this order. */
export const REPORT_REASONS = [
  'spam',
  'harassment',
  'spoiler',
  'minor_sexual_content',
  'other',
] as const;
export const ReportReasonSchema = z.enum(REPORT_REASONS, {
  error: 'Please choose a reason for the report.',
});
export type ReportReason = z.infer<typeof ReportReasonSchema>;

/** Body of POST /api/comments/:commentId/report. */
export const ReportCommentInputSchema = z.object({
  reason: ReportReasonSchema,
  /** Free text, only kept with `other`; trimmed, blank becomes null. */
  details: safeText()
    .trim()
    .max(LIMITS.reportDetailsMax, `Details must be at most ${LIMITS.reportDetailsMax} characters.`)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type ReportCommentInput = z.input<typeof ReportCommentInputSchema>;

/** Answer to POST /api/comments/:commentId/report (201 the first time, 200 when already reported). */
export const ReportCommentResultSchema = z.object({ message: z.string() });
export type ReportCommentResult = z.infer<typeof ReportCommentResultSchema>;

// The moderation queue of every kind of report is in moderation/moderation.schemas.ts.

export const REPORT_SUCCESS_MESSAGE =
  'Comment reported successfully. Please give our team 24 hours to work on the request.';
export const SHARE_SUCCESS_MESSAGE = 'Comment copied to clipboard.';
export const TOO_MANY_FILES_MESSAGE = 'You can select up to 5 files only.';
