import { postsPageQuery, sourcePath } from '@/features/posts/api/post-source';
import { readFeedPrefs } from '@/features/posts/hooks/use-feed-prefs';
import { buildUrl } from '@/lib/api-client';
import { startEarlyGet } from '@/lib/early-requests';

/*
 * The data a page asks for first, started at startup with the session check and the page's code
 * (app.tsx) instead of after them: the API client takes these answers as its first try
 * (lib/early-requests.ts). The URLs are built by the same functions as the pages' own requests.
 *
 * /feed: `GET /me` (the required-details gate renders the feed only once it is known) and the
 * first page of the remembered tab and sort. Its first card images are then requested as soon as
 * the feed renders, not one round trip after the gate.
 *
 * A visitor who turns out to be signed out is sent to /login; their early answers (401) are never
 * used and are dropped.
 */

/** The early GETs of the page at `pathname` (paths match case-insensitively, like the routes). */
export function routeDataUrls(pathname: string): string[] {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  if (path === '/feed') {
    const { tab, sort } = readFeedPrefs();
    const source = { kind: 'feed', tab, sort } as const;
    return [buildUrl('/me'), buildUrl(sourcePath(source), postsPageQuery(source, null))];
  }
  return [];
}

/** Starts the early GETs of the page at `pathname`. */
export function preloadRouteData(pathname: string): void {
  for (const url of routeDataUrls(pathname)) startEarlyGet(url);
}
