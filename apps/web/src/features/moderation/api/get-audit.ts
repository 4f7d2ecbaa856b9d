import { AuditPageSchema, type AuditPage } from '@otakura/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { moderationKeys, type AuditFilter } from './moderation-keys';

export const AUDIT_PAGE_SIZE = 30;

/** `GET /moderation/audit`: the audit log, newest first, filtered. */
export function getAudit(
  filter: AuditFilter,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<AuditPage> {
  return api.get('/moderation/audit', {
    query: { ...filter, cursor, limit: AUDIT_PAGE_SIZE },
    schema: AuditPageSchema,
    signal,
  });
}

export function auditQueryOptions(filter: AuditFilter) {
  return infiniteQueryOptions({
    queryKey: moderationKeys.audit(filter),
    queryFn: ({ pageParam, signal }) => getAudit(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useAuditQuery(filter: AuditFilter) {
  return useInfiniteQuery(auditQueryOptions(filter));
}
