/** Comments on a post or on a media entry (spec §3), their likes and reports. */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { counterColumn, createdAtColumn, idColumn, tstz } from './columns';
import { communities } from './communities';
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

/** A user's report of a comment; the moderation queue lists the open ones. */
export const commentReports = pgTable(
  'comment_reports',
  {
    id: idColumn(),
    commentId: uuid('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Author of the comment when reported. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The text as it was when reported (the comment may be edited or deleted since). */
    commentText: text('comment_text').notNull(),
    /** Why it was reported (`REPORT_REASONS`); reports older than reasons read 'other'. */
    reason: text('reason', {
      enum: ['spam', 'harassment', 'spoiler', 'minor_sexual_content', 'other'],
    })
      .notNull()
      .default('other'),
    /** The reporter's own words, only with 'other'. */
    details: text('details'),
    /** Where the comment was: its community and post, or its media entry (spec "Sub"). */
    communityId: uuid('community_id').references(() => communities.id, { onDelete: 'set null' }),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'set null' }),
    mediaId: uuid('media_id').references(() => media.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['open', 'resolved', 'dismissed'] })
      .notNull()
      .default('open'),
    resolvedById: uuid('resolved_by_id').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: tstz('resolved_at'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    unique('comment_reports_comment_reporter_unique').on(t.commentId, t.reporterId),
    index('comment_reports_status_created_idx').on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    check('comment_reports_status_valid', sql`${t.status} in ('open', 'resolved', 'dismissed')`),
    check(
      'comment_reports_reason_valid',
      sql`${t.reason} in ('spam', 'harassment', 'spoiler', 'minor_sexual_content', 'other')`,
    ),
    check('comment_reports_details_length', sql`char_length(${t.details}) <= 500`),
  ],
);
