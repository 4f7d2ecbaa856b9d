/** The media library (spec §3): series of episodes, manga in volumes/issues/pages, sequences. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { counterColumn, createdAtColumn, idColumn, tstz } from './columns';
import { communities } from './communities';

export const media = pgTable(
  'media',
  {
    id: idColumn(),
    /** 'video' (episodes) | 'manga' (volumes → issues → pages) | 'sequence' (issues → pages). */
    kind: text('kind', { enum: ['video', 'manga', 'sequence'] }).notNull(),
    title: text('title').notNull(),
    about: text('about').notNull().default(''),
    author: text('author').notNull().default(''),
    bannerKey: text('banner_key'),
    imageKey: text('image_key'),
    language: text('language'),
    nsfw: boolean('nsfw').notNull().default(false),
    /** Media keywords (spec §3): searched with the title. */
    keywords: text('keywords')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The reader's default direction for this series ('rtl' for most manga); a user may change theirs. */
    readingDirection: text('reading_direction', { enum: ['ltr', 'rtl'] })
      .notNull()
      .default('ltr'),
    /**
     * Title and keywords, one per line: what the substring search reads (trigram index).
     * `otakura_join_lines` is an IMMUTABLE wrapper of array_to_string (migration 0006).
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`title || chr(10) || otakura_join_lines(keywords)`),
    /** The series' own community (issue 12): its composer offers the series as spoiler tag, it shows the merch shelf. */
    communityId: uuid('community_id').references(() => communities.id, { onDelete: 'set null' }),
    /** = count(media_likes). */
    likeCount: counterColumn('like_count'),
    /** = count(media_views). */
    viewCount: counterColumn('view_count'),
    /** = count(comments) on the media entry. */
    commentCount: counterColumn('comment_count'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('media_community_idx').on(t.communityId),
    index('media_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The alphabetical list reads this index in order (as communities_name_lower_idx).
    index('media_title_lower_idx').on(sql`lower(${t.title}) collate "C"`, t.id),
    index('media_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('media_kind_created_idx').on(
      t.kind,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    check('media_kind_valid', sql`${t.kind} in ('video', 'manga', 'sequence')`),
    check('media_reading_direction_valid', sql`${t.readingDirection} in ('ltr', 'rtl')`),
    check('media_like_count_nonneg', sql`${t.likeCount} >= 0`),
    check('media_view_count_nonneg', sql`${t.viewCount} >= 0`),
    check('media_comment_count_nonneg', sql`${t.commentCount} >= 0`),
  ],
);

export const mediaEpisodes = pgTable(
  'media_episodes',
  {
    id: idColumn(),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    /** 1-based episode number. */
    number: integer('number').notNull(),
    title: text('title').notNull().default(''),
    videoKey: text('video_key'),
    thumbnailKey: text('thumbnail_key'),
    durationSeconds: integer('duration_seconds'),
    /** When the episode was added: the order of /episodes (newest first). */
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('media_episodes_media_number_idx').on(t.mediaId, t.number),
    index('media_episodes_created_idx').on(
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

export const mediaVolumes = pgTable(
  'media_volumes',
  {
    id: idColumn(),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    title: text('title').notNull().default(''),
    coverKey: text('cover_key'),
  },
  (t) => [uniqueIndex('media_volumes_media_number_idx').on(t.mediaId, t.number)],
);

/** An issue/chapter: of a volume (manga) or directly of the media entry (sequence). */
export const mediaIssues = pgTable(
  'media_issues',
  {
    id: idColumn(),
    /** Always set, also for issues inside a volume, so one index lists a media entry's issues. */
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    volumeId: uuid('volume_id').references(() => mediaVolumes.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    title: text('title').notNull().default(''),
  },
  (t) => [
    index('media_issues_media_idx').on(t.mediaId, t.volumeId, t.number),
    index('media_issues_volume_idx').on(t.volumeId, t.number),
  ],
);

export const mediaPages = pgTable(
  'media_pages',
  {
    id: idColumn(),
    issueId: uuid('issue_id')
      .notNull()
      .references(() => mediaIssues.id, { onDelete: 'cascade' }),
    /** 1-based. */
    pageNumber: integer('page_number').notNull(),
    imageKey: text('image_key').notNull(),
    width: integer('width'),
    height: integer('height'),
  },
  (t) => [uniqueIndex('media_pages_issue_page_idx').on(t.issueId, t.pageNumber)],
);

export const mediaLikes = pgTable(
  'media_likes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ name: 'media_likes_pk', columns: [t.userId, t.mediaId] }),
    index('media_likes_media_idx').on(t.mediaId),
  ],
);

/** One row per view (spec §4: closing the player counts a view); media.view_count mirrors them. */
export const mediaViews = pgTable(
  'media_views',
  {
    id: idColumn(),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    episodeId: uuid('episode_id').references(() => mediaEpisodes.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('media_views_media_idx').on(t.mediaId, t.createdAt),
    index('media_views_user_idx').on(t.userId),
    // The once-per-user-per-episode-per-hour rule looks up the user's latest view of an episode.
    index('media_views_user_episode_idx').on(t.userId, t.episodeId, t.createdAt),
  ],
);

/**
 * One opening of the player on an episode. Heartbeats add the server-measured time between
 * them (capped) to `watchedMs` while the client says it is playing; the session counts one
 * view once `watchedMs` passes the threshold (docs/media.md). Closing ends the session.
 */
export const mediaPlaybackSessions = pgTable(
  'media_playback_sessions',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    episodeId: uuid('episode_id')
      .notNull()
      .references(() => mediaEpisodes.id, { onDelete: 'cascade' }),
    startedAt: createdAtColumn(),
    /** The last heartbeat the server accepted (server clock). */
    lastBeatAt: tstz('last_beat_at').notNull().defaultNow(),
    /** Playback time measured on the server, in milliseconds. */
    watchedMs: integer('watched_ms').notNull().default(0),
    /** When this session counted its view (at most once). */
    countedAt: tstz('counted_at'),
    closedAt: tstz('closed_at'),
  },
  (t) => [
    index('media_playback_sessions_user_idx').on(t.userId, t.startedAt),
    check('media_playback_sessions_watched_nonneg', sql`${t.watchedMs} >= 0`),
  ],
);

/** Where a user is in an episode (resume) and whether they watched it (past 90 %). */
export const mediaWatchProgress = pgTable(
  'media_watch_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    episodeId: uuid('episode_id')
      .notNull()
      .references(() => mediaEpisodes.id, { onDelete: 'cascade' }),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    /** Seconds into the video. */
    positionSeconds: real('position_seconds').notNull().default(0),
    watched: boolean('watched').notNull().default(false),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'media_watch_progress_pk', columns: [t.userId, t.episodeId] }),
    index('media_watch_progress_user_idx').on(t.userId, t.updatedAt.desc().nullsFirst()),
    index('media_watch_progress_user_media_idx').on(t.userId, t.mediaId),
    check('media_watch_progress_position_nonneg', sql`${t.positionSeconds} >= 0`),
  ],
);

/** The page a user reached in a volume's issue or a sequence's issue, and whether they finished it. */
export const mediaReadProgress = pgTable(
  'media_read_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issueId: uuid('issue_id')
      .notNull()
      .references(() => mediaIssues.id, { onDelete: 'cascade' }),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    /** 1-based page number. */
    page: integer('page').notNull().default(1),
    finished: boolean('finished').notNull().default(false),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'media_read_progress_pk', columns: [t.userId, t.issueId] }),
    index('media_read_progress_user_media_idx').on(t.userId, t.mediaId),
    check('media_read_progress_page_positive', sql`${t.page} >= 1`),
  ],
);

