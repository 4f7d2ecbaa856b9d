import { AdminPagesSchema, type AdminPages } from '@otakura/shared';
import { api } from '@/lib/api-client';

/** `PUT /admin/issues/:issueId/pages/order`: every page id of the issue once, in the new order. */
export function reorderPages(issueId: string, pageIds: string[]): Promise<AdminPages> {
  return api.put(`/admin/issues/${encodeURIComponent(issueId)}/pages/order`, {
    body: { pageIds },
    schema: AdminPagesSchema,
  });
}

/** `DELETE /admin/pages/:pageId`: the later pages move up; answers the issue's pages. */
export function deletePage(pageId: string): Promise<AdminPages> {
  return api.delete(`/admin/pages/${encodeURIComponent(pageId)}`, { schema: AdminPagesSchema });
}
