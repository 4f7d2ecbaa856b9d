/**
 * Query keys of comments pinned to a moment (docs/moments.md), under the media domain's root so a
 * live comment event can refresh every one of a series at once.
 */
export const momentKeys = {
  all: ['media', 'moments'] as const,
  /** Everything of one series (a live comment event on `media:{id}` refreshes it). */
  ofMedia: (mediaId: string) => [...momentKeys.all, mediaId] as const,
  /** `GET /episodes/:id/moments`: the timeline's markers and the Discuss count. */
  episode: (mediaId: string, episodeId: string) =>
    [...momentKeys.ofMedia(mediaId), 'episode', episodeId] as const,
  /** `GET /episodes/:id/comments?until=`: timeline order. */
  episodeComments: (mediaId: string, episodeId: string, until: number | undefined) =>
    [...momentKeys.ofMedia(mediaId), 'episode-comments', episodeId, until ?? null] as const,
  /** `GET /issues/:id/moments`: counts per page and the Discuss counts. */
  issue: (mediaId: string, issueId: string) =>
    [...momentKeys.ofMedia(mediaId), 'issue', issueId] as const,
  /** `GET /issues/:id/comments?page=&until=`. */
  issueComments: (mediaId: string, issueId: string, page: number | null, until: number | null) =>
    [...momentKeys.ofMedia(mediaId), 'issue-comments', issueId, page, until] as const,
  /** `GET /volumes/:id/comments`. */
  volumeComments: (mediaId: string, volumeId: string) =>
    [...momentKeys.ofMedia(mediaId), 'volume-comments', volumeId] as const,
};
