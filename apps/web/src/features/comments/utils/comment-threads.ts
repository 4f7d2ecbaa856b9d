import type { Comment } from '@otakura/shared';
import type { CommentsData } from '../api/get-comments';

/**
 * The loaded pages as one list, oldest first. A comment that shows up twice (an optimistic or
 * live insert that a later page also holds) keeps its later place, which is the server's order.
 */
export function flattenComments(data: CommentsData | undefined): Comment[] {
  const byId = new Map<string, Comment>();
  for (const page of data?.pages ?? []) {
    for (const comment of page.items) {
      byId.delete(comment.id);
      byId.set(comment.id, comment);
    }
  }
  return [...byId.values()];
}

export interface CommentThread {
  comment: Comment;
  /** Every answer in the thread (also answers to answers), oldest first. */
  replies: Comment[];
}

/**
 * Groups replies under the comment that started their thread, one level deep as in most
 * social apps; each reply still names whom it answered. A reply whose parent is not loaded
 * stands on its own.
 */
export function groupThreads(comments: Comment[]): CommentThread[] {
  const byId = new Map(comments.map((c) => [c.id, c]));
  const rootOf = (comment: Comment): Comment => {
    let current = comment;
    // Bounded walk: a broken chain can never loop forever.
    for (let i = 0; i < 1000 && current.replyTo; i++) {
      const parent = byId.get(current.replyTo.id);
      if (!parent || parent === comment) break;
      current = parent;
    }
    return current;
  };
  const threads = new Map<string, CommentThread>();
  for (const comment of comments) {
    const root = rootOf(comment);
    if (root === comment) {
      threads.set(comment.id, { comment, replies: [] });
    } else {
      const thread = threads.get(root.id);
      if (thread) thread.replies.push(comment);
      else threads.set(comment.id, { comment, replies: [] });
    }
  }
  return [...threads.values()];
}
