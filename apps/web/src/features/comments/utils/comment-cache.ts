import type { Comment } from '@otakura/shared';
import type { QueryClient } from '@tanstack/react-query';
import { commentKeys, type CommentTarget } from '../api/comment-keys';
import type { CommentsData } from '../api/get-comments';

/**
 * Cache patches for comment lists. Every function works on all loaded pages of the lists in the
 * query cache and leaves lists that do not hold the comment untouched. The live hook calls
 * them too (hooks/use-comments-live.ts).
 */

/** Id prefix of a comment shown before the server has it (optimistic insert). */
const PENDING_PREFIX = 'pending:';

export function isPendingComment(comment: Pick<Comment, 'id'>): boolean {
  return comment.id.startsWith(PENDING_PREFIX);
}

export function pendingCommentId(): string {
  return `${PENDING_PREFIX}${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

function mapItems(data: CommentsData, fn: (items: Comment[]) => Comment[]): CommentsData {
  let changed = false;
  const pages = data.pages.map((page) => {
    const items = fn(page.items);
    if (items === page.items) return page;
    changed = true;
    return { ...page, items };
  });
  return changed ? { ...data, pages } : data;
}

/** Applies `fn` to the comment with `commentId` in every loaded list. */
export function patchComment(
  queryClient: QueryClient,
  commentId: string,
  fn: (comment: Comment) => Comment,
): void {
  queryClient.setQueriesData<CommentsData>({ queryKey: commentKeys.lists() }, (data) =>
    data
      ? mapItems(data, (items) =>
          items.some((c) => c.id === commentId)
            ? items.map((c) => (c.id === commentId ? fn(c) : c))
            : items,
        )
      : data,
  );
}

/** Replaces a comment by the server's version wherever it is shown. */
export function replaceComment(queryClient: QueryClient, comment: Comment): void {
  patchComment(queryClient, comment.id, () => comment);
}

/** The comment with `commentId` in a target's loaded pages. */
export function findComment(
  queryClient: QueryClient,
  target: CommentTarget,
  commentId: string,
): Comment | undefined {
  const data = queryClient.getQueryData<CommentsData>(commentKeys.list(target));
  for (const page of data?.pages ?? []) {
    const found = page.items.find((c) => c.id === commentId);
    if (found) return found;
  }
  return undefined;
}

/**
 * Adds a comment at the end of a target's list. With `onlyWhenComplete`, only when every page is
 * loaded: otherwise the comment arrives with 'Load more', in its place. Nothing happens when the
 * list is not in the cache or already holds the comment.
 */
export function appendComment(
  queryClient: QueryClient,
  target: CommentTarget,
  comment: Comment,
  { onlyWhenComplete = false }: { onlyWhenComplete?: boolean } = {},
): void {
  queryClient.setQueryData<CommentsData>(commentKeys.list(target), (data) => {
    if (!data || data.pages.length === 0) return data;
    if (data.pages.some((p) => p.items.some((c) => c.id === comment.id))) return data;
    const last = data.pages[data.pages.length - 1]!;
    if (onlyWhenComplete && last.nextCursor !== null) return data;
    const pages = [...data.pages.slice(0, -1), { ...last, items: [...last.items, comment] }];
    return { ...data, pages };
  });
}

/** Removes a comment (a failed optimistic one) from a target's list. */
export function removeComment(
  queryClient: QueryClient,
  target: CommentTarget,
  commentId: string,
): void {
  queryClient.setQueryData<CommentsData>(commentKeys.list(target), (data) =>
    data
      ? mapItems(data, (items) =>
          items.some((c) => c.id === commentId) ? items.filter((c) => c.id !== commentId) : items,
        )
      : data,
  );
}

/**
 * The server accepted an optimistic comment: put its real version where the placeholder was. If
 * the live event brought the real one first, the placeholder just goes.
 */
export function settlePendingComment(
  queryClient: QueryClient,
  target: CommentTarget,
  pendingId: string,
  comment: Comment,
): void {
  if (findComment(queryClient, target, comment.id)) {
    removeComment(queryClient, target, pendingId);
    return;
  }
  if (findComment(queryClient, target, pendingId)) {
    patchComment(queryClient, pendingId, () => comment);
    return;
  }
  // The placeholder was dropped by a refetch that ran meanwhile.
  appendComment(queryClient, target, comment, { onlyWhenComplete: true });
}

/** A like count from the server (absolute, so a missed or repeated event is harmless). */
export function applyCommentLiked(
  queryClient: QueryClient,
  commentId: string,
  likeCount: number,
): void {
  patchComment(queryClient, commentId, (c) =>
    c.likeCount === likeCount ? c : { ...c, likeCount },
  );
}
