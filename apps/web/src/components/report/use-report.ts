import {
  ReportCommentResultSchema,
  type ReportCommentInput,
  type ReportCommentResult,
} from '@otakura/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * `POST {endpoint}` (`/comments/:id/report`, `/posts/:id/report`, `/users/:id/report`,
 * `/shop/items/:id/report`) with a reason (and details for 'other'): 201 the first time, 200
 * when this user had reported the target already; both answer `{ message }` (docs/moderation.md).
 */
export function sendReport(
  endpoint: string,
  input: ReportCommentInput,
): Promise<ReportCommentResult> {
  return api.post(endpoint, { body: input, schema: ReportCommentResultSchema });
}

/** A report to `endpoint`; never retried (the server answers the same anyway). */
export function useReportMutation(endpoint: string) {
  return useMutation({
    mutationFn: (input: ReportCommentInput) => sendReport(endpoint, input),
    retry: false,
  });
}

/** The report endpoint of each kind of target (paths under /api). */
export const reportEndpoints = {
  comment: (id: string) => `/comments/${encodeURIComponent(id)}/report`,
  post: (id: string) => `/posts/${encodeURIComponent(id)}/report`,
  user: (id: string) => `/users/${encodeURIComponent(id)}/report`,
  shop_item: (id: string) => `/shop/items/${encodeURIComponent(id)}/report`,
} as const;

export type ReportKind = keyof typeof reportEndpoints;