/** A user's reader settings for one series (direction and mode), remembered across devices. */
export const mediaReaderPrefs = pgTable(
  'media_reader_prefs',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    direction: text('direction', { enum: ['ltr', 'rtl'] }).notNull(),
    mode: text('mode', { enum: ['single', 'double', 'vertical'] }).notNull(),
    /** Double-page mode: the first page stands alone (a cover). */
    coverAlone: boolean('cover_alone').notNull().default(true),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'media_reader_prefs_pk', columns: [t.userId, t.mediaId] }),
    check('media_reader_prefs_direction_valid', sql`${t.direction} in ('ltr', 'rtl')`),
    check('media_reader_prefs_mode_valid', sql`${t.mode} in ('single', 'double', 'vertical')`),
  ],
);

/**
 * How far a user is in a series (issue 12), kept by the watch and read progress writes in the
 * same transaction, only ever raised (GREATEST): the spoiler shield compares a tag with it.
 * `episode`: highest episode number watched (past 90 %); `chapter`: highest issue number
 * finished; `volume`: highest volume number whose last issue was finished. 0 = none.
 */
export const mediaProgress = pgTable(
  'media_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    episode: integer('episode').notNull().default(0),
    volume: integer('volume').notNull().default(0),
    chapter: integer('chapter').notNull().default(0),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'media_progress_pk', columns: [t.userId, t.mediaId] }),
    check(
      'media_progress_nonneg',
      sql`${t.episode} >= 0 and ${t.volume} >= 0 and ${t.chapter} >= 0`,
    ),
  ],
);
