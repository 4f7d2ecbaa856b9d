/**
 * The Drizzle queries of comments and comment likes. Each takes a `Db` (a transaction
 * is one too); rules and transactions are in comments.service.
 */
import { and, asc, eq, isNull, sql, type Placeholder } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DELETED_COMMENT_TEXT, SYSTEM_USER_ID } from '@otakura/shared';
import type { Db } from '../../db/client';
import { preparedFor, withCompiledRows } from '../../db/prepared';
import { commentLikes, comments, media, posts, reports, userBlocks, users } from '../../db/schema';
import type { Cursor } from '../../lib/cursor';
import { momentCoveredSql, type MomentReach } from '../../db/moment-shield';
import { spoilerCoveredSql, viewerMarkSql } from '../../db/spoiler-shield';

export type CommentTarget = { kind: 'post'; id: string } | { kind: 'media'; id: string };
export type CommentRecord = typeof comments.$inferSelect;
/** The pin columns of a new comment (docs/moments.md). */
export type CommentPinValues = Pick<CommentRecord, 'episodeId' | 'atSeconds' | 'issueId' | 'page'>;

const author = alias(users, 'author');
const replying = alias(users, 'replying');

/** A comment as the mapper needs it: the row, its author, whom it answers, the viewer's marks. */
export interface CommentView {
  id: string;
  postId: string | null;
  mediaId: string | null;
  replyToId: string | null;
  body: string;
  likeCount: number;
  deletedAt: Date | null;
  editedAt: Date | null;
  createdAt: Date;
  /** `created_at` with microseconds, for the keyset cursor. */
  cursorAt: string;
  authorId: string;
  authorName: string;
  authorUsername: string | null;
  authorDisplayUsername: string | null;
  authorImageKey: string | null;
  replyingUsername: string | null;
  replyingDisplayUsername: string | null;
  likedByMe: boolean;
  reportedByMe: boolean;
  /** The pin (docs/moments.md): the episode and moment, or the issue and page; numbers for the label. */
  episodeId: string | null;
  atSeconds: number | null;
  issueId: string | null;
  page: number | null;
  pinEpisodeNumber: number | null;
  pinIssueNumber: number | null;
  pinVolumeNumber: number | null;
  /** The viewer has not reached the pinned moment: `body` is '' (moment-shield.ts). */
  pinCovered: boolean;
  /** The spoiler tag (all null when untagged), the series' title and the viewer's mark. */
  spoilerMediaId: string | null;
  spoilerUnit: 'episode' | 'volume' | 'chapter' | null;
  spoilerNumber: number | null;
  spoilerMediaTitle: string | null;
  spoilerViewerAt: number | null;
  /** The spoiler shield covers it for the viewer: `body` is '' (db/spoiler-shield.ts). */
  spoilerCovered: boolean;
}

/** How a comment query presents its rows to the viewer. */
export interface CommentViewOptions {
  /** What the viewer has on screen (the player's time, the reader's page): moments up to it show. */
  reach?: MomentReach;
  /** Uncover (POST /api/comments/:id/reveal): the viewer asked to see it. */
  reveal?: boolean;
}

