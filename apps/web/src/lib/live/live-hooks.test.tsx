import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from './fake-live-socket.test-helpers';
import { LiveClient } from './live-client';
import { LiveClientProvider } from './live-provider';
import { useLiveEvent } from './use-live-event';
import { useLiveTopics } from './use-live-topics';

const POST = 'post:01900000-0000-7000-8000-000000000001';

function setup(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const client = new LiveClient({
    url: 'ws://example.test/api/live',
    WebSocket: FakeSocket,
    random: () => 1,
    warn: () => undefined,
  });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <LiveClientProvider enabled client={client}>
        {ui}
      </LiveClientProvider>
    </QueryClientProvider>,
  );
  return { queryClient, client, ...utils };
}

beforeEach(() => {
  FakeSocket.all = [];
});

function PostWatcher({ fetcher }: { fetcher: () => Promise<string> }) {
  const query = useQuery({ queryKey: ['posts', 'detail', '1'], queryFn: fetcher });
  useLiveTopics([POST, null, 'post:not-an-id'], {
    onSubscribed: (topic, { again }) => {
      if (topic === POST && again) void query.refetch();
    },
  });
  return <p>{query.data ?? '…'}</p>;
}

describe('useLiveTopics', () => {
  it('subscribes while mounted and refetches its data when a reconnect confirms it again', async () => {
    let version = 0;
    const fetcher = vi.fn(async () => `v${++version}`);
    const { unmount } = setup(<PostWatcher fetcher={fetcher} />);
    await screen.findByText('v1');
    const socket = FakeSocket.last;
    act(() => socket.open());
    expect(socket.sent).toEqual([{ type: 'subscribe', topics: [POST] }]);

    // The first confirmation: the data was just fetched, nothing to refetch.
    act(() => socket.receive({ type: 'subscribed', topics: [POST], denied: [] }));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(fetcher).toHaveBeenCalledTimes(1);

    // A reconnect resubscribes; the confirmation refetches what may have been missed.
    act(() => socket.serverClose(1006));
    await act(() => new Promise((r) => setTimeout(r, 600)));
    const next = FakeSocket.last;
    expect(next).not.toBe(socket);
    act(() => next.open());
    expect(next.sent).toEqual([{ type: 'subscribe', topics: [POST] }]);
    act(() => next.receive({ type: 'subscribed', topics: [POST], denied: [] }));
    await screen.findByText('v2');

    unmount();
  });

  it('subscribes and unsubscribes only the difference when the list changes', async () => {
    const OTHER = 'post:01900000-0000-7000-8000-000000000002';
    function Watcher() {
      const [topics, setTopics] = useState([POST]);
      useLiveTopics(topics);
      return <button onClick={() => setTopics([OTHER, 'feed'])}>change</button>;
    }
    setup(<Watcher />);
    const socket = FakeSocket.last;
    act(() => socket.open());
    await waitFor(() => expect(socket.sent).toEqual([{ type: 'subscribe', topics: [POST] }]));
    act(() => screen.getByText('change').click());
    await waitFor(() =>
      expect(socket.sent.slice(1)).toEqual([
        { type: 'unsubscribe', topics: [POST] },
        { type: 'subscribe', topics: ['feed', OTHER] },
      ]),
    );
  });

  it('unsubscribes when the last watcher leaves', async () => {
    function Toggle() {
      const [shown, setShown] = useState(true);
      return (
        <>
          <button onClick={() => setShown(false)}>hide</button>
          {shown ? <PostWatcher fetcher={async () => 'x'} /> : null}
        </>
      );
    }
    setup(<Toggle />);
    const socket = FakeSocket.last;
    act(() => socket.open());
    act(() => screen.getByText('hide').click());
    await waitFor(() =>
      expect(socket.sent).toContainEqual({ type: 'unsubscribe', topics: [POST] }),
    );
  });
});

describe('useLiveEvent and resync', () => {
  it('hands validated events to the latest handler; resync refetches every active query', async () => {
    const seen: string[] = [];
    let version = 0;
    function Listener() {
      const [prefix, setPrefix] = useState('a');
      useLiveEvent('comment.liked', (e) => seen.push(`${prefix}:${e.likeCount}`));
      useLiveTopics([POST]);
      const query = useQuery({ queryKey: ['anything'], queryFn: async () => `r${++version}` });
      return <button onClick={() => setPrefix('b')}>{query.data ?? '…'}</button>;
    }
    setup(<Listener />);
    await screen.findByText('r1');
    const socket = FakeSocket.last;
    act(() => socket.open());
    const liked = {
      type: 'comment.liked',
      topic: POST,
      commentId: 'c',
      likeCount: 4,
      actorId: 'u',
    };
    act(() => socket.receive(liked));
    act(() => screen.getByText('r1').click());
    act(() => socket.receive({ ...liked, likeCount: 5 }));
    expect(seen).toEqual(['a:4', 'b:5']);

    act(() => socket.receive({ type: 'resync' }));
    await screen.findByText('r2');
  });
});
