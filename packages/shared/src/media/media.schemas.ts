/**
 * The media library (spec §2 Media, §3 Media, §4 episode playback): series of episodes (video),
 * manga (volumes → issues → pages) and sequences (issues → pages), their playback sessions,
 * watch and read progress. Wire shapes only: ISO date strings, string ids, seconds as numbers.
 */
import { z } from 'zod';
import { safeText } from '../common/text';
import { LIMITS } from '../common/limits';
import { pageOf, PageQuerySchema } from '../common/page.schemas';

export const MEDIA_KINDS = ['video', 'manga', 'sequence'] as const;
export const MediaKindSchema = z.enum(MEDIA_KINDS);
export type MediaKind = z.infer<typeof MediaKindSchema>;

export const READING_DIRECTIONS = ['ltr', 'rtl'] as const;
export const ReadingDirectionSchema = z.enum(READING_DIRECTIONS);
export type ReadingDirection = z.infer<typeof ReadingDirectionSchema>;

export const READER_MODES = ['single', 'double', 'vertical'] as const;
export const ReaderModeSchema = z.enum(READER_MODES);
export type ReaderMode = z.infer<typeof ReaderModeSchema>;

/** The rules of playback and reading; the server enforces them, the web shows them. */
export const MEDIA_RULES = {
  /** Episodes, volumes or issues on one media page (spec §3 media pages). */
  mediaPageSize: 12,
  /** The player sends a heartbeat about this often while playing (and one on close). */
  heartbeatIntervalMs: 5000,
  /** At most this much server time between two heartbeats counts as playback (a gap beyond is a pause). */
  heartbeatMaxCreditMs: 7500,
  /** A view counts after this much real playback… */
  viewThresholdMs: 10_000,
  /** …or, for a clip shorter than twice that, after more than half its duration. */
  shortClipFraction: 0.5,
  /** At most one view per user per episode in this window. */
  viewWindowMs: 60 * 60 * 1000,
  /** Past this fraction of its duration an episode counts as watched. */
  watchedFraction: 0.9,
  /** Playback resumes where it stopped unless that is within this many seconds of the end. */
  resumeTailSeconds: 5,
  /** Reader preloading: pages ahead and behind the current one. */
  preloadAhead: 4,
  preloadBehind: 1,
  /** Within this many pages of the end, the reader preloads the next issue's first pages. */
  preloadNextWithinLast: 3,
  preloadNextPages: 2,
  keywordsMax: 20,
  keywordMax: 60,
  titleMax: 200,
  aboutMax: 5000,
  authorMax: 120,
} as const;

/** Which progress a user has in an episode: seconds in and whether they watched it. */
export const WatchProgressSchema = z.object({
  positionSeconds: z.number().nonnegative(),
  watched: z.boolean(),
  updatedAt: z.string(),
});
export type WatchProgress = z.infer<typeof WatchProgressSchema>;

/** The page a user reached in an issue (1-based) and whether they finished it. */
export const ReadProgressSchema = z.object({
  page: z.number().int().min(1),
  finished: z.boolean(),
  updatedAt: z.string(),
});
export type ReadProgress = z.infer<typeof ReadProgressSchema>;

/** One entry of the alphabetical list and of search results. */
export const MediaSummarySchema = z.object({
  id: z.string(),
  kind: MediaKindSchema,
  title: z.string(),
  author: z.string(),
  /** Cover picture (web-sized), or null. */
  coverUrl: z.string().nullable(),
  nsfw: z.boolean(),
  episodeCount: z.number().int(),
  volumeCount: z.number().int(),
  issueCount: z.number().int(),
  likeCount: z.number().int(),
  viewCount: z.number().int(),
  commentCount: z.number().int(),
});
export type MediaSummary = z.infer<typeof MediaSummarySchema>;

export const MediaListPageSchema = pageOf(MediaSummarySchema);
export type MediaListPage = z.infer<typeof MediaListPageSchema>;

/**
 * `GET /api/media?q=`: a case-insensitive substring of the title or of a keyword (`%`, `_`, `\`
 * match themselves), alphabetical by title, keyset pages. Blank lists every entry.
 */
export const SearchMediaQuerySchema = z.object({
  q: safeText()
    .trim()
    .normalize('NFC')
    .max(LIMITS.searchQueryMax, `Search text must be at most ${LIMITS.searchQueryMax} characters.`)
    .default(''),
  cursor: safeText().max(1000).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
});
export type SearchMediaQuery = z.infer<typeof SearchMediaQuerySchema>;

