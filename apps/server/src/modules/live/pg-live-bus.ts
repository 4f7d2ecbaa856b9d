import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { LiveEvent } from '@otakura/shared';
import type { LiveBus } from './live-bus';

/** The one NOTIFY channel every server LISTENs on. */
export const LIVE_CHANNEL = 'otakura_live';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const MAX_PAYLOAD_BYTES = 7999;

interface Envelope {
  /** Which bus instance published it: a server drops its own events when they come back. */
  o: string;
  e: LiveEvent;
}

export interface PgLiveBusOptions {
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** First reconnect delay; doubles up to `reconnectMaxMs`. */
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  /** How often the LISTEN connection is checked with `SELECT 1` (half-open TCP is otherwise silent). */
  healthCheckMs?: number;
}

export interface PgLiveBus extends LiveBus {
  readonly kind: 'postgres';
  /** Resolves once this server LISTENs (the first time); events published before may not reach it. */
  ready(): Promise<void>;
  /** True while the LISTEN connection is up. */
  isListening(): boolean;
}

/**
 * The bus for several servers on one PostgreSQL database: `publish` delivers to this
 * server's listeners at once and sends `pg_notify('otakura_live', json)` through the pool;
 * a dedicated connection LISTENs and hands other servers' events to the listeners. NOTIFY
 * also comes back to the sender, so each event carries this bus's id and its own are skipped
 * (delivered exactly once, locally). When the LISTEN connection drops it reconnects with
 * backoff and emits `resync`, because events sent meanwhile were lost.
 */
export function createPgLiveBus(pool: pg.Pool, opts: PgLiveBusOptions = {}): PgLiveBus {
  const origin = randomUUID();
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const minDelay = opts.reconnectMinMs ?? 250;
  const maxDelay = opts.reconnectMaxMs ?? 10_000;
  const healthCheckMs = opts.healthCheckMs ?? 30_000;

  let client: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let everListened = false;
  let delay = minDelay;
  let reconnectTimer: NodeJS.Timeout | undefined;
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

  const onNotification = (msg: pg.Notification) => {
    if (msg.channel !== LIVE_CHANNEL || !msg.payload) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(msg.payload) as Envelope;
    } catch {
      return;
    }
    if (envelope.o === origin || !envelope.e || typeof envelope.e !== 'object') return;
    deliver(envelope.e);
  };

  const scheduleReconnect = () => {
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void connect();
    }, delay);
    reconnectTimer.unref();
    delay = Math.min(delay * 2, maxDelay);
  };

  const drop = (c: pg.Client, err?: unknown) => {
    if (client !== c) return;
    client = undefined;
    listening = false;
    if (err && !closed) opts.log?.warn({ err }, 'live bus: LISTEN connection lost, reconnecting');
    c.removeAllListeners('notification');
    c.end().catch(() => undefined);
    scheduleReconnect();
  };

  async function connect(): Promise<void> {
    if (closed) return;
    const c = new pg.Client({ ...(pool.options as pg.ClientConfig), keepAlive: true });
    client = c;
    c.on('error', (err) => drop(c, err));
    c.on('end', () => drop(c, new Error('connection ended')));
    c.on('notification', onNotification);
    try {
      await c.connect();
      await c.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (err) {
      drop(c, err);
      return;
    }
    if (closed || client !== c) {
      await c.end().catch(() => undefined);
      return;
    }
    listening = true;
    delay = minDelay;
    if (everListened) deliver({ type: 'resync' });
    everListened = true;
    resolveReady();
  }

  const healthTimer = setInterval(() => {
    const c = client;
    if (!c || !listening) return;
    const timeout = setTimeout(() => drop(c, new Error('health check timed out')), 10_000);
    timeout.unref();
    c.query('SELECT 1').then(
      () => clearTimeout(timeout),
      (err: unknown) => {
        clearTimeout(timeout);
        drop(c, err);
      },
    );
  }, healthCheckMs);
  healthTimer.unref();

  void connect();

  return {
    kind: 'postgres',
    ready: () => readyPromise,
    isListening: () => listening,
    async publish(event) {
      if (closed) return;
      deliver(event);
      const payload = JSON.stringify({ o: origin, e: event } satisfies Envelope);
      if (Buffer.byteLength(payload, 'utf8') > MAX_PAYLOAD_BYTES) {
        opts.log?.error(
          { type: event.type },
          'live event too large for NOTIFY; other servers will not see it',
        );
        return;
      }
      try {
        await pool.query('SELECT pg_notify($1, $2)', [LIVE_CHANNEL, payload]);
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
      clearTimeout(reconnectTimer);
      clearInterval(healthTimer);
      emitter.removeAllListeners();
      const c = client;
      client = undefined;
      listening = false;
      resolveReady();
      if (c) {
        c.removeAllListeners('notification');
        c.removeAllListeners('end');
        await c.end().catch(() => undefined);
      }
    },
  };
}
