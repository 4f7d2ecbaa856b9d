import { LinkPreviewSchema, type LinkPreview } from '@otakura/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { postKeys } from './post-keys';

/** Link previews and the community list change rarely within a visit. */
const SLOW_STALE_MS = 5 * 60_000;

/** The server fetches the page (SSRF-guarded) and answers nulls when it cannot read it. */
export function getLinkPreview(url: string, signal?: AbortSignal): Promise<LinkPreview> {
  // No retries: a preview is a nicety, and its failure is silent (spec §7).
  return api.get('/link-preview', {
    query: { url },
    schema: LinkPreviewSchema,
    signal,
    retry: false,
  });
}

export function linkPreviewQueryOptions(url: string) {
  return queryOptions({
    queryKey: postKeys.linkPreview(url),
    queryFn: ({ signal }) => getLinkPreview(url, signal),
    staleTime: SLOW_STALE_MS,
  });
}

/** The preview of `url`, or nothing while `url` is null; errors stay silent (the caller shows nothing). */
export function useLinkPreviewQuery(url: string | null) {
  return useQuery({ ...linkPreviewQueryOptions(url ?? ''), enabled: url !== null });
}