function viewColumns(viewerId: string | Placeholder, options: CommentViewOptions = {}) {
  const pinCovered = options.reveal
    ? sql`false`
    : momentCoveredSql('comments', viewerId, options.reach);
  // The spoiler shield (issue 12), decided per row for this viewer; `reveal` lifts it too.
  const spoilerCovered = options.reveal
    ? sql`false`
    : sql`coalesce(${spoilerCoveredSql('comments', viewerId)}, false)`;
  return {
    id: comments.id,
    postId: comments.postId,
    mediaId: comments.mediaId,
    replyToId: comments.replyToId,
    // A covered pinned comment's text never leaves the database.
    body: sql<string>`case when ${pinCovered} or ${spoilerCovered} then '' else ${comments.body} end`,
    likeCount: comments.likeCount,
    deletedAt: comments.deletedAt,
    editedAt: comments.editedAt,
    createdAt: comments.createdAt,
    cursorAt: sql<string>`to_char(${comments.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    authorId: author.id,
    authorName: author.name,
    authorUsername: author.username,
    authorDisplayUsername: author.displayUsername,
    authorImageKey: author.profileImageKey,
    replyingUsername: replying.username,
    replyingDisplayUsername: replying.displayUsername,
    likedByMe: sql<boolean>`exists (select 1 from ${commentLikes} where ${commentLikes.commentId} = ${comments.id} and ${commentLikes.userId} = ${viewerId})`,
    reportedByMe: sql<boolean>`exists (select 1 from ${reports} where ${reports.targetType} = 'comment' and ${reports.targetId} = ${comments.id} and ${reports.reporterId} = ${viewerId})`,
    episodeId: comments.episodeId,
    atSeconds: comments.atSeconds,
    issueId: comments.issueId,
    page: comments.page,
    pinEpisodeNumber: sql<
      number | null
    >`(select e.number from media_episodes e where e.id = ${comments.episodeId})`,
    pinIssueNumber: sql<
      number | null
    >`(select i.number from media_issues i where i.id = ${comments.issueId})`,
    pinVolumeNumber: sql<
      number | null
    >`(select v.number from media_issues i join media_volumes v on v.id = i.volume_id where i.id = ${comments.issueId})`,
    pinCovered: sql<boolean>`${pinCovered}`,
    spoilerMediaId: comments.spoilerMediaId,
    spoilerUnit: comments.spoilerUnit,
    spoilerNumber: comments.spoilerNumber,
    spoilerMediaTitle: sql<
      string | null
    >`case when ${comments.spoilerMediaId} is not null then (select sm.title from media sm where sm.id = ${comments.spoilerMediaId}) end`,
    spoilerViewerAt: sql<
      number | null
    >`case when ${comments.spoilerMediaId} is not null then ${viewerMarkSql('comments', viewerId)} end`,
    spoilerCovered: sql<boolean>`${spoilerCovered}`,
  };
}

/** The comment columns as `viewerId` sees them, with author and answered user joined. */
export function selectViews(
  db: Db,
  viewerId: string | Placeholder,
  options: CommentViewOptions = {},
) {
  return db
    .select(viewColumns(viewerId, options))
    .from(comments)
    .innerJoin(author, eq(author.id, comments.userId))
    .leftJoin(replying, eq(replying.id, comments.replyingUserId));
}

/** A page's row: the comment as the viewer sees it, and whether the viewer blocks anyone. */
export interface CommentPageRow extends CommentView {
  /** The viewer blocks someone: the page may lack comments others see (the comments cache). */
  viewerBlocks: boolean;
}

function selectPageRows(db: Db, viewerId: Placeholder) {
  return db
    .select({
      ...viewColumns(viewerId),
      // Uncorrelated: asked once per statement.
      viewerBlocks: sql<boolean>`exists (select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${viewerId})`,
    })
    .from(comments)
    .innerJoin(author, eq(author.id, comments.userId))
    .leftJoin(replying, eq(replying.id, comments.replyingUserId));
}

/**
 * The page query of one kind of target, from its first page or after a cursor: prepared
 * (db/prepared.ts), so it is built once per database handle. Built per request, Drizzle's
 * builder was about a quarter of the server's time on a comments page (docs/performance.md); its
 * rows are mapped by `withCompiledRows`, which was most of what Drizzle still cost after that.
 */
function commentPageQuery(kind: CommentTarget['kind'], afterCursor: boolean) {
  return preparedFor((db) => {
    const viewerId = sql.placeholder('viewerId');
    const targetId = sql.placeholder('targetId');
    const query = selectPageRows(db, viewerId)
      .where(
        and(
          eq(kind === 'post' ? comments.postId : comments.mediaId, targetId),
          // A post's comments only while the post is visible (a media entry's rows prove it
          // exists): checked once (uncorrelated), so a page needs no statement of its own for it.
          kind === 'post'
            ? sql`exists (select 1 from ${posts} where ${posts.id} = ${targetId} and ${posts.deletedAt} is null)`
            : undefined,
          // Comments by users the viewer blocked are hidden from them.
          sql`not exists (select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${viewerId} and ${userBlocks.blockedId} = ${comments.userId})`,
          afterCursor
            ? sql`(${comments.createdAt}, ${comments.id}) > (${sql.placeholder('at')}::timestamptz, ${sql.placeholder('id')}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(comments.createdAt), asc(comments.id))
      .limit(sql.placeholder('limit'))
      .prepare(`comment_page_${kind}${afterCursor ? '_after' : ''}`);
    return withCompiledRows(query);
  });
}
const commentPages = {
  post: { first: commentPageQuery('post', false), after: commentPageQuery('post', true) },
  media: { first: commentPageQuery('media', false), after: commentPageQuery('media', true) },
};

