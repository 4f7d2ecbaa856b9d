import type { WebSocket } from 'ws';
import {
  LIVE_CLOSE,
  LIVE_MAX_TOPICS,
  LiveClientMessageSchema,
  mayWatchLiveTopic,
  TIMINGS,
  type LiveEvent,
} from '@otakura/shared';
import type { LiveBus } from './live-bus';

/** Close codes the web client acts on: one list in packages/shared (live-topics.ts). */
export { LIVE_CLOSE };

/** ws send options of every frame: text, never compressed (each socket would deflate again). */
const TEXT_FRAME = { binary: false, compress: false } as const;
/**
 * The keepalive round is spread over this many ticks of `keepaliveMs / SWEEP_SLICES`: each
 * socket is still pinged once per `keepaliveMs`, but 5,000 pings (and their pongs) do not
 * leave in one burst that would delay the events sent in the same moment.
 */
const SWEEP_SLICES = 45;
/** Matches no user's id: `mayWatchLiveTopic(NO_USER, topic)` is true only for public topics. */
const NO_USER = '';

function encode(event: LiveEvent): Buffer {
  return Buffer.from(JSON.stringify(event));
}

export interface LiveUser {
  id: string;
}

export interface LiveHubOptions {
  bus: LiveBus;
  /** Ping interval; a peer that answered nothing for a whole interval is dropped (DESIGN.md: 45 s). */
  keepaliveMs?: number;
  /** Topics one socket may watch at once. */
  maxSubscriptions?: number;
  /** Sockets one user may hold open (tabs, devices). */
  maxConnectionsPerUser?: number;
  /** A socket whose unsent data passes this many bytes is dropped (it reconnects and refetches). */
  maxBufferedBytes?: number;
  /** How often a socket's session is checked again; a signed-out or banned user is disconnected. */
  sessionRecheckMs?: number;
  /** True while the session behind a socket is still valid. */
  checkSession?: (conn: LiveConnection) => Promise<boolean>;
  log?: { warn(obj: object, msg: string): void };
}

export interface LiveConnection {
  readonly user: LiveUser;
  readonly socket: WebSocket;
  /** Opaque data of the caller (e.g. the cookie to recheck the session with). */
  readonly meta: unknown;
  readonly topics: Set<string>;
  alive: boolean;
  sessionCheckedAt: number;
  /** Which tick of the keepalive round pings this socket (0 … SWEEP_SLICES - 1). */
  readonly slot: number;
}

/**
 * Whether `user` may watch `topic`. Signed-in users may see every public topic (`feed`,
 * `post:`, `media:`, `community:`, `profile:`); `user:{id}` is private to that user.
 */
export function mayWatch(user: LiveUser, topic: string): boolean {
  return mayWatchLiveTopic(user.id, topic);
}

/**
 * The sockets of one server and their topics. Events from the bus go to the sockets
 * subscribed to the event's topic, serialised once; `resync` goes to every socket.
 */
export class LiveHub {
  private readonly byTopic = new Map<string, Set<LiveConnection>>();
  private readonly connections = new Set<LiveConnection>();
  private readonly perUser = new Map<string, number>();
  private readonly unsubscribeBus: () => void;
  private readonly timer: NodeJS.Timeout;
  private readonly keepaliveMs: number;
  private readonly maxSubscriptions: number;
  private readonly maxConnectionsPerUser: number;
  private readonly maxBufferedBytes: number;
  private readonly sessionRecheckMs: number;
  private closed = false;
  private tick = 0;
  private nextSlot = 0;

  constructor(private readonly opts: LiveHubOptions) {
    this.keepaliveMs = opts.keepaliveMs ?? TIMINGS.liveKeepaliveMs;
    this.maxSubscriptions = opts.maxSubscriptions ?? LIVE_MAX_TOPICS;
    this.maxConnectionsPerUser = opts.maxConnectionsPerUser ?? 20;
    this.maxBufferedBytes = opts.maxBufferedBytes ?? 1024 * 1024;
    this.sessionRecheckMs = opts.sessionRecheckMs ?? 5 * 60_000;
    this.unsubscribeBus = opts.bus.subscribe((event) => this.dispatch(event));
    this.timer = setInterval(
      () => this.sweepSlot(this.tick++ % SWEEP_SLICES),
      Math.max(1, Math.floor(this.keepaliveMs / SWEEP_SLICES)),
    );
    this.timer.unref();
  }

