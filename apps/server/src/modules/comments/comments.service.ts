/**
 * Comments on posts and media entries, and their likes. Access is checked first in each
 * function; writes run in one transaction; live events are published after the commit,
 * with absolute counts.
 */
import {
  LIMITS,
  liveTopics,
  SYSTEM_USER_ID,
  type Comment,
  type CommentPage,
  type CreateCommentInput,
  type LikeState,
  type LiveEvent,
  type UpdateCommentInput,
} from '@otakura/shared';
import { runInTransaction, sqlState, type Db } from '../../db/client';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { checkSpoilerTag } from '../media/media-progress.service';
import { hasBlocked } from '../settings/settings.service';
import { isId } from '../../lib/ids';
import type { LiveBus } from '../live/live-bus';
import {
  notificationExcerpt,
  type Notifier,
  type NotifyInput,
} from '../notifications/notifications.service';
import { timeCursor } from '../../lib/cursor';
import { toComment } from './comments.mapper';
import * as repo from './comments.repository';
import { resolvePin } from './moments.service';
import type { CommentRecord, CommentTarget } from './comments.repository';

export interface CommentsDeps {
  db: Db;
  live: LiveBus;
  /** Tells the post's author, the replied-to user and a liked comment's author (issue 09). */
  notifier?: Notifier;
}

export type { CommentTarget };

const FOREIGN_KEY_VIOLATION = '23503';

export const commentNotFound = () => notFound('comment_not_found');
const targetNotFound = (target: CommentTarget) =>
  target.kind === 'post' ? notFound('post_not_found') : notFound('media_not_found');

/** The live topic of a comment's post or media entry. */
export function topicOf(row: Pick<CommentRecord, 'postId' | 'mediaId'>): string {
  return row.postId ? liveTopics.post(row.postId) : liveTopics.media(String(row.mediaId));
}

/** Publishes after the commit; the bus never throws into the request. */
export async function publish(live: LiveBus, event: LiveEvent): Promise<void> {
  try {
    await live.publish(event);
  } catch {
    // The bus logs its own failures; a lost event is repaired by the next refetch.
  }
}

/** A comment the viewer may see: it exists and so does its post (not soft-deleted) or media entry. */
async function loadVisible(db: Db, commentId: string): Promise<CommentRecord> {
  if (!isId(commentId)) throw commentNotFound();
  const row = await repo.findComment(db, commentId);
  if (!row || !(await repo.targetIsVisible(db, targetOf(row)))) throw commentNotFound();
  return row;
}

function targetOf(row: Pick<CommentRecord, 'postId' | 'mediaId'>): CommentTarget {
  return row.postId ? { kind: 'post', id: row.postId } : { kind: 'media', id: row.mediaId! };
}

async function present(db: Db, id: string, viewerId: string): Promise<Comment> {
  const view = await repo.findCommentView(db, id, viewerId);
  if (!view) throw commentNotFound();
  return toComment(view);
}

/** Where a comment's notification leads: its post, or its media entry. */
function commentLink(row: Pick<CommentRecord, 'postId' | 'mediaId'>): string {
  return row.postId ? `/post/${row.postId}` : `/media/${row.mediaId}`;
}

/**
 * After a new comment commits: the replied-to user gets `reply`, the post's author `comment`
 * (one notification per person: when they are the same, the reply wins).
 */
async function notifyNewComment(deps: CommentsDeps, row: CommentRecord): Promise<void> {
  if (!deps.notifier) return;
  const base = {
    actorId: row.userId,
    targetType: 'comment',
    targetId: row.id,
    link: commentLink(row),
    excerpt: notificationExcerpt(row.body),
  };
  const inputs: NotifyInput[] = [];
  if (row.replyingUserId) {
    inputs.push({
      ...base,
      recipientId: row.replyingUserId,
      type: 'reply',
      groupKey: `reply:${row.id}`,
    });
  }
  try {
    const postAuthorId = row.postId ? await repo.findPostAuthorId(deps.db, row.postId) : null;
    if (postAuthorId && postAuthorId !== row.replyingUserId) {
      inputs.push({
        ...base,
        recipientId: postAuthorId,
        type: 'comment',
        groupKey: `comment:${row.id}`,
      });
    }
  } catch {
    // The comment is saved; a lost notification must not fail the request.
  }
  await deps.notifier.notifyMany(inputs);
}

/** One comment as the viewer sees it (live clients fetch it after `comment.created` / `comment.updated`). */
export async function getComment(db: Db, viewerId: string, commentId: string): Promise<Comment> {
  await loadVisible(db, commentId);
  return present(db, commentId, viewerId);
}

/**
 * One comment past the spoiler shield, for this viewer (they chose to read it): the visibility of
 * reading it, and a comment by someone the viewer blocked stays hidden (404). Not remembered.
 */
