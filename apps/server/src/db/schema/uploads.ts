/** Files uploaded for posts before the post is written (spec §4: media flow uploads first). */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAtColumn, idColumn } from './columns';
import { posts, type ImageVariantRef } from './posts';

/**
 * One stored file of a user, waiting to be used by one post. `post_id` is null
 * until a post claims it (once: the claim is `... where post_id is null`).
 * The kind is what the server found in the bytes, never the client's claim.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'image' | 'gif' | 'video'. */
    kind: text('kind').notNull(),
    /** Storage key: the 640 px WebP variant of an image or gif, or the video file. */
    key: text('key').notNull(),
    /** The 1280 px WebP variant, when the image is wider than 640 px. */
    largeKey: text('large_key'),
    /** Px of the original after EXIF rotation; null for a video (no decoder on the server). */
    width: integer('width'),
    height: integer('height'),
    /** Average colour `#rrggbb` of an image. */
    placeholder: varchar('placeholder', { length: 7 }),
    /** Every stored file of an image (WebP and AVIF variants); null for a video and for rows before migration 0012. */
    variants: jsonb('variants').$type<ImageVariantRef[]>(),
    /** Bytes received. */
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: createdAtColumn(),
    /** The post that used it; null while unused. */
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('uploads_user_unused_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.postId} is null`),
    index('uploads_post_idx').on(t.postId),
    check('uploads_kind_valid', sql`${t.kind} in ('image', 'gif', 'video')`),
    check('uploads_size_nonneg', sql`${t.size} >= 0`),
  ],
);