  /** Open sockets on this server. */
  get size(): number {
    return this.connections.size;
  }

  /** Topics at least one socket on this server watches (for /metrics). */
  get topicCount(): number {
    return this.byTopic.size;
  }

  /** Subscribers of one topic on this server. */
  watchers(topic: string): number {
    return this.byTopic.get(topic)?.size ?? 0;
  }

  /** Takes over an open socket of a signed-in user; false (and the socket closed) when refused. */
  attach(socket: WebSocket, user: LiveUser, meta?: unknown): LiveConnection | undefined {
    if (this.closed) {
      socket.close(LIVE_CLOSE.goingAway, 'Server shutting down.');
      return undefined;
    }
    const open = this.perUser.get(user.id) ?? 0;
    if (open >= this.maxConnectionsPerUser) {
      socket.close(LIVE_CLOSE.tooManyConnections, 'Too many live connections.');
      return undefined;
    }
    this.perUser.set(user.id, open + 1);
    const conn: LiveConnection = {
      user,
      socket,
      meta,
      topics: new Set(),
      alive: true,
      sessionCheckedAt: Date.now(),
      slot: this.nextSlot++ % SWEEP_SLICES,
    };
    this.connections.add(conn);
    socket.on('message', (data, isBinary) => {
      conn.alive = true;
      this.onMessage(conn, isBinary ? null : data.toString());
    });
    socket.on('pong', () => {
      conn.alive = true;
    });
    socket.on('close', () => this.detach(conn));
    socket.on('error', () => socket.terminate());
    return conn;
  }

  /**
   * One whole keepalive round at once: drops sockets that answered nothing since the previous
   * round, pings the others, and rechecks sessions that are due. The timer does the same one
   * slot at a time (`sweepSlot`), so that every socket gets its turn once per `keepaliveMs`.
   */
  sweep(now = Date.now()): void {
    // sweepOne may detach the current socket: deleting the current entry keeps iteration valid.
    for (const conn of this.connections) this.sweepOne(conn, now);
  }

  private sweepSlot(slot: number): void {
    const now = Date.now();
    for (const conn of this.connections) if (conn.slot === slot) this.sweepOne(conn, now);
  }

  private sweepOne(conn: LiveConnection, now: number): void {
    if (!conn.alive) {
      conn.socket.terminate();
      this.detach(conn);
      return;
    }
    conn.alive = false;
    try {
      conn.socket.ping();
    } catch {
      conn.socket.terminate();
      this.detach(conn);
      return;
    }
    if (this.opts.checkSession && now - conn.sessionCheckedAt >= this.sessionRecheckMs) {
      conn.sessionCheckedAt = now;
      this.opts.checkSession(conn).then(
        (valid) => {
          if (!valid) conn.socket.close(LIVE_CLOSE.unauthorized, 'Your session ended.');
        },
        () => undefined, // the database is unreachable: keep the socket, check next time
      );
    }
  }

  /** Closes every socket (1001: clients reconnect, to another instance if there is one). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    this.unsubscribeBus();
    for (const conn of this.connections) {
      conn.socket.close(LIVE_CLOSE.goingAway, 'Server shutting down.');
      this.detach(conn);
    }
  }

  /** Closes every socket of `userId` with `LIVE_CLOSE.unauthorized` (their session ended). */
  closeUser(userId: string): void {
    for (const conn of [...this.connections]) {
      if (conn.user.id !== userId) continue;
      conn.socket.close(LIVE_CLOSE.unauthorized, 'Your session ended.');
      this.detach(conn);
    }
  }

