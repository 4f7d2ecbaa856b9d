/** A WebSocket client for tests of /api/live: collects events and waits for the ones asked for. */
import WebSocket from 'ws';
import { LiveEventSchema, type LiveEvent } from '@otakura/shared';

export interface LiveTestClient {
  ws: WebSocket;
  /** Every event received so far, in order. */
  events: LiveEvent[];
  /** Resolves with the first not yet handed out event (received or coming) that matches; rejects after `timeoutMs`. */
  next<T extends LiveEvent['type']>(
    type: T,
    match?: (e: Extract<LiveEvent, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<LiveEvent, { type: T }>>;
  send(message: unknown): void;
  /** Subscribes and waits for the server's `subscribed` answer. */
  subscribe(topics: string[]): Promise<Extract<LiveEvent, { type: 'subscribed' }>>;
  /** Sends a ping and waits for its pong: every event the server sent before is in `events` now. */
  roundTrip(): Promise<void>;
  /** Resolves when the server closes the socket. */
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
}

export interface OpenLiveOptions {
  cookie?: string;
  origin?: string;
  /** false: do not answer the server's pings (a silent peer). */
  autoPong?: boolean;
}

/** Opens ws://…/api/live on `baseUrl` (http://127.0.0.1:port). Resolves when the socket is open. */
export async function openLive(
  baseUrl: string,
  opts: OpenLiveOptions = {},
): Promise<LiveTestClient> {
  const headers: Record<string, string> = {};
  if (opts.cookie) headers.cookie = opts.cookie;
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/live`, {
    headers,
    origin: opts.origin,
    autoPong: opts.autoPong ?? true,
  });
  const events: LiveEvent[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    events.push(LiveEventSchema.parse(JSON.parse(data.toString())));
    for (const w of [...waiters]) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => {
      resolve({ code, reason: reason.toString() });
      for (const w of [...waiters]) w();
    });
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.on('error', () => undefined);

  // Each event is handed out once; `next` looks at the others in arrival order.
  const taken = new Set<number>();
  const client: LiveTestClient = {
    ws,
    events,
    closed,
    next(type, match, timeoutMs = 2000) {
      type E = Extract<LiveEvent, { type: typeof type }>;
      const find = (): E | undefined => {
        for (let i = 0; i < events.length; i++) {
          const e = events[i]!;
          if (!taken.has(i) && e.type === type && (!match || match(e as E))) {
            taken.add(i);
            return e as E;
          }
        }
        return undefined;
      };
      return new Promise<E>((resolve, reject) => {
        const found = find();
        if (found) return resolve(found);
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`no ${type} event within ${timeoutMs} ms; got ${JSON.stringify(events)}`),
          );
        }, timeoutMs);
        const check = () => {
          const e = find();
          if (!e) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(e);
        };
        waiters.add(check);
      });
    },
    send(message) {
      ws.send(typeof message === 'string' ? message : JSON.stringify(message));
    },
    async subscribe(topics) {
      client.send({ type: 'subscribe', topics });
      return client.next('subscribed');
    },
    async roundTrip() {
      client.send({ type: 'ping' });
      await client.next('pong');
    },
    async close() {
      if (ws.readyState === WebSocket.CLOSED) return;
      ws.close();
      await closed;
    },
  };
  return client;
}
