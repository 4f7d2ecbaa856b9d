/** Query keys of the media domain, one factory so invalidations cannot drift from the queries. */
export const mediaKeys = {
  all: ['media'] as const,
  lists: () => [...mediaKeys.all, 'list'] as const,
  /** `GET /media?q=` (infinite pages), by the trimmed text. */
  list: (q: string) => [...mediaKeys.lists(), q] as const,
  details: () => [...mediaKeys.all, 'detail'] as const,
  /** `GET /media/:id` (the landing). */
  detail: (mediaId: string) => [...mediaKeys.details(), mediaId] as const,
  /** The like / unlike mutations (several may be on their way for one entry). */
  likeMutation: () => [...mediaKeys.all, 'like'] as const,
  pages: () => [...mediaKeys.all, 'page'] as const,
  /** `GET /media-pages/:pageId` (`{mediaId}` or `{mediaId}-{n}`). */
  page: (pageId: string) => [...mediaKeys.pages(), pageId] as const,
  episodes: () => [...mediaKeys.all, 'episodes'] as const,
  /** `GET /episodes` (infinite pages, newest first). */
  newestEpisodes: () => [...mediaKeys.episodes(), 'newest'] as const,
  /** `GET /episodes/continue`. */
  continueWatching: () => [...mediaKeys.episodes(), 'continue'] as const,
  /** `GET /episodes/:id` (the player). */
  episode: (episodeId: string) => [...mediaKeys.episodes(), 'detail', episodeId] as const,
  issues: () => [...mediaKeys.all, 'issues'] as const,
  /** `GET /issues/:id` (the reader). */
  issue: (issueId: string) => [...mediaKeys.issues(), issueId] as const,
};
