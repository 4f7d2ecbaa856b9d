import { z } from 'zod';

/** One field that failed validation: `path` is the dotted field name (`title`, `images.2.width`). */
export const FieldIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof FieldIssueSchema>;

/** The one shape of every API error: `{ "error": { "code", "message", "details"? } }`. */
export const ApiErrorBodySchema = z.object({
  error: z.object({
    /** Stable snake_case code such as `post_not_found` or `validation_error`. */
    code: z.string(),
    message: z.string(),
    /** For `validation_error`: the fields that failed. */
    details: z.array(FieldIssueSchema).optional(),
    /** For `rate_limited`: whole seconds until a retry may succeed. */
    retryAfter: z.number().int().optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;
