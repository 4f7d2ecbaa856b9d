import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { useLiveClient } from '../components/live-client-provider';
import { watchLiveTopic } from '../utils/watch-live-topic';

export interface UseLiveTopicOptions {
  /** Queries that show this topic: refetched when the subscription is confirmed (also after a reconnect). */
  queryKeys?: readonly QueryKey[];
  /** `false`: refetch them only after a reconnect, not when first subscribed (see `watchLiveTopic`). */
  refetchOnFirstSubscribe?: boolean;
}

/**
 * Watch a live topic while the component is mounted: `useLiveTopic('post:' + id, { queryKeys:
 * [postKeys.detail(id)] })`. Pass null to watch nothing. Reference counted: several components
 * may watch the same topic.
 */
export function useLiveTopic(topic: string | null | undefined, options: UseLiveTopicOptions = {}) {
  const client = useLiveClient();
  const queryClient = useQueryClient();
  const keys = options.queryKeys;
  const refetchOnFirstSubscribe = options.refetchOnFirstSubscribe ?? true;
  // Read when a refetch is due, so new keys need no new subscription.
  const currentKeys = useEffectEvent(() => keys ?? []);

  useEffect(() => {
    if (!client || !topic) return;
    return watchLiveTopic({
      client,
      queryClient,
      topic,
      queryKeys: () => currentKeys(),
      refetchOnFirstSubscribe,
    });
  }, [client, queryClient, topic, refetchOnFirstSubscribe]);
}
