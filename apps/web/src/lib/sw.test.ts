import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

const SOURCE = readFileSync(path.resolve(__dirname, '../../public/sw.js'), 'utf8');
const ORIGIN = 'https://otakura.example';

type Listener = (event: Record<string, unknown>) => void;

interface FakeClient {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

/** Runs public/sw.js against a stand-in worker scope and returns its listeners and spies. */
function loadWorker(tabs: FakeClient[] = []) {
  const listeners = new Map<string, Listener>();
  const showNotification = vi.fn(async (_title: string, _options: object) => undefined);
  const openWindow = vi.fn(async () => null);
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    registration: { showNotification },
    clients: { matchAll: vi.fn(async () => tabs), openWindow, claim: vi.fn() },
    addEventListener: (type: string, fn: Listener) => listeners.set(type, fn),
    skipWaiting: vi.fn(),
  };
  runInNewContext(SOURCE, { self, caches: {}, fetch, URL, Response, console });
  /** Fires `type` and resolves what the handler handed to `waitUntil`. */
  const fire = async (type: string, event: Record<string, unknown>) => {
    let work: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) });
    return work;
  };
  return { fire, showNotification, openWindow };
}

const pushEvent = (payload: unknown) => ({
  data: { json: () => (typeof payload === 'string' ? JSON.parse(payload) : payload) },
});

describe('service worker: Web Push', () => {
  it('shows the PushPayload: title, body, its tag (the newer replaces the older) and the link', async () => {
    const { fire, showNotification } = loadWorker();
    await fire(
      'push',
      pushEvent({
        title: 'Otakura',
        body: 'Rin liked your post.',
        link: '/post/p1',
        tag: 'like:post:p1',
      }),
    );
    expect(showNotification).toHaveBeenCalledWith('Otakura', {
      body: 'Rin liked your post.',
      tag: 'like:post:p1',
      renotify: true,
      icon: '/icon-192.png',
      data: { link: `${ORIGIN}/post/p1` },
    });
  });

  it('ignores a push without a readable payload', async () => {
    const { fire, showNotification } = loadWorker();
    await fire('push', { data: { json: () => JSON.parse('not json') } });
    await fire('push', { data: null });
    expect(showNotification).not.toHaveBeenCalled();
  });

  it('on click focuses an open tab and takes it to the link', async () => {
    const tab: FakeClient = {
      url: `${ORIGIN}/feed`,
      focus: vi.fn(),
      navigate: vi.fn(async () => tab),
    };
    tab.focus.mockResolvedValue(tab);
    const { fire, openWindow } = loadWorker([tab]);
    const close = vi.fn();
    await fire('notificationclick', {
      notification: { close, data: { link: `${ORIGIN}/post/p1` } },
    });
    expect(close).toHaveBeenCalled();
    expect(tab.focus).toHaveBeenCalled();
    expect(tab.navigate).toHaveBeenCalledWith(`${ORIGIN}/post/p1`);
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('on click opens the link when no tab is open, and never another site', async () => {
    const { fire, openWindow } = loadWorker([]);
    await fire('notificationclick', {
      notification: { close: vi.fn(), data: { link: `${ORIGIN}/user/u1` } },
    });
    expect(openWindow).toHaveBeenCalledWith(`${ORIGIN}/user/u1`);

    const { fire: fire2, showNotification } = loadWorker([]);
    await fire2(
      'push',
      pushEvent({ title: 'x', body: 'y', link: 'https://evil.example/phish', tag: 't' }),
    );
    expect(showNotification.mock.calls[0]?.[1]).toMatchObject({
      data: { link: `${ORIGIN}/notifications` },
    });
  });
});
