import { useSyncExternalStore } from 'react';

/*
 * The "new posts" pill. The app's live wiring announces posts created above what the feed shows
 * (`post.created` on topic `feed`); the feed shows a pill, and clicking it scrolls to the top and
 * refetches. State lives outside React so the wiring can call `announceNewPosts` from anywhere.
 */
let pending: readonly string[] = [];
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** New posts exist above the feed's first page (ids, de-duplicated). */
export function announceNewPosts(postIds: readonly string[]): void {
  const next = [...new Set([...pending, ...postIds])];
  if (next.length === pending.length) return;
  pending = next;
  emit();
}

/** The pill was used (or the feed refetched from the top). */
export function clearNewPosts(): void {
  if (pending.length === 0) return;
  pending = [];
  emit();
}

/** `{ count, postIds, announce, clear }`: the pill's state and its setters. */
export function useNewPostsPill() {
  const postIds = useSyncExternalStore(subscribe, () => pending);
  return {
    count: postIds.length,
    postIds,
    announce: announceNewPosts,
    clear: clearNewPosts,
  };
}
