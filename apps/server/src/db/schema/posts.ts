/** Posts (spec §3), their images and likes. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { counterColumn, createdAtColumn, idColumn, tstz, updatedAtColumn } from './columns';
import { communities } from './communities';
import { media } from './media';

export const posts = pgTable(
  'posts',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    communityId: uuid('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    /** 0 text, 1 image, 2 video, 4 gif, 5 url (POST_TYPES in packages/shared). */
    type: smallint('type').notNull(),
    title: varchar('title', { length: 1000 }).notNull(),
    body: text('body').notNull().default(''),
    nsfw: boolean('nsfw').notNull().default(false),
    spoiler: boolean('spoiler').notNull().default(false),
    /**
     * Spoiler shield (issue 12): the series and point (episode, volume or chapter number) the
     * post spoils. All three set or none (CHECK); viewers whose media_progress has not reached
     * the point get the post covered by the server (docs/spoiler-shield.md).
     */
    spoilerMediaId: uuid('spoiler_media_id').references(() => media.id, { onDelete: 'set null' }),
    spoilerUnit: text('spoiler_unit', { enum: ['episode', 'volume', 'chapter'] }),
    spoilerNumber: integer('spoiler_number'),
    /** Type 5: the link, its fetched title and preview image (storage key). */
    url: text('url'),
    urlTitle: text('url_title'),
    urlImageKey: text('url_image_key'),
    /** Type 5: the page's og:site_name. */
    urlSiteName: text('url_site_name'),
    /** Type 2: storage keys of the video and its thumbnail, and the video's size in px. */
    videoKey: text('video_key'),
    thumbnailKey: text('thumbnail_key'),
    videoWidth: integer('video_width'),
    videoHeight: integer('video_height'),
    /** = count(post_likes). */
    likeCount: counterColumn('like_count'),
    /** = count(comments) on the post, tombstones included (they stay visible). */
    commentCount: counterColumn('comment_count'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    /** Soft delete; null = visible. */
    deletedAt: tstz('deleted_at'),
  },
  (t) => [
    // Keyset pages: ORDER BY created_at DESC, id DESC needs DESC NULLS FIRST in the index
    // (Drizzle's bare .desc() is NULLS LAST, which that ORDER BY cannot use; DESIGN.md).
    // Covering (migration 0011): the following feed of someone who follows many sources walks
    // this index (and posts_likes_idx) and keeps the rows of followed sources, index-only.
    index('posts_created_idx').on(
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.deletedAt,
      t.communityId,
      t.userId,
      t.likeCount,
    ),
    // The per-source ranges (a community's or an author's page, and each followed source of
    // the following feed) are covering: after the sort keys they carry deleted_at, the other
    // source column and like_count, so the feed reads them as Index Only Scans (the filter
    // `deleted_at is null` and the block check on user_id are answered from the index) and
    // touches the heap only for the page's rows. Not partial: these indexes also serve the
    // foreign keys' cascades (`delete from posts where user_id = …`), which a
    // `where deleted_at is null` index could not. Migration 0010.
    index('posts_community_created_idx').on(
      t.communityId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.deletedAt,
      t.userId,
      t.likeCount,
    ),
    index('posts_user_created_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.deletedAt,
      t.likeCount,
    ),
    index('posts_likes_idx').on(
      t.likeCount.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.deletedAt,
      t.communityId,
      t.userId,
    ),
    // "Top" pages of one community or one author, and the per-source ranges of the
    // following feed sorted by likes (docs/posts-and-feed.md); covering like the above.
    index('posts_community_likes_idx').on(
      t.communityId,
      t.likeCount.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.deletedAt,
      t.userId,
    ),
    index('posts_user_likes_idx').on(
      t.userId,
      t.likeCount.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.deletedAt,
    ),
    check(
      'posts_spoiler_tag_whole',
      sql`(${t.spoilerMediaId} is null) = (${t.spoilerUnit} is null) and (${t.spoilerUnit} is null) = (${t.spoilerNumber} is null)`,
    ),
    check('posts_spoiler_unit_valid', sql`${t.spoilerUnit} in ('episode', 'volume', 'chapter')`),
    check('posts_spoiler_number_positive', sql`${t.spoilerNumber} >= 1`),
    check('posts_type_valid', sql`${t.type} in (0, 1, 2, 4, 5)`),
    check('posts_title_length', sql`char_length(${t.title}) >= 1`),
    check('posts_like_count_nonneg', sql`${t.likeCount} >= 0`),
    check('posts_comment_count_nonneg', sql`${t.commentCount} >= 0`),
  ],
);

/** One stored file of an image: its storage key, real px width and content type. */
export interface ImageVariantRef {
  key: string;
  width: number;
  type: 'image/webp' | 'image/avif';
}

/** Up to five images per post, in order (position 0..4). */
export const postImages = pgTable(
  'post_images',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    /** Storage key of the 640 px WebP variant, e.g. `post-images/{uid}/…-640.webp`. */
    key: text('key').notNull(),
    /** The 1280 px variant for the modal; null when the image is at most 640 px wide. */
    largeKey: text('large_key'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Average colour shown while loading, `#rrggbb`. */
    placeholder: varchar('placeholder', { length: 7 }),
    /**
     * Every stored file of the image (WebP and AVIF, each with its real px width), from the
     * upload; null on rows from before migration 0012, which have only `key` and `largeKey`.
     */
    variants: jsonb('variants').$type<ImageVariantRef[]>(),
  },
  (t) => [
    primaryKey({ name: 'post_images_pk', columns: [t.postId, t.position] }),
    check('post_images_position_range', sql`${t.position} between 0 and 4`),
    check('post_images_size_positive', sql`${t.width} > 0 and ${t.height} > 0`),
    check('post_images_placeholder_hex', sql`${t.placeholder} ~ '^#[0-9a-fA-F]{6}$'`),
  ],
);

export const postLikes = pgTable(
  'post_likes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ name: 'post_likes_pk', columns: [t.userId, t.postId] }),
    index('post_likes_post_idx').on(t.postId),
  ],
);

/** Cache of link previews fetched by the server (SSRF-guarded), keyed by a hash of the URL. */
export const linkPreviews = pgTable('link_previews', {
  /** sha256 hex of the normalised URL. */
  urlHash: text('url_hash').primaryKey(),
  url: text('url').notNull(),
  title: text('title'),
  description: text('description'),
  siteName: text('site_name'),
  imageKey: text('image_key'),
  /** 'ok' | 'failed' | 'blocked' (a failure is cached too, so it is not refetched at once). */
  status: text('status').notNull().default('ok'),
  fetchedAt: tstz('fetched_at').notNull().defaultNow(),
});
