import type { Comment } from '@otakura/shared';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { revealComment } from '../api/reveal-comment';

/*
 * Comments whose spoiler shield the viewer lifted during this visit: the text the server answered
 * to POST /comments/:id/reveal, by id. The list's cache keeps what the server decides (a refetch
 * answers it covered again); a covered comment the viewer revealed shows this text instead.
 */
const revealed = new Map<string, Pick<Comment, 'body' | 'spoilerTag' | 'pin'>>();
const listeners = new Set<() => void>();
let version = 0;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function remember(comment: Comment): void {
  revealed.set(comment.id, {
    body: comment.body,
    spoilerTag: comment.spoilerTag,
    pin: comment.pin,
  });
  version++;
  for (const l of listeners) l();
}

/** For tests. */
export function resetRevealedComments(): void {
  revealed.clear();
  version++;
  for (const l of listeners) l();
}

/** The comment as it should show: a covered comment the viewer revealed carries its text. */
export function useShownComment(comment: Comment): Comment {
  useSyncExternalStore(subscribe, () => version);
  // A comment pinned to a moment not reached is covered as well (docs/moments.md).
  if (!comment.spoilerTag?.covered && !comment.pin?.covered) return comment;
  const parts = revealed.get(comment.id);
  return parts ? { ...comment, ...parts } : comment;
}

/** Reveal a covered comment: asks the server, then the comment shows uncovered. */
export function useRevealComment(commentId: string) {
  const mutation = useMutation({
    mutationFn: () => revealComment(commentId),
    onSuccess: remember,
  });
  const { mutate } = mutation;
  const reveal = useCallback(() => mutate(), [mutate]);
  return { reveal, pending: mutation.isPending, failed: mutation.isError };
}
