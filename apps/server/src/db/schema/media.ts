/** The media library (spec §3): series of episodes, manga in volumes/issues/pages, sequences. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { counterColumn, createdAtColumn, idColumn } from './columns';

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
    /** = count(media_likes). */
    likeCount: counterColumn('like_count'),
    /** = count(media_views). */
    viewCount: counterColumn('view_count'),
    /** = count(comments) on the media entry. */
    commentCount: counterColumn('comment_count'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('media_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('media_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('media_kind_created_idx').on(
      t.kind,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    check('media_kind_valid', sql`${t.kind} in ('video', 'manga', 'sequence')`),
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
  },
  (t) => [uniqueIndex('media_episodes_media_number_idx').on(t.mediaId, t.number)],
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
  ],
);