  private detach(conn: LiveConnection): void {
    if (!this.connections.delete(conn)) return;
    for (const topic of conn.topics) this.unwatch(conn, topic);
    const open = (this.perUser.get(conn.user.id) ?? 1) - 1;
    if (open > 0) this.perUser.set(conn.user.id, open);
    else this.perUser.delete(conn.user.id);
  }

  private unwatch(conn: LiveConnection, topic: string): void {
    conn.topics.delete(topic);
    const set = this.byTopic.get(topic);
    if (!set) return;
    set.delete(conn);
    if (!set.size) this.byTopic.delete(topic);
  }

  /**
   * Sends one text frame. Fan-out passes the event's UTF-8 bytes, encoded once for every
   * socket (a string would be measured and encoded again per socket); never compressed.
   */
  private send(conn: LiveConnection, data: Buffer): void {
    const socket = conn.socket;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > this.maxBufferedBytes) {
      // Too slow to keep up: it reconnects and refetches instead of us buffering without bound.
      socket.close(LIVE_CLOSE.timeout, 'Too slow to read live events.');
      this.detach(conn);
      return;
    }
    socket.send(data, TEXT_FRAME);
  }

  private reply(conn: LiveConnection, event: LiveEvent): void {
    this.send(conn, encode(event));
  }

  private onMessage(conn: LiveConnection, text: string | null): void {
    let parsed: unknown;
    try {
      parsed = text === null ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const result = LiveClientMessageSchema.safeParse(parsed);
    if (!result.success) {
      const issue = result.error.issues[0];
      const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
      this.reply(conn, {
        type: 'error',
        code: 'invalid_message',
        message: `Not a live message: ${where}${issue?.message ?? 'expected JSON'}.`,
      });
      return;
    }
    const msg = result.data;
    switch (msg.type) {
      case 'ping':
        this.reply(conn, { type: 'pong' });
        return;
      case 'unsubscribe':
        for (const topic of msg.topics) this.unwatch(conn, topic);
        return;
      case 'subscribe': {
        const topics: string[] = [];
        const denied: { topic: string; code: 'forbidden' | 'too_many_subscriptions' }[] = [];
        for (const topic of new Set(msg.topics)) {
          if (!mayWatch(conn.user, topic)) {
            denied.push({ topic, code: 'forbidden' });
          } else if (conn.topics.has(topic)) {
            topics.push(topic);
          } else if (conn.topics.size >= this.maxSubscriptions) {
            denied.push({ topic, code: 'too_many_subscriptions' });
          } else {
            conn.topics.add(topic);
            let set = this.byTopic.get(topic);
            if (!set) this.byTopic.set(topic, (set = new Set()));
            set.add(conn);
            topics.push(topic);
          }
        }
        this.reply(conn, { type: 'subscribed', topics, denied });
        return;
      }
    }
  }

  private dispatch(event: LiveEvent): void {
    // Server-to-server (the session cache, auth/session-cache.ts): never sent to a client.
    if (event.type === 'session.invalidate') return;
    // Server-to-server (the page cache, lib/page-cache.ts): never sent to a client.
    if (event.type === 'rows.changed') return;
    if (event.type === 'session.revoked') {
      // A suspension (or sessions ended elsewhere): close that user's sockets on this server
      // at once. The event itself is server-to-server and never reaches a client.
      this.closeUser(event.userId);
      return;
    }
    if (event.type === 'resync') {
      const data = encode(event);
      // send() may detach a slow socket: deleting the current entry keeps a Set's iteration valid.
      for (const conn of this.connections) this.send(conn, data);
      return;
    }
    if (!('topic' in event)) return;
    const set = this.byTopic.get(event.topic);
    if (!set?.size) return;
    const topic = event.topic;
    // Serialised and encoded once per event, not per socket.
    const data = encode(event);
    // Checked again on delivery, so a rule that tightens later also holds for old subscriptions.
    // A public topic answers the same for every user: asked once (the probe id matches no user).
    const everyone = mayWatchLiveTopic(NO_USER, topic);
    for (const conn of set) {
      if (everyone || mayWatch(conn.user, topic)) this.send(conn, data);
    }
  }
}