/**
 * One keyset page of a post's or media entry's comments, oldest first (so replies can be
 * grouped under their parents). Returns up to `limit + 1` rows so the caller knows if more follow.
 */
export async function listComments(
  db: Db,
  target: CommentTarget,
  viewerId: string,
  cursor: Cursor | undefined,
  limit: number,
): Promise<CommentPageRow[]> {
  const pages = commentPages[target.kind];
  const values = { viewerId, targetId: target.id, limit: limit + 1 };
  return cursor
    ? pages.after(db).execute({ ...values, at: cursor.at, id: cursor.id })
    : pages.first(db).execute(values);
}

export async function findCommentView(
  db: Db,
  id: string,
  viewerId: string,
  options: CommentViewOptions = {},
): Promise<CommentView | undefined> {
  const [row] = await selectViews(db, viewerId, options).where(eq(comments.id, id));
  return row;
}

export async function findComment(db: Db, id: string): Promise<CommentRecord | undefined> {
  const [row] = await db.select().from(comments).where(eq(comments.id, id));
  return row;
}

/** The comment, locked for the rest of the transaction. */
export async function findCommentForUpdate(db: Db, id: string): Promise<CommentRecord | undefined> {
  const [row] = await db.select().from(comments).where(eq(comments.id, id)).for('update');
  return row;
}

/** True when the post exists and is not soft-deleted, or the media entry exists. */
export async function targetIsVisible(db: Db, target: CommentTarget): Promise<boolean> {
  const rows =
    target.kind === 'post'
      ? await db
          .select({ id: posts.id })
          .from(posts)
          .where(and(eq(posts.id, target.id), isNull(posts.deletedAt)))
      : await db.select({ id: media.id }).from(media).where(eq(media.id, target.id));
  return rows.length > 0;
}

/** The community of a post (null for media comments). */
export async function communityOfPost(db: Db, postId: string): Promise<string | null> {
  const [row] = await db.select({ id: posts.communityId }).from(posts).where(eq(posts.id, postId));
  return row?.id ?? null;
}

/**
 * Raises the target's comment_count by one; the UPDATE also locks the post (a post being
 * soft-deleted meanwhile waits, or made us find nothing). Null when the target is gone.
 */
export async function bumpCommentCount(db: Db, target: CommentTarget): Promise<number | null> {
  if (target.kind === 'post') {
    const [row] = await db
      .update(posts)
      .set({ commentCount: sql`${posts.commentCount} + 1` })
      .where(and(eq(posts.id, target.id), isNull(posts.deletedAt)))
      .returning({ n: posts.commentCount });
    return row?.n ?? null;
  }
  const [row] = await db
    .update(media)
    .set({ commentCount: sql`${media.commentCount} + 1` })
    .where(eq(media.id, target.id))
    .returning({ n: media.commentCount });
  return row?.n ?? null;
}