export async function revealComment(db: Db, viewerId: string, commentId: string): Promise<Comment> {
  const row = await loadVisible(db, commentId);
  if (await hasBlocked(db, viewerId, row.userId)) throw commentNotFound();
  const view = await repo.findCommentView(db, commentId, viewerId, { reveal: true });
  if (!view) throw commentNotFound();
  return toComment(view);
}

/** The cursor, or FAILED when it does not decode (an unknown target must still answer 404). */
const FAILED = Symbol('bad cursor');
function tryDecode(raw: string | undefined): ReturnType<typeof timeCursor.decode> | typeof FAILED {
  try {
    return timeCursor.decode(raw);
  } catch {
    return FAILED;
  }
}

/** A keyset page of the comments of a post or media entry, oldest first, tombstones included. */
export async function listComments(
  db: Db,
  viewerId: string,
  target: CommentTarget,
  query: { cursor?: string; limit?: number },
): Promise<CommentPage> {
  return (await listCommentsShared(db, viewerId, target, query)).page;
}

/**
 * `listComments`, and whether every viewer who blocks nobody sees the same page but for their
 * likes and reports (the comments cache, lib/page-cache.ts): not when the viewer blocks someone,
 * nor when a comment of it is pinned or spoiler-tagged (covered or not, per viewer), nor for an
 * empty page (it says nothing of the viewer's blocks).
 */
export async function listCommentsShared(
  db: Db,
  viewerId: string,
  target: CommentTarget,
  query: { cursor?: string; limit?: number },
): Promise<{ page: CommentPage; shared: boolean }> {
  if (!isId(target.id)) throw targetNotFound(target);
  const limit = Math.min(Math.max(query.limit ?? LIMITS.pageSizeDefault, 1), LIMITS.pageSizeMax);
  // The page query checks the target's visibility itself: a page with comments is the answer in
  // one statement. Only an empty page (or a bad cursor) asks whether the target is there, so
  // an unknown target still answers 404 before a bad cursor answers 400.
  const cursor = tryDecode(query.cursor);
  const rows =
    cursor === FAILED ? [] : await repo.listComments(db, target, viewerId, cursor, limit);
  if (!rows.length) {
    if (!(await repo.targetIsVisible(db, target))) throw targetNotFound(target);
    if (cursor === FAILED) timeCursor.decode(query.cursor); // throws invalid_cursor
  }
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    page: {
      items: page.map(toComment),
      nextCursor:
        rows.length > limit && last ? timeCursor.encode({ at: last.cursorAt, id: last.id }) : null,
    },
    shared:
      page.length > 0 &&
      !page[0]!.viewerBlocks &&
      page.every((r) => !r.episodeId && !r.issueId && !r.spoilerMediaId),
  };
}

/**
 * Adds a comment (or a reply: `replyToId` must be a live comment of the same post or media
 * entry; whom it answers is recorded). The target's comment_count rises in the same transaction.
 */
export async function createComment(
  deps: CommentsDeps,
  viewerId: string,
  target: CommentTarget,
  input: CreateCommentInput,
): Promise<Comment> {
  if (!isId(target.id)) throw targetNotFound(target);
  // A refused spoiler tag (400 naming its field) writes nothing.
  if (input.spoilerTag) await checkSpoilerTag(deps.db, input.spoilerTag);
  let result: { row: CommentRecord; commentCount: number };
  try {
    result = await runInTransaction(deps.db, async (tx) => {
      let replyingUserId: string | null = null;
      if (input.replyToId) {
        const parent = await repo.findComment(tx, input.replyToId);
        const sameTarget =
          parent &&
          (target.kind === 'post' ? parent.postId === target.id : parent.mediaId === target.id);
        if (!sameTarget) {
          throw badRequest('invalid_reply_to');
        }
        if (parent.deletedAt) {
          throw badRequest('cannot_reply_to_deleted_comment');
        }
        if (await hasBlocked(tx, parent.userId, viewerId)) {
          throw new AppError('blocked', 'You cannot reply to this user.');
        }
        replyingUserId = parent.userId;
      }
      const commentCount = await repo.bumpCommentCount(tx, target);
      if (commentCount === null) throw targetNotFound(target);
      // A refused pin (400 naming its field) rolls the count back: nothing is written.
      const pin = await resolvePin(tx, target, input.pin);
      const row = await repo.insertComment(tx, {
        target,
        userId: viewerId,
        body: input.body,
        replyToId: input.replyToId ?? null,
        replyingUserId,
        pin,
        spoilerTag: input.spoilerTag,
      });
      return { row, commentCount };
    });
  } catch (err) {
    // The parent comment vanished (its post was deleted) between the check and the insert.
    if (sqlState(err) === FOREIGN_KEY_VIOLATION) throw targetNotFound(target);
    throw err;
  }
  const { row, commentCount } = result;
  await publish(deps.live, {
    type: 'comment.created',
    topic: topicOf(row),
    postId: row.postId,
    mediaId: row.mediaId,
    commentId: row.id,
    commentCount,
  });
  await notifyNewComment(deps, row);
  return present(deps.db, row.id, viewerId);
}