/** Where "Play" / "Read" / "Continue" on a landing goes: the next unwatched episode or unread issue. */
export const MediaNextUpSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('episode'),
    episodeId: z.string(),
    number: z.number().int(),
    title: z.string(),
    /** Seconds to resume at (0 to start). */
    positionSeconds: z.number().nonnegative(),
    durationSeconds: z.number().nullable(),
    /** True when the user has started the series (the button says Continue). */
    started: z.boolean(),
  }),
  z.object({
    type: z.literal('issue'),
    issueId: z.string(),
    number: z.number().int(),
    title: z.string(),
    /** The page to open (1 to start). */
    page: z.number().int().min(1),
    pageCount: z.number().int(),
    started: z.boolean(),
  }),
]);
export type MediaNextUp = z.infer<typeof MediaNextUpSchema>;

/** `GET /api/media/:mediaId`: the landing (spec §2 Media landing). */
export const MediaSchema = MediaSummarySchema.extend({
  about: z.string(),
  bannerUrl: z.string().nullable(),
  /** Spec "Lanugage"; free text such as 'Japanese', or null. */
  language: z.string().nullable(),
  keywords: z.array(z.string()),
  /** The series' default reading direction (manga: usually 'rtl'). */
  readingDirection: ReadingDirectionSchema,
  likedByMe: z.boolean(),
  /** Media pages (spec §3): how many pages of episodes / volumes / issues there are. */
  pageCount: z.number().int(),
  /** For the signed-in user: what to play or read next; null when there is nothing to open. */
  nextUp: MediaNextUpSchema.nullable(),
  createdAt: z.string(),
  /**
   * The series' own community (issue 12): its composer offers the series as spoiler tag, its
   * page shows the merch shelf. Null when it has none; optional for older clients.
   */
  community: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
});
export type Media = z.infer<typeof MediaSchema>;

export const EpisodeSchema = z.object({
  id: z.string(),
  mediaId: z.string(),
  /** 1-based. */
  number: z.number().int(),
  title: z.string(),
  videoUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  /** The signed-in user's progress, or null if never played. */
  progress: WatchProgressSchema.nullable(),
  createdAt: z.string(),
});
export type Episode = z.infer<typeof EpisodeSchema>;

export const IssueSummarySchema = z.object({
  id: z.string(),
  mediaId: z.string(),
  volumeId: z.string().nullable(),
  number: z.number().int(),
  title: z.string(),
  pageCount: z.number().int(),
  /** First page (web-sized) for a thumbnail, or null without pages. */
  thumbnailUrl: z.string().nullable(),
  progress: ReadProgressSchema.nullable(),
});
export type IssueSummary = z.infer<typeof IssueSummarySchema>;

export const VolumeSchema = z.object({
  id: z.string(),
  mediaId: z.string(),
  number: z.number().int(),
  title: z.string(),
  coverUrl: z.string().nullable(),
  issues: z.array(IssueSummarySchema),
});
export type Volume = z.infer<typeof VolumeSchema>;

/**
 * `GET /api/media-pages/:pageId`: one media page (spec §3). The first page's id is the media
 * id; later pages are `{mediaId}-2`, `{mediaId}-3`… A page holds up to `mediaPageSize` units:
 * episodes (video), volumes with their issues (manga), or issues (sequence); the other lists
 * are empty.
 */
export const MediaPageSchema = z.object({
  /** The page's id as addressed (`{mediaId}` or `{mediaId}-{n}`). */
  id: z.string(),
  mediaId: z.string(),
  kind: MediaKindSchema,
  /** 1-based. */
  page: z.number().int().min(1),
  pageCount: z.number().int(),
  episodes: z.array(EpisodeSchema),
  volumes: z.array(VolumeSchema),
  issues: z.array(IssueSummarySchema),
});
export type MediaPage = z.infer<typeof MediaPageSchema>;

/** `{mediaId}` → 1, `{mediaId}-3` → 3; null when the id has no valid page form. */
export function parseMediaPageId(pageId: string): { mediaId: string; page: number } | null {
  const m =
    /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:-([1-9][0-9]{0,5}))?$/i.exec(
      pageId,
    );
  if (!m) return null;
  const page = m[2] ? Number(m[2]) : 1;
  if (page === 1 && m[2]) return null; // page 1 is addressed by the bare id only
  return { mediaId: m[1]!.toLowerCase(), page };
}

/** The id of media page `page` of `mediaId` (spec §3). */
export function mediaPageId(mediaId: string, page: number): string {
  return page <= 1 ? mediaId : `${mediaId}-${page}`;
}

/** A small reference to a media entry, carried by episodes and issues opened on their own. */
export const MediaRefSchema = z.object({
  id: z.string(),
  kind: MediaKindSchema,
  title: z.string(),
  coverUrl: z.string().nullable(),
});
export type MediaRef = z.infer<typeof MediaRefSchema>;

