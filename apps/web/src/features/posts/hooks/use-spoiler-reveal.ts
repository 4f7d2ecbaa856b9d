import type { Post } from '@otakura/shared';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { revealPost } from '../api/reveal-post';

/*
 * Posts whose spoiler shield the viewer lifted during this visit (POST /posts/:id/reveal): the
 * uncovered parts the server answered, by post id. The caches keep what the server decides (a
 * refetch answers the post covered again); every view of a covered post shows these parts
 * instead, so revealing in the card also reveals in the modal and on the post page, and stays
 * revealed across refetches.
 */
type RevealedParts = Pick<Post, 'body' | 'images' | 'video' | 'link' | 'spoilerTag'>;
const revealed = new Map<string, RevealedParts>();
const listeners = new Set<() => void>();
let version = 0;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function remember(post: Post): void {
  const { body, images, video, link, spoilerTag } = post;
  revealed.set(post.id, { body, images, video, link, spoilerTag });
  version++;
  for (const l of listeners) l();
}

/** For tests. */
export function resetRevealedSpoilers(): void {
  revealed.clear();
  version++;
  for (const l of listeners) l();
}

/** The post as it should show: a covered post the viewer revealed carries its revealed parts. */
export function useShownPost(post: Post): Post {
  useSyncExternalStore(subscribe, () => version);
  if (!post.spoilerTag?.covered) return post;
  const parts = revealed.get(post.id);
  return parts ? { ...post, ...parts } : post;
}

/** Reveal a covered post: asks the server, then every view of the post shows it uncovered. */
export function useRevealPost(postId: string) {
  const mutation = useMutation({
    mutationFn: () => revealPost(postId),
    onSuccess: remember,
  });
  const { mutate } = mutation;
  const reveal = useCallback(() => mutate(), [mutate]);
  return { reveal, pending: mutation.isPending, failed: mutation.isError };
}