export async function insertComment(
  db: Db,
  values: {
    target: CommentTarget;
    userId: string;
    body: string;
    replyToId: string | null;
    replyingUserId: string | null;
    /** The pin, validated by the service (moments.service.ts). */
    pin?: CommentPinValues;
    /** The spoiler tag, checked by the service (media checkSpoilerTag). */
    spoilerTag?: { mediaId: string; unit: 'episode' | 'volume' | 'chapter'; number: number };
  },
): Promise<CommentRecord> {
  const [row] = await db
    .insert(comments)
    .values({
      postId: values.target.kind === 'post' ? values.target.id : null,
      mediaId: values.target.kind === 'media' ? values.target.id : null,
      userId: values.userId,
      body: values.body,
      replyToId: values.replyToId,
      replyingUserId: values.replyingUserId,
      ...values.pin,
      ...(values.spoilerTag
        ? {
            spoilerMediaId: values.spoilerTag.mediaId,
            spoilerUnit: values.spoilerTag.unit,
            spoilerNumber: values.spoilerTag.number,
          }
        : {}),
    })
    .returning();
  return row!;
}

/** Replaces the text if `userId` wrote the comment and it is not deleted; undefined otherwise. */
export async function updateOwnComment(
  db: Db,
  id: string,
  userId: string,
  body: string,
): Promise<CommentRecord | undefined> {
  const [row] = await db
    .update(comments)
    .set({ body, editedAt: new Date() })
    .where(and(eq(comments.id, id), eq(comments.userId, userId), isNull(comments.deletedAt)))
    .returning();
  return row;
}

/**
 * Makes the comment a tombstone (spec §4): the text becomes DELETED_COMMENT_TEXT and the
 * author the system user. `onlyAuthor` limits it to that author's comment. The row, its
 * replies and its likes stay; undefined when nothing matched (already deleted, or not theirs).
 */
export async function tombstoneComment(
  db: Db,
  id: string,
  onlyAuthor?: string,
): Promise<CommentRecord | undefined> {
  const [row] = await db
    .update(comments)
    .set({ body: DELETED_COMMENT_TEXT, userId: SYSTEM_USER_ID, deletedAt: new Date() })
    .where(
      and(
        eq(comments.id, id),
        isNull(comments.deletedAt),
        onlyAuthor ? eq(comments.userId, onlyAuthor) : undefined,
      ),
    )
    .returning();
  return row;
}

/** Inserts the like; true only when the row is new. */
export async function insertLike(db: Db, userId: string, commentId: string): Promise<boolean> {
  const rows = await db
    .insert(commentLikes)
    .values({ userId, commentId })
    .onConflictDoNothing()
    .returning({ userId: commentLikes.userId });
  return rows.length > 0;
}

/** Deletes the like; true only when a row was there. */
export async function deleteLike(db: Db, userId: string, commentId: string): Promise<boolean> {
  const rows = await db
    .delete(commentLikes)
    .where(and(eq(commentLikes.userId, userId), eq(commentLikes.commentId, commentId)))
    .returning({ userId: commentLikes.userId });
  return rows.length > 0;
}

/** Moves like_count by `delta` and returns the new value. */
export async function shiftLikeCount(db: Db, commentId: string, delta: 1 | -1): Promise<number> {
  const [row] = await db
    .update(comments)
    .set({ likeCount: sql`${comments.likeCount} + ${delta}` })
    .where(eq(comments.id, commentId))
    .returning({ n: comments.likeCount });
  return row?.n ?? 0;
}

export async function likeCountOf(db: Db, commentId: string): Promise<number> {
  const [row] = await db
    .select({ n: comments.likeCount })
    .from(comments)
    .where(eq(comments.id, commentId));
  return row?.n ?? 0;
}

/** The author of a post (for the `comment` notification); null when it is gone. */
export async function findPostAuthorId(db: Db, postId: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: posts.userId })
    .from(posts)
    .where(and(eq(posts.id, postId), isNull(posts.deletedAt)))
    .limit(1);
  return row?.userId ?? null;
}
