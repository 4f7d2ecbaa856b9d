/** Comments on a post or on a media entry (spec §3) and their likes; reports are in moderation.ts. */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  pgTable,
  primaryKey,
  text,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { counterColumn, createdAtColumn, idColumn, tstz } from './columns';
import { media } from './media';
import { posts } from './posts';

export const comments = pgTable(
  'comments',
  {
    id: idColumn(),
    /** Exactly one of postId / mediaId is set (CHECK). */
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    mediaId: uuid('media_id').references(() => media.id, { onDelete: 'cascade' }),
    /**
     * Author. RESTRICT on purpose: deleting an account must first re-point its comments to
     * SYSTEM_USER_ID (app logic), so a comment never silently disappears or loses its author.
     */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The comment this one answers (spec "Reply"). */
    replyToId: uuid('reply_to_id').references((): AnyPgColumn => comments.id, {
      onDelete: 'set null',
    }),
    /** The user answered (spec "ReplyingUser"). */
    replyingUserId: uuid('replying_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** = count(comment_likes). */
    likeCount: counterColumn('like_count'),
    /** Tombstone: the text became DELETED_COMMENT_TEXT and the author SYSTEM_USER_ID (spec §4). */
    deletedAt: tstz('deleted_at'),
    editedAt: tstz('edited_at'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('comments_post_created_idx').on(t.postId, t.createdAt, t.id),
    index('comments_media_created_idx').on(t.mediaId, t.createdAt, t.id),
    index('comments_reply_to_idx').on(t.replyToId),
    index('comments_user_idx').on(t.userId),
    check('comments_one_target', sql`(${t.postId} is null) <> (${t.mediaId} is null)`),
    check('comments_like_count_nonneg', sql`${t.likeCount} >= 0`),
  ],
);

export const commentLikes = pgTable(
  'comment_likes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ name: 'comment_likes_pk', columns: [t.userId, t.commentId] }),
    index('comment_likes_comment_idx').on(t.commentId),
  ],
);