/** `GET /api/episodes/:episodeId`: what the player needs, with the episodes either side. */
export const EpisodeDetailSchema = EpisodeSchema.extend({
  media: MediaRefSchema,
  previous: EpisodeSchema.pick({ id: true, number: true, title: true }).nullable(),
  next: EpisodeSchema.pick({
    id: true,
    number: true,
    title: true,
    thumbnailUrl: true,
  }).nullable(),
});
export type EpisodeDetail = z.infer<typeof EpisodeDetailSchema>;

/** One card of `/episodes`: the newest episodes across all series. */
export const EpisodeCardSchema = EpisodeSchema.extend({ media: MediaRefSchema });
export type EpisodeCard = z.infer<typeof EpisodeCardSchema>;

export const EpisodeCardPageSchema = pageOf(EpisodeCardSchema);
export type EpisodeCardPage = z.infer<typeof EpisodeCardPageSchema>;

/** `?cursor=&limit=` of `/api/episodes`, newest first. */
export const ListEpisodesQuerySchema = PageQuerySchema;
export type ListEpisodesQuery = z.infer<typeof ListEpisodesQuerySchema>;

/** `GET /api/episodes/continue`: series in progress, most recently watched first, each with the episode to open. */
export const ContinueWatchingSchema = z.object({
  items: z.array(EpisodeCardSchema),
});
export type ContinueWatching = z.infer<typeof ContinueWatchingSchema>;

/** `POST /api/episodes/:episodeId/playback`: opens a playback session (the player opened). */
export const PlaybackSessionSchema = z.object({
  sessionId: z.string(),
  /** Where to resume (seconds); 0 when never played, watched, or near the end. */
  resumeAtSeconds: z.number().nonnegative(),
  heartbeatIntervalMs: z.number().int(),
});
export type PlaybackSession = z.infer<typeof PlaybackSessionSchema>;

/**
 * `POST /api/playback/:sessionId/heartbeat` (JSON) and `POST /api/playback/:sessionId/close`
 * (JSON, or text/plain JSON from `navigator.sendBeacon`).
 */
export const PlaybackHeartbeatInputSchema = z.object({
  /** Where the video is now, in seconds. */
  positionSeconds: z.number().nonnegative().max(86_400),
  /** Whether it was playing since the previous heartbeat (paused time never counts). */
  playing: z.boolean(),
  /** The video's duration as the browser knows it (seconds), when known. */
  durationSeconds: z.number().positive().max(86_400).optional(),
});
export type PlaybackHeartbeatInput = z.infer<typeof PlaybackHeartbeatInputSchema>;

export const PlaybackStateSchema = z.object({
  /** Whether this session has counted its view (now or before). */
  viewCounted: z.boolean(),
  /** The media entry's view count after this heartbeat. */
  viewCount: z.number().int(),
  progress: WatchProgressSchema,
});
export type PlaybackState = z.infer<typeof PlaybackStateSchema>;

