import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as AuthClient from './auth-client';

type Client = typeof AuthClient;

const SESSION = {
  session: {
    id: 's1',
    userId: 'u1',
    token: 't',
    expiresAt: '2099-01-01T00:00:00.000Z',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  },
  user: {
    id: 'u1',
    name: 'Aiko',
    email: 'aiko@example.com',
    emailVerified: true,
    username: 'aiko',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-02T03:04:05.000Z',
  },
};

const json = (body: unknown, status = 200) =>
  new Response(body === null ? 'null' : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** A fresh module per test: the store is module state, like Better Auth's was. */
async function load(): Promise<Client> {
  vi.resetModules();
  return import('./auth-client');
}

/** Other tabs: every channel made in this test, by name (Node's real one would reach old tests' stores). */
let channels: FakeChannel[] = [];
class FakeChannel {
  onmessage: ((event: MessageEvent) => void) | null = null;
  readonly sent: unknown[] = [];
  constructor(readonly name: string) {
    channels.push(this);
  }
  postMessage(data: unknown) {
    this.sent.push(data);
  }
  /** What another tab's post looks like here. */
  receive(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data }));
  }
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  channels = [];
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('BroadcastChannel', FakeChannel);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the session store', () => {
  it('is pending until get-session answers, then holds the session with dates as Dates', async () => {
    fetchMock.mockResolvedValue(json(SESSION));
    const { authClient } = await load();
    const { result } = renderHook(() => authClient.useSession());
    expect(result.current.isPending).toBe(true);
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/get-session', expect.anything());
    expect(result.current.data?.user.email).toBe('aiko@example.com');
    expect(result.current.data?.user.updatedAt).toEqual(new Date('2025-01-02T03:04:05.000Z'));
    expect(result.current.data?.session.expiresAt).toBeInstanceOf(Date);
  });

  it('answers null for a visitor, and one request serves every reader', async () => {
    fetchMock.mockResolvedValue(json(null));
    const { authClient } = await load();
    const a = renderHook(() => authClient.useSession());
    const b = renderHook(() => authClient.useSession());
    await waitFor(() => expect(a.result.current.isPending).toBe(false));
    expect(a.result.current.data).toBeNull();
    expect(b.result.current.data).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reloadSession fetches again and resolves with the new answer', async () => {
    fetchMock.mockResolvedValueOnce(json(null)).mockResolvedValueOnce(json(SESSION));
    const { authClient, reloadSession } = await load();
    const { result } = renderHook(() => authClient.useSession());
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(result.current.data).toBeNull();
    await act(() => reloadSession());
    expect(result.current.data?.user.id).toBe('u1');
  });

  it('signs out with a POST and drops the session; a refused sign-out keeps it and says why', async () => {
    fetchMock.mockResolvedValueOnce(json(SESSION));
    const { authClient } = await load();
    const { result } = renderHook(() => authClient.useSession());
    await waitFor(() => expect(result.current.data).not.toBeNull());

    fetchMock.mockResolvedValueOnce(json({ message: 'nope' }, 500));
    expect(await authClient.signOut()).toEqual({ error: { message: 'nope' } });
    expect(result.current.data).not.toBeNull();

    fetchMock.mockResolvedValueOnce(json({ success: true }));
    let outcome: Awaited<ReturnType<typeof authClient.signOut>> | undefined;
    await act(async () => {
      outcome = await authClient.signOut();
    });
    expect(outcome).toEqual({ error: null });
    expect(fetchMock).toHaveBeenLastCalledWith(
      '/api/auth/sign-out',
      expect.objectContaining({ method: 'POST', body: '{}' }),
    );
    expect(result.current.data).toBeNull();
    expect(channels[0]?.sent).toEqual(['signed-out']);
  });

  it('asks again when another tab signed out', async () => {
    fetchMock.mockResolvedValueOnce(json(SESSION)).mockResolvedValueOnce(json(null));
    const { authClient } = await load();
    const { result } = renderHook(() => authClient.useSession());
    await waitFor(() => expect(result.current.data).not.toBeNull());
    act(() => channels[0]!.receive('signed-out'));
    await waitFor(() => expect(result.current.data).toBeNull());
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('keeps what it knew when a later check fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fetchMock.mockResolvedValueOnce(json(SESSION)).mockRejectedValueOnce(new TypeError('offline'));
    const { authClient, reloadSession } = await load();
    const { result } = renderHook(() => authClient.useSession());
    await waitFor(() => expect(result.current.data).not.toBeNull());
    await act(() => reloadSession());
    expect(result.current.data?.user.id).toBe('u1');
    expect(result.current.isPending).toBe(false);
  });
});
