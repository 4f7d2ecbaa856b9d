/**
 * Comments pinned to a moment (issue 12, docs/moments.md): a media comment about one episode,
 * optionally at a time in it, or about one issue (chapter) of a manga or sequence, optionally on
 * a page. The player shows markers and the passed moments, the reader a count beside each page,
 * the end of an episode or volume "Discuss ep 5 (42)".
 */
import { z } from 'zod';
import { LIMITS } from '../common/limits';
import { PageQuerySchema } from '../common/page.schemas';

/** The longest moment accepted (the same bound as the player's positions). */
export const MOMENT_MAX_SECONDS = 86_400;

/**
 * `pin` of a new media comment: an episode of that series (and a time in it, seconds from the
 * start, within its duration), or an issue of it (and a page of it, 1-based).
 */
export const CommentPinInputSchema = z.union([
  z
    .object({
      episodeId: z.string().uuid(),
      atSeconds: z.number().nonnegative().max(MOMENT_MAX_SECONDS).optional(),
    })
    .strict(),
  z
    .object({
      issueId: z.string().uuid(),
      page: z.number().int().min(1).max(100_000).optional(),
    })
    .strict(),
]);
export type CommentPinInput = z.infer<typeof CommentPinInputSchema>;

/**
 * Where a comment is pinned, as the viewer sees it. `covered`: the viewer has not reached the
 * moment (not watched the episode, saved position before it; not finished the issue, page
 * before it), so the comment's body is not sent; the time or page still is (markers).
 */
export const CommentPinSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('episode'),
    episodeId: z.string(),
    episodeNumber: z.number().int(),
    /** Seconds from the start, or null for a comment about the whole episode. */
    atSeconds: z.number().nullable(),
    covered: z.boolean(),
  }),
  z.object({
    kind: z.literal('issue'),
    issueId: z.string(),
    issueNumber: z.number().int(),
    volumeNumber: z.number().int().nullable(),
    /** 1-based page, or null for a comment about the whole issue. */
    page: z.number().int().nullable(),
    covered: z.boolean(),
  }),
]);
export type CommentPin = z.infer<typeof CommentPinSchema>;

/** One marker on the player's timeline: the comments pinned within that whole second. */
export const MomentMarkerSchema = z.object({
  /** Whole seconds from the start. */
  atSeconds: z.number().int().nonnegative(),
  count: z.number().int().positive(),
});
export type MomentMarker = z.infer<typeof MomentMarkerSchema>;

/** `GET /api/episodes/:episodeId/moments`: the timeline's markers and the "Discuss" count. */
export const EpisodeMomentsSchema = z.object({
  episodeId: z.string(),
  mediaId: z.string(),
  episodeNumber: z.number().int(),
  /** Comments about the episode (pinned to a moment or not), tombstones left out. */
  commentCount: z.number().int(),
  /** In timeline order; covered moments included (a time, no text). */
  markers: z.array(MomentMarkerSchema),
});
export type EpisodeMoments = z.infer<typeof EpisodeMomentsSchema>;

/** The comments on one page of an issue. */
export const PageCommentCountSchema = z.object({
  page: z.number().int().min(1),
  count: z.number().int().positive(),
});
export type PageCommentCount = z.infer<typeof PageCommentCountSchema>;

/** `GET /api/issues/:issueId/moments`: counts per page for the reader and the "Discuss" counts. */
export const IssueMomentsSchema = z.object({
  issueId: z.string(),
  mediaId: z.string(),
  issueNumber: z.number().int(),
  /** The issue's volume (manga), or null (sequence). */
  volume: z
    .object({
      id: z.string(),
      number: z.number().int(),
      /** Comments about any issue of the volume. */
      commentCount: z.number().int(),
      /** Whether this issue is the volume's last (its end offers "Discuss vol n"). */
      lastIssue: z.boolean(),
    })
    .nullable(),
  /** Comments about this issue (on a page or not), tombstones left out. */
  commentCount: z.number().int(),
  /** Pages with comments, in page order. */
  pages: z.array(PageCommentCountSchema),
});
export type IssueMoments = z.infer<typeof IssueMomentsSchema>;

/**
 * `?until=&cursor=&limit=` of an episode's pinned comments (timeline order). `until`: the
 * player's playback time, seconds; moments at or before it are shown to the viewer (they have
 * seen that far), as are comments about the whole episode once `until` passes its watched mark.
 */
export const ListEpisodeCommentsQuerySchema = PageQuerySchema.extend({
  until: z.coerce.number().nonnegative().max(MOMENT_MAX_SECONDS).optional(),
});
export type ListEpisodeCommentsQuery = z.infer<typeof ListEpisodeCommentsQuerySchema>;

/**
 * `?page=&until=&cursor=&limit=` of an issue's comments (page order): `page` keeps one page's;
 * `until` is the page the reader shows (pages up to it are shown to the viewer).
 */
export const ListIssueCommentsQuerySchema = PageQuerySchema.extend({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  until: z.coerce.number().int().min(1).max(100_000).optional(),
});
export type ListIssueCommentsQuery = z.infer<typeof ListIssueCommentsQuerySchema>;

/** `?cursor=&limit=` of a volume's comments (issue, then page order). */
export const ListVolumeCommentsQuerySchema = PageQuerySchema;
export type ListVolumeCommentsQuery = z.infer<typeof ListVolumeCommentsQuerySchema>;

/** How many comments the player asks for at once (its list shows the passed ones). */
export const MOMENT_PAGE_SIZE = Math.min(50, LIMITS.pageSizeMax);
