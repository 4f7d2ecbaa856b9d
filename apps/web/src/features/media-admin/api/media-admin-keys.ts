/**
 * Query keys of the media administration. They live under `['media', …]` so that one
 * invalidation of `['media']` after an edit also refreshes the public landing, lists and reader.
 */
export const mediaAdminKeys = {
  /** Everything the media screens cache (public and administration). */
  media: ['media'] as const,
  all: ['media', 'admin'] as const,
  /** `GET /media?q=` for the administration list (infinite pages). */
  list: (q: string) => [...mediaAdminKeys.all, 'list', q] as const,
  /** `GET /media/:id` for the editor. */
  entry: (mediaId: string) => [...mediaAdminKeys.all, 'entry', mediaId] as const,
  /** `GET /media-pages/…` of an entry, every page (infinite). */
  units: (mediaId: string) => [...mediaAdminKeys.all, 'units', mediaId] as const,
  /** `GET /issues/:id`: an issue's pages in order. */
  issue: (issueId: string) => [...mediaAdminKeys.all, 'issue', issueId] as const,
};