/** Replaces the text of the viewer's own comment. 403 for anyone else's; 409 on a deleted one. */
export async function updateComment(
  deps: CommentsDeps,
  viewerId: string,
  commentId: string,
  input: UpdateCommentInput,
): Promise<Comment> {
  const current = await loadVisible(deps.db, commentId);
  if (current.deletedAt) throw conflict('comment_deleted');
  if (current.userId !== viewerId)
    throw forbidden('not_comment_author', 'Only the author can edit this comment.');
  // Checked again in the UPDATE itself, so a concurrent delete cannot be undone by an edit.
  const row = await repo.updateOwnComment(deps.db, commentId, viewerId, input.body);
  if (!row) throw conflict('comment_deleted');
  await publish(deps.live, {
    type: 'comment.updated',
    topic: topicOf(row),
    postId: row.postId,
    mediaId: row.mediaId,
    commentId: row.id,
  });
  return present(deps.db, row.id, viewerId);
}

/**
 * Deletes the viewer's own comment the spec's way: it stays, as a tombstone attributed to
 * the system user, so its replies keep their place. Deleting a tombstone again is a no-op
 * (so a retried DELETE succeeds); anyone else's live comment is 403.
 */
export async function deleteComment(
  deps: CommentsDeps,
  viewerId: string,
  commentId: string,
): Promise<Comment> {
  const current = await loadVisible(deps.db, commentId);
  if (current.deletedAt) return present(deps.db, commentId, viewerId);
  if (current.userId !== viewerId)
    throw forbidden('not_comment_author', 'Only the author can delete this comment.');
  const row = await repo.tombstoneComment(deps.db, commentId, viewerId);
  if (row) {
    await publish(deps.live, {
      type: 'comment.updated',
      topic: topicOf(row),
      postId: row.postId,
      mediaId: row.mediaId,
      commentId: row.id,
    });
  }
  return present(deps.db, commentId, viewerId);
}

/**
 * Likes or unlikes a comment of someone else. The like row is inserted (ON CONFLICT DO
 * NOTHING) or deleted (RETURNING) and the counter moves in the same transaction only when
 * a row really changed, so like_count equals the rows under any concurrency.
 */
export async function setLike(
  deps: CommentsDeps,
  viewerId: string,
  commentId: string,
  liked: boolean,
): Promise<LikeState> {
  await loadVisible(deps.db, commentId);
  const result = await runInTransaction(deps.db, async (tx) => {
    // Locks the comment: likes of one comment queue here, and a concurrent delete cannot slip in between.
    const row = await repo.findCommentForUpdate(tx, commentId);
    if (!row) throw commentNotFound();
    if (liked) {
      if (row.userId === viewerId) throw forbidden('cannot_like_own_comment');
      if (row.deletedAt || row.userId === SYSTEM_USER_ID) {
        throw forbidden('cannot_like_deleted_comment');
      }
    }
    const changed = liked
      ? await repo.insertLike(tx, viewerId, commentId)
      : await repo.deleteLike(tx, viewerId, commentId);
    const likeCount = changed
      ? await repo.shiftLikeCount(tx, commentId, liked ? 1 : -1)
      : await repo.likeCountOf(tx, commentId);
    return { row, changed, likeCount };
  });
  if (result.changed) {
    await publish(deps.live, {
      type: 'comment.liked',
      topic: topicOf(result.row),
      commentId,
      likeCount: result.likeCount,
      actorId: viewerId,
    });
    if (liked) {
      await deps.notifier?.notify({
        recipientId: result.row.userId,
        type: 'like',
        subtype: 'comment',
        actorId: viewerId,
        groupKey: `like:comment:${commentId}`,
        targetType: 'comment',
        targetId: commentId,
        link: commentLink(result.row),
        excerpt: notificationExcerpt(result.row.body),
      });
    }
  }
  return { liked, likeCount: result.likeCount };
}

/**
 * A moderator's removal (docs/moderation.md), inside the caller's transaction: the same
 * tombstone as the author's delete (text DELETED_COMMENT_TEXT, attributed to the system user;
 * replies and likes stay). Undefined when the comment is unknown or deleted already. Call
 * `announceCommentRemoved` after the commit.
 */
export async function tombstoneCommentInTransaction(
  tx: Db,
  commentId: string,
): Promise<CommentRecord | undefined> {
  return repo.tombstoneComment(tx, commentId);
}

/** After a removal committed: `comment.updated` on its post or media topic (clients refetch it). */
export async function announceCommentRemoved(live: LiveBus, row: CommentRecord): Promise<void> {
  await publish(live, {
    type: 'comment.updated',
    topic: topicOf(row),
    postId: row.postId,
    mediaId: row.mediaId,
    commentId: row.id,
  });
}
