import { LiveTopicSchema } from '@otakura/shared';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useLiveClient } from './live-provider';

export interface UseLiveTopicsOptions {
  /**
   * The server confirmed `topic`: the first time (`again` false), and again after every reconnect
   * (`again` true). Refetch what shows it after a reconnect, so whatever happened while nobody was
   * listening is on screen. On the first confirmation the data was usually fetched a moment
   * before (the cards of the page just loaded): refetching it then would load it twice.
   */
  onSubscribed?: (topic: string, info: { again: boolean }) => void;
}

/**
 * Watches live topics while the component is mounted (`liveTopics.post(id)`, `liveTopics.feed` …
 * from @otakura/shared). Empty values and strings that are not topics (an id from the address
 * that is not a UUID) are skipped. Reference counted: several components may watch one topic;
 * a changed list subscribes and unsubscribes only the difference.
 */
export function useLiveTopics(
  topics: readonly (string | null | undefined | false)[],
  options: UseLiveTopicsOptions = {},
) {
  const client = useLiveClient();
  const key = [
    ...new Set(topics.filter((t): t is string => !!t && LiveTopicSchema.safeParse(t).success)),
  ]
    .sort()
    .join(' ');
  const onSubscribed = useEffectEvent((topic: string, again: boolean) =>
    options.onSubscribed?.(topic, { again }),
  );
  // Topics confirmed at least once while held: outlives a change of the list.
  const confirmed = useRef(new Set<string>());

  useEffect(() => {
    if (!client || !key) {
      confirmed.current.clear();
      return;
    }
    const held = new Set(key.split(' '));
    for (const topic of confirmed.current) if (!held.has(topic)) confirmed.current.delete(topic);
    const off = client.on('subscribed', (event) => {
      for (const topic of event.topics) {
        if (!held.has(topic)) continue;
        const again = confirmed.current.has(topic);
        confirmed.current.add(topic);
        onSubscribed(topic, again);
      }
    });
    // Release and acquire run in one tick: the client sends only the difference.
    const releases = [...held].map((topic) => client.acquire(topic));
    return () => {
      off();
      for (const release of releases) release();
    };
  }, [client, key]);
}
