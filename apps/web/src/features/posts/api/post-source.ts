import type { ListFeedQuery } from '@otakura/shared';

export type FeedTab = ListFeedQuery['tab'];
export type FeedSort = ListFeedQuery['sort'];

/** Where a stream of posts comes from: the feed (a tab), one community, or one user. */
export type PostSource =
  | { kind: 'feed'; tab: FeedTab; sort: FeedSort }
  | { kind: 'community'; id: string; sort: FeedSort }
  | { kind: 'user'; id: string; sort: FeedSort };

/** The API path of a source's pages. */
export function sourcePath(source: PostSource): string {
  switch (source.kind) {
    case 'feed':
      return '/feed';
    case 'community':
      return `/communities/${encodeURIComponent(source.id)}/posts`;
    case 'user':
      return `/users/${encodeURIComponent(source.id)}/posts`;
  }
}

/** The query of a source's page after `cursor` (null: the first page). */
export function postsPageQuery(
  source: PostSource,
  cursor: string | null,
): Record<string, string | undefined> {
  const query: Record<string, string | undefined> = {
    sort: source.sort,
    cursor: cursor ?? undefined,
  };
  if (source.kind === 'feed') query.tab = source.tab;
  return query;
}
