/** LiveHub fan-out without a network: fake sockets record what the hub sends them. */
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { liveTopics, type LiveEvent } from '@otakura/shared';
import { createMemoryLiveBus } from './live-bus';
import { LIVE_CLOSE, LiveHub } from './live-hub';

class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  readonly sent: { data: unknown; options: unknown }[] = [];
  closedWith: number | undefined;
  send(data: unknown, options?: unknown): void {
    this.sent.push({ data, options });
  }
  close(code: number): void {
    this.closedWith = code;
    this.readyState = 2;
  }
  pings = 0;
  terminated = false;
  ping(): void {
    this.pings++;
  }
  terminate(): void {
    this.terminated = true;
    this.readyState = 3;
  }
  /** What the client sent, as the hub's message listener sees it. */
  receive(message: unknown): void {
    this.emit('message', Buffer.from(JSON.stringify(message)), false);
  }
  events(): LiveEvent[] {
    return this.sent.map(({ data }) => JSON.parse(String(data)) as LiveEvent);
  }
}

const postId = '0190a0b0-0000-7000-8000-000000000001';
const topic = liveTopics.post(postId);
const liked = (likeCount: number): LiveEvent => ({
  type: 'post.liked',
  topic,
  postId,
  likeCount,
  actorId: '0190a0b0-0000-7000-8000-000000000009',
});

function setup(n: number, keepaliveMs?: number) {
  const bus = createMemoryLiveBus();
  const hub = new LiveHub({ bus, keepaliveMs, maxBufferedBytes: 1000, maxConnectionsPerUser: n });
  const sockets = Array.from({ length: n }, () => new FakeSocket());
  for (const s of sockets) {
    hub.attach(s as unknown as WebSocket, { id: '0190a0b0-0000-7000-8000-0000000000aa' });
    s.receive({ type: 'subscribe', topics: [topic] });
    s.sent.length = 0; // the `subscribed` answer
  }
  return { bus, hub, sockets };
}

describe('LiveHub fan-out', () => {
  it('sends one encoded text frame, uncompressed, the same bytes to every watcher', async () => {
    const { bus, hub, sockets } = setup(3);
    await bus.publish(liked(1));
    const frames = sockets.map((s) => s.sent[0]!);
    expect(sockets.map((s) => s.events())).toEqual([[liked(1)], [liked(1)], [liked(1)]]);
    expect(Buffer.isBuffer(frames[0]!.data)).toBe(true);
    expect(frames[1]!.data).toBe(frames[0]!.data);
    expect(frames[0]!.options).toEqual({ binary: false, compress: false });
    hub.close();
  });

  it('closes a socket too slow to read (4408) and still delivers to the ones after it', async () => {
    const { bus, hub, sockets } = setup(4);
    sockets[1]!.bufferedAmount = 1001;
    await bus.publish(liked(1));
    expect(sockets[1]!.closedWith).toBe(LIVE_CLOSE.timeout);
    expect(sockets[1]!.sent).toEqual([]);
    expect([0, 2, 3].map((i) => sockets[i]!.events())).toEqual([
      [liked(1)],
      [liked(1)],
      [liked(1)],
    ]);
    expect(hub.watchers(topic)).toBe(3);
    expect(hub.size).toBe(3);

    await bus.publish(liked(2));
    expect(sockets[1]!.sent).toEqual([]);
    expect(sockets[3]!.events()).toEqual([liked(1), liked(2)]);
    hub.close();
  });

  it('skips sockets that are no longer open', async () => {
    const { bus, hub, sockets } = setup(2);
    sockets[0]!.readyState = 2;
    await bus.publish(liked(1));
    expect(sockets[0]!.sent).toEqual([]);
    expect(sockets[1]!.events()).toEqual([liked(1)]);
    hub.close();
  });
});

describe('LiveHub keepalive', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('spreads the pings over the interval: each socket once per round, silent ones dropped on their turn', () => {
    vi.useFakeTimers();
    const { hub, sockets } = setup(90, 45_000);
    vi.advanceTimersByTime(1000); // one tick of 45
    expect(sockets.filter((s) => s.pings === 1)).toHaveLength(2);
    expect(sockets.filter((s) => s.pings > 1)).toHaveLength(0);
    vi.advanceTimersByTime(44_000); // the rest of the round
    expect(sockets.every((s) => s.pings === 1)).toBe(true);

    // Every socket but the first answers (a pong); the first stays silent.
    for (const s of sockets.slice(1)) s.emit('pong');
    vi.advanceTimersByTime(45_000);
    expect(sockets[0]!.terminated).toBe(true);
    expect(sockets.slice(1).every((s) => !s.terminated && s.pings === 2)).toBe(true);
    expect(hub.size).toBe(89);
    hub.close();
  });
});
