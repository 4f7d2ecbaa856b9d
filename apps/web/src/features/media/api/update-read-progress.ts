import { ReadProgressSchema, type IssueDetail, type ReadProgress } from '@otakura/shared';
import type { QueryClient } from '@tanstack/react-query';
import { api, buildUrl } from '@/lib/api-client';
import { mediaKeys } from './media-keys';

const progressPath = (issueId: string) => `/issues/${encodeURIComponent(issueId)}/progress`;

/** `PUT /issues/:id/progress`: the page reached; the server marks the issue finished at its last page. */
export function updateReadProgress(issueId: string, page: number): Promise<ReadProgress> {
  return api.put(progressPath(issueId), { body: { page }, schema: ReadProgressSchema });
}

/**
 * The same save for a reader that is closing (or a tab that is going away): `keepalive` lets the
 * request outlive the page. Never throws; resolves once the server answered (or gave up).
 */
export async function sendReadProgressOnExit(issueId: string, page: number): Promise<void> {
  try {
    await fetch(buildUrl(progressPath(issueId)), {
      method: 'PUT',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ page }),
    });
  } catch {
    // Nothing to tell: the reader is gone; the next save or opening corrects it.
  }
}

/** Puts a saved (or about to be saved) position into the cached issue, so reopening starts there. */
export function setCachedReadProgress(
  queryClient: QueryClient,
  issueId: string,
  progress: ReadProgress,
): void {
  queryClient.setQueryData<IssueDetail>(mediaKeys.issue(issueId), (issue) =>
    issue ? { ...issue, progress } : issue,
  );
}