/** One page of an issue for the reader, in order. */
export const ReaderPageSchema = z.object({
  id: z.string(),
  /** 1-based. */
  number: z.number().int().min(1),
  /** Web-sized WebP. */
  url: z.string(),
  /** Stored at upload, so the reader reserves the page's box before it loads. */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type ReaderPage = z.infer<typeof ReaderPageSchema>;

/** The reader settings a user keeps per series (direction defaults to the series'). */
export const ReaderPrefsSchema = z.object({
  direction: ReadingDirectionSchema,
  mode: ReaderModeSchema,
  /** Double-page mode: the first page stands alone. */
  coverAlone: z.boolean(),
});
export type ReaderPrefs = z.infer<typeof ReaderPrefsSchema>;

export const UpdateReaderPrefsInputSchema = ReaderPrefsSchema.partial();
export type UpdateReaderPrefsInput = z.infer<typeof UpdateReaderPrefsInputSchema>;

/** `GET /api/issues/:issueId`: the reader's whole issue. */
export const IssueDetailSchema = IssueSummarySchema.extend({
  media: MediaRefSchema,
  volume: z.object({ id: z.string(), number: z.number().int(), title: z.string() }).nullable(),
  pages: z.array(ReaderPageSchema),
  previous: z.object({ id: z.string(), number: z.number().int(), title: z.string() }).nullable(),
  /** The next issue with its first pages (preloaded near the end). */
  next: z
    .object({
      id: z.string(),
      number: z.number().int(),
      title: z.string(),
      firstPages: z.array(ReaderPageSchema),
    })
    .nullable(),
  prefs: ReaderPrefsSchema,
});
export type IssueDetail = z.infer<typeof IssueDetailSchema>;

/** `PUT /api/issues/:issueId/progress`: reaching the last page marks the issue finished. */
export const UpdateReadProgressInputSchema = z.object({
  page: z.number().int().min(1).max(100_000),
});
export type UpdateReadProgressInput = z.infer<typeof UpdateReadProgressInputSchema>;

// ---- administration (admins only; the screens come with the administration work)

const mediaTitle = safeText()
  .trim()
  .normalize('NFC')
  .min(1, 'Please enter a title.')
  .max(MEDIA_RULES.titleMax, `Title must be at most ${MEDIA_RULES.titleMax} characters.`);
const mediaKeyword = safeText()
  .trim()
  .normalize('NFC')
  .min(1, 'A keyword cannot be empty.')
  .max(MEDIA_RULES.keywordMax, `A keyword must be at most ${MEDIA_RULES.keywordMax} characters.`);

export const CreateMediaInputSchema = z.object({
  kind: MediaKindSchema,
  title: mediaTitle,
  about: safeText()
    .trim()
    .max(MEDIA_RULES.aboutMax, `About must be at most ${MEDIA_RULES.aboutMax} characters.`)
    .default(''),
  author: safeText()
    .trim()
    .max(MEDIA_RULES.authorMax, `Author must be at most ${MEDIA_RULES.authorMax} characters.`)
    .default(''),
  language: safeText().trim().max(60).nullable().default(null),
  nsfw: z.boolean().default(false),
  keywords: z
    .array(mediaKeyword)
    .max(MEDIA_RULES.keywordsMax, `At most ${MEDIA_RULES.keywordsMax} keywords.`)
    .default([]),
  readingDirection: ReadingDirectionSchema.optional(),
});
export type CreateMediaInput = z.input<typeof CreateMediaInputSchema>;

/** Only the fields given change; the kind never does. */
export const UpdateMediaInputSchema = CreateMediaInputSchema.omit({ kind: true })
  .extend({
    about: CreateMediaInputSchema.shape.about.unwrap(),
    author: CreateMediaInputSchema.shape.author.unwrap(),
    language: safeText().trim().max(60).nullable(),
    nsfw: z.boolean(),
    keywords: CreateMediaInputSchema.shape.keywords.unwrap(),
    readingDirection: ReadingDirectionSchema,
    /** The series' own community (issue 12), or null for none; one community per series. */
    communityId: z.string().uuid('Please choose a community.').nullable(),
  })
  .partial();
export type UpdateMediaInput = z.infer<typeof UpdateMediaInputSchema>;

const unitTitle = safeText()
  .trim()
  .max(MEDIA_RULES.titleMax, `Title must be at most ${MEDIA_RULES.titleMax} characters.`);

/** Create an episode, volume or issue; `number` defaults to the next free one. */
export const CreateEpisodeInputSchema = z.object({
  number: z.number().int().min(1).max(100_000).optional(),
  title: unitTitle.default(''),
});
export type CreateEpisodeInput = z.input<typeof CreateEpisodeInputSchema>;
export const UpdateEpisodeInputSchema = z
  .object({ number: z.number().int().min(1).max(100_000), title: unitTitle })
  .partial();
export type UpdateEpisodeInput = z.infer<typeof UpdateEpisodeInputSchema>;

export const CreateVolumeInputSchema = CreateEpisodeInputSchema;
export type CreateVolumeInput = z.input<typeof CreateVolumeInputSchema>;
export const UpdateVolumeInputSchema = UpdateEpisodeInputSchema;
export type UpdateVolumeInput = z.infer<typeof UpdateVolumeInputSchema>;

/** An issue of a manga names its volume; an issue of a sequence has none. */
export const CreateIssueInputSchema = CreateEpisodeInputSchema.extend({
  volumeId: z.string().uuid().nullable().default(null),
});
export type CreateIssueInput = z.input<typeof CreateIssueInputSchema>;
export const UpdateIssueInputSchema = UpdateEpisodeInputSchema;
export type UpdateIssueInput = z.infer<typeof UpdateIssueInputSchema>;

/** The issue's pages in their new order: every page id of the issue, each once. */
export const ReorderPagesInputSchema = z.object({
  pageIds: z.array(z.string().uuid()).min(1).max(2000),
});
export type ReorderPagesInput = z.infer<typeof ReorderPagesInputSchema>;

export const AdminPagesSchema = z.object({ items: z.array(ReaderPageSchema) });
export type AdminPages = z.infer<typeof AdminPagesSchema>;
