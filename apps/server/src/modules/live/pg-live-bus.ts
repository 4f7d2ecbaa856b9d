import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { LiveEvent } from '@otakura/shared';
import type { LiveBus } from './live-bus';

/** The one NOTIFY channel every server LISTENs on. */
export const LIVE_CHANNEL = 'otakura_live';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const MAX_PAYLOAD_BYTES = 7999;
/** Base64 characters per chunk of a large event: with the chunk's fields it stays under MAX_PAYLOAD_BYTES. */
export const CHUNK_CHARS = 7000;
/** Larger events stay on the sending server (logged): about 200 NOTIFYs; no event comes near. */
export const MAX_EVENT_BYTES = 1024 * 1024;
/** The most pieces one event can have (MAX_EVENT_BYTES in base64). */
const MAX_CHUNKS = Math.ceil((4 * Math.ceil(MAX_EVENT_BYTES / 3)) / CHUNK_CHARS);
/** A large event whose chunks have not all arrived after this long is dropped. */
const PARTIAL_TTL_MS = 30_000;
/** At most this many large events being reassembled at once (oldest dropped first). */
const MAX_PARTIALS = 64;

export interface Envelope {
  /** Which bus instance published it: a server drops its own events when they come back. */
  o: string;
  e: LiveEvent;
}

/**
 * One piece of an envelope too large for one NOTIFY: the envelope's JSON, as UTF-8 bytes in
 * base64, cut into `n` pieces. All pieces go in one statement, so one transaction.
 */
interface Chunk {
  o: string;
  /** Which large event of this bus. */
  c: string;
  /** Piece number, 0 … n − 1. */
  i: number;
  n: number;
  d: string;
}

/** The NOTIFY payloads of `envelope`: itself when it fits, else its chunks; null when too large. */
export function encodeEnvelope(envelope: Envelope): string[] | null {
  const json = JSON.stringify(envelope);
  const bytes = Buffer.byteLength(json, 'utf8');
  if (bytes <= MAX_PAYLOAD_BYTES) return [json];
  if (bytes > MAX_EVENT_BYTES) return null;
  const data = Buffer.from(json, 'utf8').toString('base64');
  const n = Math.ceil(data.length / CHUNK_CHARS);
  const c = randomUUID();
  return Array.from({ length: n }, (_, i) =>
    JSON.stringify({
      o: envelope.o,
      c,
      i,
      n,
      d: data.slice(i * CHUNK_CHARS, (i + 1) * CHUNK_CHARS),
    } satisfies Chunk),
  );
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
 *
 * NOTIFY refuses payloads of 8000 bytes or more: a larger event goes as several NOTIFYs of
 * base64 pieces in one statement (one transaction, so they arrive together or not at all),
 * put back together by the receivers (docs/scale-out.md says why not a table).
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

  // Large events being put back together, by `${origin} ${chunk id}`, oldest first.
  const partials = new Map<string, { parts: (string | undefined)[]; got: number; at: number }>();

  const onChunk = (chunk: Chunk): Envelope | undefined => {
    const { c, i, n, d } = chunk;
    if (typeof c !== 'string' || typeof d !== 'string') return;
    if (!Number.isInteger(n) || n < 2 || n > MAX_CHUNKS) return;
    if (!Number.isInteger(i) || i < 0 || i >= n) return;
    const now = Date.now();
    for (const [key, p] of partials) {
      if (partials.size < MAX_PARTIALS && now - p.at < PARTIAL_TTL_MS) break;
      partials.delete(key);
    }
    const key = `${chunk.o} ${c}`;
    let partial = partials.get(key);
    if (!partial) {
      partial = { parts: new Array<string | undefined>(n), got: 0, at: now };
      partials.set(key, partial);
    }
    if (partial.parts.length !== n || partial.parts[i] !== undefined) return;
    partial.parts[i] = d;
    partial.got += 1;
    if (partial.got < n) return;
    partials.delete(key);
    try {
      return JSON.parse(Buffer.from(partial.parts.join(''), 'base64').toString('utf8')) as Envelope;
    } catch {
      return;
    }
  };

  const onNotification = (msg: pg.Notification) => {
    if (msg.channel !== LIVE_CHANNEL || !msg.payload) return;
    let parsed: Envelope | Chunk;
    try {
      parsed = JSON.parse(msg.payload) as Envelope | Chunk;
    } catch {
      return;
    }
    if (!parsed || typeof parsed !== 'object' || parsed.o === origin) return;
    const envelope = 'c' in parsed ? onChunk(parsed) : parsed;
    if (!envelope || envelope.o === origin || !envelope.e || typeof envelope.e !== 'object') return;
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
    // Pieces sent while we were away are lost; the resync covers their events.
    partials.clear();
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
      const payloads = encodeEnvelope({ o: origin, e: event });
      if (!payloads) {
        opts.log?.error(
          { type: event.type },
          'live event over MAX_EVENT_BYTES; other servers will not see it',
        );
        return;
      }
      try {
        if (payloads.length === 1) {
          await pool.query('SELECT pg_notify($1, $2)', [LIVE_CHANNEL, payloads[0]]);
        } else {
          // One statement, one transaction: the pieces are delivered together at its commit.
          await pool.query('SELECT count(pg_notify($1, p)) FROM unnest($2::text[]) AS p', [
            LIVE_CHANNEL,
            payloads,
          ]);
        }
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
