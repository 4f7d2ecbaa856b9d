import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from './fake-live-socket.test-helpers';

/*
 * The event check (zod) is its own chunk, fetched with the first start(): frames that arrive
 * before it are held and handled in order once it is there. vitest.setup.ts loads it before every
 * test file, so this file starts from fresh modules with a check that arrives when the test says.
 */
const POST = 'post:01900000-0000-7000-8000-000000000001';
const liked = (likeCount: number) => ({
  type: 'post.liked',
  topic: POST,
  postId: 'p1',
  likeCount,
  actorId: 'u1',
});

afterEach(() => {
  vi.doUnmock('./live-event-check');
  vi.resetModules();
});

async function freshClient(gate: Promise<void>) {
  vi.resetModules();
  const loads = vi.fn();
  vi.doMock('./live-event-check', async (importOriginal) => {
    loads();
    await gate;
    return importOriginal();
  });
  const { LiveClient } = await import('./live-client');
  FakeSocket.all = [];
  const warn = vi.fn();
  const client = new LiveClient({ url: 'ws://example.test/api/live', WebSocket: FakeSocket, warn });
  return { client, warn, loads };
}

describe('LiveClient without its event check yet', () => {
  it('holds frames until the check is loaded, then handles them in order', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const { client, warn, loads } = await freshClient(gate);
    const seen: number[] = [];
    client.on('post.liked', (e) => seen.push(e.likeCount));
    client.acquire(POST);
    client.start();
    FakeSocket.last.open();
    FakeSocket.last.receive(liked(1));
    FakeSocket.last.receive({ type: 'post.liked', topic: POST }); // invalid: dropped, warned
    FakeSocket.last.receive(liked(2));
    await Promise.resolve();
    expect(seen).toEqual([]);
    await vi.waitFor(() => expect(loads).toHaveBeenCalledTimes(1));

    open();
    await vi.waitFor(() => expect(seen).toEqual([1, 2]));
    expect(warn).toHaveBeenCalledWith(
      'ignored an event that does not match LiveEventSchema',
      expect.any(Array),
    );
    // From now on frames are handled as they arrive.
    FakeSocket.last.receive(liked(3));
    expect(seen).toEqual([1, 2, 3]);
    client.stop();
  });

  it('drops held frames on stop()', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const { client } = await freshClient(gate);
    const seen: number[] = [];
    client.on('post.liked', (e) => seen.push(e.likeCount));
    client.acquire(POST);
    client.start();
    FakeSocket.last.open();
    FakeSocket.last.receive(liked(1));
    client.stop();
    open();
    await vi.waitFor(async () => {
      const { loadLiveEventParser } = await import('./live-client');
      await loadLiveEventParser();
    });
    await Promise.resolve();
    expect(seen).toEqual([]);
  });
});
