import type { LiveEvent } from '@otakura/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from './fake-live-socket.test-helpers';
import { backoffDelay, LiveClient, liveUrl } from './live-client';

const POST = 'post:01900000-0000-7000-8000-000000000001';
const POST_2 = 'post:01900000-0000-7000-8000-000000000002';

const flush = () => Promise.resolve();

function makeClient(opts: Partial<ConstructorParameters<typeof LiveClient>[0]> = {}) {
  return new LiveClient({
    url: 'ws://example.test/api/live',
    WebSocket: FakeSocket,
    random: () => 1,
    warn: vi.fn(),
    ...opts,
  });
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('backoffDelay', () => {
  it('doubles from 0.5 s and stops at 30 s, with up to half of it random', () => {
    const max = (n: number) => backoffDelay(n, () => 1);
    expect([0, 1, 2, 3, 4, 5, 6, 7, 20].map(max)).toEqual([
      500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(backoffDelay(0, () => 0)).toBe(250);
    expect(backoffDelay(10, () => 0)).toBe(15000);
  });
});

describe('liveUrl', () => {
  it('uses wss: on an https page and ws: otherwise, on the same host', () => {
    expect(liveUrl({ protocol: 'https:', host: 'otakura.example' })).toBe(
      'wss://otakura.example/api/live',
    );
    expect(liveUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe(
      'ws://localhost:5173/api/live',
    );
  });
});

describe('LiveClient', () => {
  it('subscribes to held topics once open, reference counted, in one message per change', async () => {
    const client = makeClient();
    const releaseA = client.acquire(POST);
    const releaseB = client.acquire(POST);
    client.acquire(POST_2);
    client.start();
    FakeSocket.last.open();
    expect(FakeSocket.last.sent).toEqual([{ type: 'subscribe', topics: [POST, POST_2] }]);

    releaseA();
    await flush();
    expect(FakeSocket.last.sent).toHaveLength(1); // still held by B
    releaseB();
    releaseB(); // a second release is harmless
    await flush();
    expect(FakeSocket.last.sent[1]).toEqual({ type: 'unsubscribe', topics: [POST] });
    expect(client.topics()).toEqual([POST_2]);
  });

  it('refuses topics that are not topics, instead of breaking the whole subscribe message', async () => {
    const warn = vi.fn();
    const client = makeClient({ warn });
    client.start();
    FakeSocket.last.open();
    client.acquire('post:not-an-id');
    await flush();
    expect(FakeSocket.last.sent).toEqual([]);
    expect(warn).toHaveBeenCalled();
  });

  it('reconnects with growing backoff and resubscribes every held topic', async () => {
    const client = makeClient();
    client.acquire(POST);
    client.start();
    const first = FakeSocket.last;
    first.open();

    first.serverClose(1006);
    expect(client.status).toBe('waiting');
    await vi.advanceTimersByTimeAsync(499);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(2);

    // Fails before opening: the next wait is 1 s, then 2 s.
    FakeSocket.last.serverClose(1006);
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeSocket.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(3);
    FakeSocket.last.serverClose(1006);
    await vi.advanceTimersByTimeAsync(2000);
    expect(FakeSocket.all).toHaveLength(4);

    FakeSocket.last.open();
    expect(FakeSocket.last.sent).toEqual([{ type: 'subscribe', topics: [POST] }]);
    expect(client.status).toBe('open');
  });

  it('never waits more than about 30 s, and starts again from 0.5 s after a connection that lasted', async () => {
    const client = makeClient();
    client.start();
    for (let i = 0; i < 12; i++) {
      FakeSocket.last.serverClose(1006);
      await vi.advanceTimersByTimeAsync(30_000);
    }
    expect(FakeSocket.all).toHaveLength(13);

    FakeSocket.last.open();
    await vi.advanceTimersByTimeAsync(60_000);
    FakeSocket.last.receive({ type: 'pong' });
    FakeSocket.last.serverClose(1001);
    await vi.advanceTimersByTimeAsync(500);
    expect(FakeSocket.all).toHaveLength(14);
  });

  it('stops on 4401 and reports the lost session; stops on 4403', async () => {
    const onUnauthorized = vi.fn();
    const client = makeClient({ onUnauthorized });
    client.start();
    FakeSocket.last.open();
    FakeSocket.last.serverClose(4401);
    expect(onUnauthorized).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(client.status).toBe('stopped');

    client.start();
    FakeSocket.last.serverClose(4403);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('reconnects at once when the browser comes back online', async () => {
    const client = makeClient();
    client.start();
    for (let i = 0; i < 6; i++) {
      FakeSocket.last.serverClose(1006);
      await vi.advanceTimersByTimeAsync(30_000);
    }
    FakeSocket.last.serverClose(1006);
    const before = FakeSocket.all.length;
    window.dispatchEvent(new Event('online'));
    expect(FakeSocket.all).toHaveLength(before + 1);
    client.stop();
  });

  it('pings every 45 s and drops a link that stayed silent for a whole interval', async () => {
    const client = makeClient();
    client.start();
    const socket = FakeSocket.last;
    socket.open();
    await vi.advanceTimersByTimeAsync(45_000);
    expect(socket.sent).toEqual([{ type: 'ping' }]);
    socket.receive({ type: 'pong' });
    await vi.advanceTimersByTimeAsync(45_000);
    expect(socket.sent).toEqual([{ type: 'ping' }, { type: 'ping' }]);
    // No pong this time: the next tick gives up on the socket and reconnects.
    await vi.advanceTimersByTimeAsync(45_000);
    expect(socket.closedWith).toBe(4000);
    await vi.advanceTimersByTimeAsync(500);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('gives up on a socket that does not open within 30 s', async () => {
    const client = makeClient();
    client.start();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(FakeSocket.all[0]!.closedWith).toBe(4000);
    await vi.advanceTimersByTimeAsync(500);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('calls handlers for valid events of held topics only, and ignores invalid frames', async () => {
    const warn = vi.fn();
    const client = makeClient({ warn });
    const liked = vi.fn();
    const subscribed = vi.fn();
    client.on('comment.liked', liked);
    client.on('subscribed', subscribed);
    const release = client.acquire(POST);
    client.start();
    const socket = FakeSocket.last;
    socket.open();

    const event: LiveEvent = {
      type: 'comment.liked',
      topic: POST,
      commentId: 'c1',
      likeCount: 3,
      actorId: 'u2',
    };
    socket.receive(event);
    socket.receive({ ...event, topic: POST_2 }); // not ours
    socket.receive('not json');
    socket.receive({ type: 'comment.liked', topic: POST, commentId: 'c1' }); // no count
    socket.receive({ type: 'made.up' });
    socket.receive({ type: 'subscribed', topics: [POST], denied: [] });
    expect(liked).toHaveBeenCalledExactlyOnceWith(event);
    expect(subscribed).toHaveBeenCalledOnce();
    expect(warn).toHaveBeenCalledTimes(3);

    // Released: an event still in flight for it is dropped.
    release();
    socket.receive(event);
    expect(liked).toHaveBeenCalledOnce();
  });

  it('keeps going when a handler throws', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const client = makeClient();
    const second = vi.fn();
    client.on('resync', () => {
      throw new Error('boom');
    });
    client.on('resync', second);
    client.start();
    FakeSocket.last.open();
    FakeSocket.last.receive({ type: 'resync' });
    expect(second).toHaveBeenCalledOnce();
    expect(error).toHaveBeenCalled();
  });

  it('closes the socket on stop and does not reconnect; a later start opens a new one', async () => {
    const client = makeClient();
    client.acquire(POST);
    client.start();
    FakeSocket.last.open();
    client.stop();
    expect(FakeSocket.last.closedWith).toBe(1000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    client.start();
    FakeSocket.last.open();
    expect(FakeSocket.last.sent).toEqual([{ type: 'subscribe', topics: [POST] }]);
  });
});
