/** Comments on a post or on a media entry (spec §3) and their likes; reports are in moderation.ts. */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { counterColumn, createdAtColumn, idColumn, tstz } from './columns';
import { media, mediaEpisodes, mediaIssues } from './media';
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
    /** Spoiler shield tag (issue 12), as on posts: all three set or none. */
    spoilerMediaId: uuid('spoiler_media_id').references(() => media.id, { onDelete: 'set null' }),
    spoilerUnit: text('spoiler_unit', { enum: ['episode', 'volume', 'chapter'] }),
    spoilerNumber: integer('spoiler_number'),
    /**
     * A media comment about one episode (issue 12), optionally pinned to a moment of it
     * (`atSeconds`). `mediaId` stays set to the series, so the series' counts hold.
     */
    episodeId: uuid('episode_id').references(() => mediaEpisodes.id, { onDelete: 'cascade' }),
    atSeconds: real('at_seconds'),
    /** A media comment about one issue (chapter) of a manga or sequence, optionally on a page. */
    issueId: uuid('issue_id').references(() => mediaIssues.id, { onDelete: 'cascade' }),
    page: integer('page'),
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
    // A moment's comments in timeline / page order (the player's markers, the reader's counts).
    index('comments_episode_moment_idx')
      .on(t.episodeId, t.atSeconds, t.createdAt, t.id)
      .where(sql`${t.episodeId} is not null`),
    index('comments_issue_page_idx')
      .on(t.issueId, t.page, t.createdAt, t.id)
      .where(sql`${t.issueId} is not null`),
    index('comments_user_idx').on(t.userId),
    check('comments_one_target', sql`(${t.postId} is null) <> (${t.mediaId} is null)`),
    check(
      'comments_spoiler_tag_whole',
      sql`(${t.spoilerMediaId} is null) = (${t.spoilerUnit} is null) and (${t.spoilerUnit} is null) = (${t.spoilerNumber} is null)`,
    ),
    check('comments_spoiler_unit_valid', sql`${t.spoilerUnit} in ('episode', 'volume', 'chapter')`),
    check('comments_spoiler_number_positive', sql`${t.spoilerNumber} >= 1`),
    // Pins only on media comments, a moment only with its episode, a page only with its issue.
    check(
      'comments_pin_on_media',
      sql`(${t.episodeId} is null and ${t.issueId} is null) or ${t.mediaId} is not null`,
    ),
    check('comments_pin_one_unit', sql`${t.episodeId} is null or ${t.issueId} is null`),
    check(
      'comments_moment_needs_episode',
      sql`${t.atSeconds} is null or ${t.episodeId} is not null`,
    ),
    check('comments_moment_nonneg', sql`${t.atSeconds} >= 0`),
    check('comments_page_needs_issue', sql`${t.page} is null or ${t.issueId} is not null`),
    check('comments_page_positive', sql`${t.page} >= 1`),
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
