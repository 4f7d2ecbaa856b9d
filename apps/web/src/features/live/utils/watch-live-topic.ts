import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { LiveClient } from '../api/live-client';

export interface WatchLiveTopicOptions {
  client: LiveClient;
  queryClient: QueryClient;
  topic: string;
  /** The queries that show this topic's data; read each time they need a refetch. */
  queryKeys: () => readonly QueryKey[];
  /**
   * `false`: skip the refetch on the first confirmation, refetch only after a reconnect. For
   * topics held for data that was fetched just before (the cards on screen): refetching it at
   * once would load the same data twice.
   */
  refetchOnFirstSubscribe?: boolean;
}

/**
 * Holds `topic` on the live socket and, each time the server confirms the subscription (the first
 * time, and again after every reconnect), refetches the queries that show it: whatever happened
 * while nobody was listening is then on screen. A fetch already running is not restarted.
 * Returns the release.
 */
export function watchLiveTopic({
  client,
  queryClient,
  topic,
  queryKeys,
  refetchOnFirstSubscribe = true,
}: WatchLiveTopicOptions): () => void {
  let confirmed = false;
  const off = client.on('subscribed', (event) => {
    if (!event.topics.includes(topic)) return;
    const first = !confirmed;
    confirmed = true;
    if (first && !refetchOnFirstSubscribe) return;
    for (const queryKey of queryKeys()) {
      void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
    }
  });
  const release = client.acquire(topic);
  return () => {
    off();
    release();
  };
}
