import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { LiveEvent } from '@otakura/shared';
import { closeRedis, createRedisClient, type RedisLog } from '../../lib/redis';
import type { LiveBus } from './live-bus';

/** The pub/sub channel, after REDIS_KEY_PREFIX. */
export const REDIS_LIVE_CHANNEL = 'live';

/** The same envelope as the PostgreSQL bus: the publishing bus's id and the event. */
interface Envelope {
  o: string;
  e: LiveEvent;
}

export interface RedisLiveBusOptions {
  url: string;
  /** REDIS_KEY_PREFIX: the channel is `${keyPrefix}live`. */
  keyPrefix: string;
  log?: RedisLog;
  /** Reconnect delay cap (tests shorten it). */
  reconnectMaxMs?: number;
}

export interface RedisLiveBus extends LiveBus {
  readonly kind: 'redis';
  /** Resolves once this server is subscribed (the first time); events published before may not reach it. */
  ready(): Promise<void>;
  /** True while the subscriber connection is subscribed. */
  isListening(): boolean;
}

/**
 * The bus for several servers sharing one Redis (LIVE_BUS=redis): `publish` delivers to
 * this server's listeners at once and PUBLISHes the envelope on a command connection; a
 * second connection (a subscribed connection can run nothing else) SUBSCRIBEs and hands
 * other servers' events to the listeners, skipping this bus's own. No payload limit.
 * When the subscriber reconnects it subscribes again and emits `resync`, because events
 * sent meanwhile were lost; a publish while Redis is away is logged and reaches only
 * this server.
 */
export function createRedisLiveBus(opts: RedisLiveBusOptions): RedisLiveBus {
  const origin = randomUUID();
  const channel = `${opts.keyPrefix}${REDIS_LIVE_CHANNEL}`;
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const overrides = {
    // We subscribe again ourselves, so the resync comes after the subscription is back.
    autoResubscribe: false,
    ...(opts.reconnectMaxMs
      ? { retryStrategy: (times: number) => Math.min(times * 50, opts.reconnectMaxMs!) }
      : {}),
  };
  const pub = createRedisClient(opts.url, {
    role: 'live bus publisher',
    connectionName: `${opts.keyPrefix}live-publish`,
    log: opts.log,
    overrides,
  });
  const sub = createRedisClient(opts.url, {
    role: 'live bus subscriber',
    connectionName: `${opts.keyPrefix}live-subscribe`,
    log: opts.log,
    // A subscribed connection answers nothing else; its liveness is the socket's.
    commandTimeoutMs: 5000,
    overrides,
  });

  let closed = false;
  let listening = false;
  let everListened = false;
  let resolveReady!: () => void;
  const readyPromise = new Promise<void>((resolve) => (resolveReady = resolve));

  const deliver = (event: LiveEvent) => {
    for (const listener of emitter.listeners('event') as ((e: LiveEvent) => void)[]) {
      try {
        listener(event);
      } catch (err) {
        opts.log?.error({ err }, 'live listener failed');
      }
    }
  };

  sub.on('message', (ch: string, message: string) => {
    if (ch !== channel) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message) as Envelope;
    } catch {
      return;
    }
    if (envelope.o === origin || !envelope.e || typeof envelope.e !== 'object') return;
    deliver(envelope.e);
  });
  sub.on('ready', () => {
    sub.subscribe(channel).then(
      () => {
        if (closed) return;
        listening = true;
        if (everListened) deliver({ type: 'resync' });
        everListened = true;
        resolveReady();
      },
      (err: unknown) => {
        opts.log?.warn({ err }, 'live bus: SUBSCRIBE failed, reconnecting');
        sub.disconnect(true);
      },
    );
  });
  sub.on('close', () => {
    listening = false;
  });

  return {
    kind: 'redis',
    ready: () => readyPromise,
    isListening: () => listening,
    async publish(event) {
      if (closed) return;
      deliver(event);
      try {
        await pub.publish(channel, JSON.stringify({ o: origin, e: event } satisfies Envelope));
      } catch (err) {
        opts.log?.warn({ err, type: event.type }, 'live event not sent to other servers');
      }
    },
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    async close() {
      if (closed) return;
      closed = true;
      listening = false;
      emitter.removeAllListeners();
      resolveReady();
      await Promise.all([closeRedis(pub), closeRedis(sub)]);
    },
  };
}
