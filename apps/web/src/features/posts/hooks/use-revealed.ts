import { useCallback, useSyncExternalStore } from 'react';

/*
 * Posts whose spoiler or NSFW cover the user lifted during this visit: revealing in the card also
 * reveals in the modal and on the post page.
 */
const revealed = new Set<string>();
const listeners = new Set<() => void>();
let version = 0;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function revealPost(postId: string): void {
  if (revealed.has(postId)) return;
  revealed.add(postId);
  version++;
  for (const l of listeners) l();
}

/** For tests. */
export function resetRevealedPosts(): void {
  revealed.clear();
  version++;
  for (const l of listeners) l();
}

export function useRevealed(postId: string): [boolean, () => void] {
  useSyncExternalStore(subscribe, () => version);
  const reveal = useCallback(() => revealPost(postId), [postId]);
  return [revealed.has(postId), reveal];
}
