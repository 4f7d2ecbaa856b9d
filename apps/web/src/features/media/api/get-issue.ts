import { IssueDetailSchema, type IssueDetail } from '@otakura/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mediaKeys } from './media-keys';

export function getIssue(issueId: string, signal?: AbortSignal): Promise<IssueDetail> {
  return api.get(`/issues/${encodeURIComponent(issueId)}`, { schema: IssueDetailSchema, signal });
}

export function issueQueryOptions(issueId: string) {
  return queryOptions({
    queryKey: mediaKeys.issue(issueId),
    queryFn: ({ signal }) => getIssue(issueId, signal),
    // The reader keeps its own page; a refetch on focus must not move it, only refresh the data.
    refetchOnWindowFocus: false,
  });
}

/** The reader's whole issue (pages, neighbours, prefs, progress); 404 answers `issue_not_found`. */
export function useIssueQuery(issueId: string) {
  return useQuery(issueQueryOptions(issueId));
}
