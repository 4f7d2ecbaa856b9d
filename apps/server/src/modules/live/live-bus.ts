import { EventEmitter } from 'node:events';
import type { LiveEvent } from '@otakura/shared';

/**
 * Carries live events between the code that writes and the sockets that
 * watch. In-process for one server; PostgreSQL LISTEN/NOTIFY when several
 * servers share a database (pg-live-bus.ts), or Redis pub/sub (redis-live-bus.ts).
 * Chosen by LIVE_BUS in app-context.ts; docs/scale-out.md compares them.
 */
export interface LiveBus {
  readonly kind: 'memory' | 'postgres' | 'redis';
  /** Publish after the write has committed. Never throws into the caller's request. */
  publish(event: LiveEvent): Promise<void>;
  /** Every event from any server; returns the unsubscribe function. */
  subscribe(listener: (event: LiveEvent) => void): () => void;
  close(): Promise<void>;
}

export function createMemoryLiveBus(): LiveBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: 'memory',
    async publish(event) {
      emitter.emit('event', event);
    },
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
