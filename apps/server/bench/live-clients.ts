/**
 * A child process of `live.suite.ts`: holds its share of the benchmark's WebSocket clients
 * (real `ws` sockets on loopback) and records when each event reaches each socket. Driven by
 * the parent over IPC (`LiveClientsCommand`), so the load generator never shares an event loop
 * with the server it measures, nor with the parent that triggers the events.
 *
 * Timestamps are `performance.timeOrigin + performance.now()` (ms since the epoch with
 * sub-millisecond resolution), comparable with the parent's on the same machine.
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

export type SocketKind = 'live' | 'base';

export type LiveClientsCommand =
  | {
      cmd: 'connect';
      id: number;
      kind: SocketKind;
      url: string;
      /** One cookie per socket to open (empty string: none). */
      cookies: string[];
      /** Live sockets subscribe to these topics and wait for `subscribed`. */
      topics: string[];
      concurrency: number;
    }
  | { cmd: 'await'; id: number; key: string; count: number; timeoutMs: number }
  | { cmd: 'collect'; id: number }
  | { cmd: 'close'; id: number };

export type LiveClientsReply =
  | {
      id: number;
      ok: true;
      connected?: number;
      received?: number;
      times?: Record<string, number[]>;
    }
  | { id: number; ok: false; error: string };

const now = () => performance.timeOrigin + performance.now();

const sockets: Record<SocketKind, WebSocket[]> = { live: [], base: [] };
/** Receipt times per event key (`postId:likeCount`), every socket of this process. */
let times = new Map<string, number[]>();
const waiters = new Set<() => void>();

function onMessage(data: WebSocket.RawData): void {
  const at = now();
  const text = data.toString();
  // Only the benchmark's events are timed; `subscribed` answers and the like are ignored.
  if (!text.startsWith('{"type":"post.liked"')) return;
  const e = JSON.parse(text) as { postId: string; likeCount: number };
  const key = `${e.postId}:${e.likeCount}`;
  let list = times.get(key);
  if (!list) times.set(key, (list = []));
  list.push(at);
  if (waiters.size) for (const w of [...waiters]) w();
}

function openOne(url: string, cookie: string, topics: string[]): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, {
      headers: cookie ? { cookie } : {},
      perMessageDeflate: false,
    });
    const fail = (err: Error) => reject(err);
    ws.once('error', fail);
    ws.once('close', (code, reason) =>
      reject(new Error(`closed ${code} ${reason.toString()} before ready`)),
    );
    ws.once('open', () => {
      if (!topics.length) {
        ready();
        return;
      }
      const onFirst = (data: WebSocket.RawData) => {
        const text = data.toString();
        if (!text.startsWith('{"type":"subscribed"')) return;
        ws.off('message', onFirst);
        const answer = JSON.parse(text) as { topics: string[]; denied: unknown[] };
        if (answer.denied.length) reject(new Error(`denied ${JSON.stringify(answer.denied)}`));
        else ready();
      };
      ws.on('message', onFirst);
      ws.send(JSON.stringify({ type: 'subscribe', topics }));
    });
    function ready() {
      ws.off('error', fail);
      ws.removeAllListeners('close');
      ws.on('error', () => undefined);
      ws.on('message', onMessage);
      resolve(ws);
    }
  });
}

async function connect(c: Extract<LiveClientsCommand, { cmd: 'connect' }>): Promise<number> {
  let next = 0;
  const worker = async () => {
    while (next < c.cookies.length) {
      const cookie = c.cookies[next++]!;
      sockets[c.kind].push(await openOne(c.url, cookie, c.topics));
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, c.concurrency) }, worker));
  return sockets[c.kind].length;
}

function awaitCount(key: string, count: number, timeoutMs: number): Promise<number> {
  const have = () => times.get(key)?.length ?? 0;
  if (have() >= count) return Promise.resolve(have());
  return new Promise((resolve) => {
    const check = () => {
      if (have() < count) return;
      clearTimeout(timer);
      waiters.delete(check);
      resolve(have());
    };
    const timer = setTimeout(() => {
      waiters.delete(check);
      resolve(have());
    }, timeoutMs);
    waiters.add(check);
  });
}

async function handle(c: LiveClientsCommand): Promise<LiveClientsReply> {
  switch (c.cmd) {
    case 'connect':
      return { id: c.id, ok: true, connected: await connect(c) };
    case 'await':
      return { id: c.id, ok: true, received: await awaitCount(c.key, c.count, c.timeoutMs) };
    case 'collect': {
      const out = Object.fromEntries(times);
      times = new Map();
      return { id: c.id, ok: true, times: out };
    }
    case 'close':
      for (const list of Object.values(sockets)) for (const ws of list) ws.terminate();
      setImmediate(() => process.exit(0));
      return { id: c.id, ok: true };
  }
}

process.on('message', (msg: LiveClientsCommand) => {
  handle(msg).then(
    (reply) => process.send?.(reply),
    (err: unknown) =>
      process.send?.({
        id: msg.id,
        ok: false,
        error: err instanceof Error ? err.message : String(err),
      }),
  );
});
process.on('disconnect', () => process.exit(0));
