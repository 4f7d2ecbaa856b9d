import { useEffect, useEffectEvent } from 'react';
import type { LiveEventOf, LiveEventType } from './live-client';
import { useLiveClient } from './live-provider';

/**
 * Calls `handler` for every live event of `type` (validated, and only of topics someone on the
 * page watches). The handler may change between renders without resubscribing.
 */
export function useLiveEvent<T extends LiveEventType>(
  type: T,
  handler: (event: LiveEventOf<T>) => void,
) {
  const client = useLiveClient();
  const onEvent = useEffectEvent((event: LiveEventOf<T>) => handler(event));
  useEffect(() => client?.on(type, (event) => onEvent(event)), [client, type]);
}
