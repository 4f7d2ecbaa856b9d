import {
  LIVE_CLOSE,
  LIVE_MAX_TOPICS,
  LIVE_TOPIC_PATTERN,
  shouldReconnectAfterClose,
  TIMINGS,
  type LiveEvent,
} from '@otakura/shared';
import { backoffDelay as policyBackoff, RETRY_POLICIES } from '../retry-policy';
import type { LiveEventParser } from './live-event-check';

/*
 * Frames are checked with the shared `LiveEventSchema` (zod), which lives in its own chunk
 * (live-event-check.ts): the client is in the app's entry, and zod must not be on every page's
 * first load. The check is fetched when a client first starts (a signed-in page); frames that
 * arrive before it is there wait for it, in order.
 */
let loadedParser: LiveEventParser | null = null;
let parserLoading: Promise<LiveEventParser> | null = null;

/** The shared event check, fetched once (a failed fetch is retried by the next caller). */
export function loadLiveEventParser(): Promise<LiveEventParser> {
  if (loadedParser) return Promise.resolve(loadedParser);
  parserLoading ??= import('./live-event-check').then(
    (m) => (loadedParser = m.parseLiveEvent),
    (error: unknown) => {
      parserLoading = null;
      throw error;
    },
  );
  return parserLoading;
}

