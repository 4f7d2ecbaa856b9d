import { liveTopics, type LiveEvent } from '@otakura/shared';
import type { LiveBus } from './live-bus';

/**
 * Publishes one event to each of `topics` after the write has committed. Never throws into the
 * request: a lost event is repaired by the client's refetch after its next (re)subscription.
 */
export async function publishLive<E extends LiveEvent & { topic: string }>(
  live: Pick<LiveBus, 'publish'>,
  topics: readonly string[],
  make: (topic: string) => E,
): Promise<void> {
  await Promise.all(topics.map((topic) => live.publish(make(topic)).catch(() => undefined)));
}

/** `user.followers` on the user's public `profile:{id}`: the absolute count after a (un)follow. */
export function publishFollowerCount(
  live: Pick<LiveBus, 'publish'>,
  userId: string,
  followerCount: number,
): Promise<void> {
  return publishLive(live, [liveTopics.profile(userId)], (topic) => ({
    type: 'user.followers',
    topic,
    userId,
    followerCount,
  }));
}