/** The subset of the browser's WebSocket the client uses (tests pass a fake class). */
export interface LiveSocket {
  readonly readyState: number;
  onopen: ((ev: Event) => void) | null;
  onclose: ((ev: CloseEvent) => void) | null;
  onerror: ((ev: Event) => void) | null;
  onmessage: ((ev: MessageEvent) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type LiveSocketConstructor = new (url: string) => LiveSocket;

export type LiveEventType = LiveEvent['type'];
export type LiveEventOf<T extends LiveEventType> = Extract<LiveEvent, { type: T }>;
export type LiveStatus = 'idle' | 'connecting' | 'open' | 'waiting' | 'stopped';

export interface LiveClientOptions {
  /** ws(s)://host/api/live; a function is read at each connect. */
  url: string | (() => string);
  WebSocket?: LiveSocketConstructor;
  random?: () => number;
  now?: () => number;
  /** An app-level ping is sent this often; no answer by the next one means the link is dead. */
  keepaliveMs?: number;
  /** A socket that has not opened after this long is dropped and retried. */
  connectTimeoutMs?: number;
  /** A connection that lasted this long resets the backoff. */
  stableAfterMs?: number;
  /** The server closed with 4401: the session is gone. The client stops. */
  onUnauthorized?: () => void;
  /** Reports what went wrong (invalid frames, refused topics). Default console.warn. */
  warn?: (message: string, detail?: unknown) => void;
  /** Checks a frame; default the shared `LiveEventSchema`, loaded with the first `start()`. */
  parseEvent?: LiveEventParser;
}

const OPEN = 1;
export const BACKOFF_MAX_MS = RETRY_POLICIES.live.maxMs;

/**
 * Delay before reconnect attempt `attempt` (0-based): 0.5 s, 1 s, 2 s … capped at 30 s, with
 * the app's one backoff (lib/retry-policy.ts: half fixed, half random) so a restarted server is
 * not hit by every tab at once.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  return policyBackoff(attempt, RETRY_POLICIES.live, random);
}

/** The same-origin live endpoint: wss: on an https page, ws: otherwise. */
export function liveUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/api/live`;
}

type Handler = (event: LiveEvent) => void;

/**
 * One WebSocket to /api/live, framework-free. Topics are reference counted (`acquire` returns the
 * release); the socket is told about changes in one batched message per tick. Reconnects with
 * backoff and resubscribes every held topic; the server's `subscribed` answer is the signal to
 * refetch (see `watchLiveTopic`). Incoming frames are validated with `LiveEventSchema`; anything
 * else is dropped. Domain events reach handlers only while their topic is held.
 */
export class LiveClient {
  private readonly opts: Required<Omit<LiveClientOptions, 'onUnauthorized' | 'parseEvent'>> &
    Pick<LiveClientOptions, 'onUnauthorized' | 'parseEvent'>;
  /** Frames received while the event check is still loading, in order. */
  private inbox: string[] = [];
  private parserPending = false;
  private socket: LiveSocket | null = null;
  private state: LiveStatus = 'idle';
  private readonly refs = new Map<string, number>();
  /** Topics the current socket has been asked to watch. */
  private sent = new Set<string>();
  private flushQueued = false;
  private readonly handlers = new Map<LiveEventType, Set<Handler>>();
  private readonly statusListeners = new Set<(status: LiveStatus) => void>();
  private readonly unauthorizedListeners = new Set<() => void>();
  private attempt = 0;
  private openedAt = 0;
  private lastMessageAt = 0;
  private lastPingAt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private connectTimer: ReturnType<typeof setTimeout> | null = null;
  private keepaliveTimer: ReturnType<typeof setInterval> | null = null;
  private detachEnvironment: (() => void) | null = null;

  constructor(options: LiveClientOptions) {
    this.opts = {
      WebSocket: globalThis.WebSocket as unknown as LiveSocketConstructor,
      random: Math.random,
      now: () => Date.now(),
      keepaliveMs: TIMINGS.liveKeepaliveMs,
      connectTimeoutMs: TIMINGS.connectionTimeoutMs,
      stableAfterMs: 60_000,
      warn: (message, detail) => console.warn(`[live] ${message}`, detail ?? ''),
      ...options,
    };
  }

  get status(): LiveStatus {
    return this.state;
  }

  /** Opens the socket (and keeps it open) until `stop()`. Safe to call again after a stop. */
  start(): void {
    if (this.state !== 'idle' && this.state !== 'stopped') return;
    this.attempt = 0;
    this.ensureParser();
    this.attachEnvironment();
    this.connect();
  }

  /** Closes the socket and stops reconnecting. Held topics are kept for the next `start()`. */
  stop(): void {
    this.inbox = [];
    this.detachEnvironment?.();
    this.detachEnvironment = null;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    this.sent = new Set();
    if (socket) {
      this.detach(socket);
      socket.close(1000, 'client stopped');
    }
    this.setStatus('stopped');
  }

  /**
   * Watch `topic` (built with `liveTopics` from @otakura/shared) until the
   * returned function is called. Holders are counted: the socket unsubscribes after the last one.
   */
  acquire(topic: string): () => void {
    if (typeof topic !== 'string' || !LIVE_TOPIC_PATTERN.test(topic)) {
      this.opts.warn(`not a live topic: ${topic}`);
      return () => undefined;
    }
    this.refs.set(topic, (this.refs.get(topic) ?? 0) + 1);
    this.queueFlush();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.refs.get(topic) ?? 1) - 1;
      if (left > 0) this.refs.set(topic, left);
      else this.refs.delete(topic);
      this.queueFlush();
    };
  }

  /** Topics held right now. */
  topics(): string[] {
    return [...this.refs.keys()];
  }

  /** Calls `handler` for each valid event of `type`; returns the unsubscribe. */
  on<T extends LiveEventType>(type: T, handler: (event: LiveEventOf<T>) => void): () => void {
    let set = this.handlers.get(type);
    if (!set) this.handlers.set(type, (set = new Set()));
    const h = handler as Handler;
    set.add(h);
    return () => set.delete(h);
  }

  onStatus(listener: (status: LiveStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Called when the server closes with 4401 (the session is gone); the client has stopped. */
  onUnauthorized(listener: () => void): () => void {
    this.unauthorizedListeners.add(listener);
    return () => this.unauthorizedListeners.delete(listener);
  }

  /** Skip the backoff wait (the page became visible, the browser came back online). */
  reconnectNow(): void {
    if (this.state !== 'waiting') return;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.connect();
  }

  // ---------------------------------------------------------------------------------------------

  private setStatus(status: LiveStatus) {
    if (this.state === status) return;
    this.state = status;
    for (const l of [...this.statusListeners]) l(status);
  }

  private connect() {
    this.setStatus('connecting');
    let socket: LiveSocket;
    try {
      const url = typeof this.opts.url === 'function' ? this.opts.url() : this.opts.url;
      socket = new this.opts.WebSocket(url);
    } catch (error) {
      this.opts.warn('could not open the live socket', error);
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    this.sent = new Set();
    this.connectTimer = setTimeout(() => {
      this.connectTimer = null;
      if (this.socket === socket && socket.readyState !== OPEN) this.drop(socket);
    }, this.opts.connectTimeoutMs);

    socket.onopen = () => {
      if (this.socket !== socket) return;
      if (this.connectTimer) clearTimeout(this.connectTimer);
      this.connectTimer = null;
      this.openedAt = this.opts.now();
      this.lastMessageAt = this.openedAt;
      this.lastPingAt = 0;
      this.setStatus('open');
      this.startKeepalive(socket);
      this.flush();
    };
    socket.onmessage = (ev) => {
      if (this.socket !== socket) return;
      this.lastMessageAt = this.opts.now();
      this.receive(ev.data);
    };
    // An error is always followed by a close; the close decides what happens next.
    socket.onerror = () => undefined;
    socket.onclose = (ev) => {
      if (this.socket !== socket) return;
      this.onSocketClosed(ev.code);
    };
  }

  private onSocketClosed(code: number) {
    const lasted = this.openedAt ? this.opts.now() - this.openedAt : 0;
    this.socket = null;
    this.sent = new Set();
    this.openedAt = 0;
    this.clearTimers();
    if (!shouldReconnectAfterClose(code)) {
      this.setStatus('stopped');
      if (code === LIVE_CLOSE.unauthorized) {
        this.opts.onUnauthorized?.();
        for (const l of [...this.unauthorizedListeners]) l();
      } else {
        this.opts.warn(`the server closed the socket with ${code}; live updates are off`);
      }
      return;
    }
    // 1001 / 1006 during a deploy, 4408 too slow, 4429 too many sockets: all worth a retry.
    if (lasted >= this.opts.stableAfterMs) this.attempt = 0;
    this.scheduleReconnect();
  }

  /** Give up on a socket that never opened or went silent, and retry. */
  private drop(socket: LiveSocket) {
    this.detach(socket);
    try {
      socket.close(LIVE_CLOSE.clientGaveUp, 'no answer');
    } catch {
      /* already closing */
    }
    if (this.socket === socket) this.onSocketClosed(LIVE_CLOSE.clientGaveUp);
  }

  private detach(socket: LiveSocket) {
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
  }

  private scheduleReconnect() {
    const delay = backoffDelay(this.attempt, this.opts.random);
    this.attempt += 1;
    this.setStatus('waiting');
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, delay);
  }

  private startKeepalive(socket: LiveSocket) {
    this.keepaliveTimer = setInterval(() => {
      if (this.socket !== socket) return;
      // The last ping got no answer (and nothing else came) within a whole interval: half-open TCP.
      if (this.lastPingAt && this.lastMessageAt < this.lastPingAt) {
        this.drop(socket);
        return;
      }
      this.lastPingAt = this.opts.now();
      this.send({ type: 'ping' });
    }, this.opts.keepaliveMs);
  }

  private clearTimers() {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.connectTimer) clearTimeout(this.connectTimer);
    if (this.keepaliveTimer) clearInterval(this.keepaliveTimer);
    this.reconnectTimer = this.connectTimer = this.keepaliveTimer = null;
  }

  private send(message: unknown) {
    if (this.socket?.readyState !== OPEN) return;
    this.socket.send(JSON.stringify(message));
  }

  private queueFlush() {
    if (this.flushQueued) return;
    this.flushQueued = true;
    queueMicrotask(() => {
      this.flushQueued = false;
      this.flush();
    });
  }

  /** Tells the open socket the difference between the held topics and the ones it watches. */
  private flush() {
    if (this.socket?.readyState !== OPEN) return;
    const wanted = [...this.refs.keys()];
    if (wanted.length > LIVE_MAX_TOPICS) {
      this.opts.warn(`${wanted.length} topics held; only ${LIVE_MAX_TOPICS} are watched`);
    }
    const keep = new Set(wanted.slice(0, LIVE_MAX_TOPICS));
    const subscribe = [...keep].filter((t) => !this.sent.has(t));
    const unsubscribe = [...this.sent].filter((t) => !keep.has(t));
    if (unsubscribe.length) {
      this.send({ type: 'unsubscribe', topics: unsubscribe });
      for (const t of unsubscribe) this.sent.delete(t);
    }
    if (subscribe.length) {
      this.send({ type: 'subscribe', topics: subscribe });
      for (const t of subscribe) this.sent.add(t);
    }
  }

  private receive(data: unknown) {
    if (typeof data !== 'string') return;
    const parse = this.opts.parseEvent ?? loadedParser;
    if (!parse || this.inbox.length) {
      this.inbox.push(data);
      if (parse) this.drainInbox();
      else this.ensureParser();
      return;
    }
    this.handleFrame(data, parse);
  }

  /** Fetches the shared event check unless it is given, there, or on its way. */
  private ensureParser() {
    if (this.opts.parseEvent || loadedParser || this.parserPending) return;
    this.parserPending = true;
    loadLiveEventParser().then(
      () => {
        this.parserPending = false;
        this.drainInbox();
      },
      (error: unknown) => {
        // The frames are lost (counts are absolute: the next events correct them); the next
        // frame asks again.
        this.parserPending = false;
        this.inbox = [];
        this.opts.warn('could not load the live event check', error);
      },
    );
  }

  /** Handles the frames that waited for the event check. */
  private drainInbox() {
    const parse = this.opts.parseEvent ?? loadedParser;
    if (!parse) return;
    const frames = this.inbox;
    this.inbox = [];
    for (const frame of frames) this.handleFrame(frame, parse);
  }

  private handleFrame(data: string, parse: LiveEventParser) {
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      this.opts.warn('ignored a frame that is not JSON');
      return;
    }
    const parsed = parse(json);
    if (!parsed.success) {
      this.opts.warn('ignored an event that does not match LiveEventSchema', parsed.issues);
      return;
    }
    const event = parsed.data;
    if (event.type === 'subscribed' && event.denied.length) {
      this.opts.warn('topics refused', event.denied);
    } else if (event.type === 'error') {
      this.opts.warn(`the server did not understand a message: ${event.code}`, event.message);
    }
    // An event of a topic released since (still in flight) is no longer anyone's business.
    if ('topic' in event && !this.refs.has(event.topic)) return;
    for (const h of [...(this.handlers.get(event.type) ?? [])]) {
      try {
        h(event);
      } catch (error) {
        console.error(`[live] a ${event.type} handler failed`, error);
      }
    }
  }

  private attachEnvironment() {
    if (typeof window === 'undefined' || typeof document === 'undefined') return;
    const onVisible = () => {
      if (document.visibilityState === 'visible') this.reconnectNow();
    };
    const onOnline = () => this.reconnectNow();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', onOnline);
    this.detachEnvironment = () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', onOnline);
    };
  }
}
