import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { LiveClient, liveUrl } from './live-client';

const LiveClientContext = createContext<LiveClient | null>(null);

export interface LiveClientProviderProps {
  /** Open the socket (while signed in). */
  enabled: boolean;
  /** Changes when another user signs in: the socket is opened again with the new session. */
  sessionKey?: string | null;
  /** The server closed the socket with 4401 (the session is gone). */
  onUnauthorized?: () => void;
  /** A client to use instead of the real one (tests). */
  client?: LiveClient;
  children: ReactNode;
}

/**
 * Owns the one live socket of this tab. Without a provider (or while signed out) the hooks do
 * nothing, so every screen works the same, only without live updates. A `resync` from the server
 * (events may have been lost) refetches every query on screen.
 */
export function LiveClientProvider({
  enabled,
  sessionKey,
  onUnauthorized,
  client: given,
  children,
}: LiveClientProviderProps) {
  const queryClient = useQueryClient();
  const [client] = useState(() => given ?? new LiveClient({ url: () => liveUrl() }));

  useEffect(() => {
    if (!onUnauthorized) return;
    return client.onUnauthorized(onUnauthorized);
  }, [client, onUnauthorized]);

  useEffect(() => {
    if (!enabled) return;
    client.start();
    return () => client.stop();
  }, [client, enabled, sessionKey]);

  useEffect(
    () => client.on('resync', () => void queryClient.invalidateQueries()),
    [client, queryClient],
  );

  return <LiveClientContext.Provider value={client}>{children}</LiveClientContext.Provider>;
}

/** The tab's live client, or null outside a `LiveClientProvider`. */
export function useLiveClient(): LiveClient | null {
  return useContext(LiveClientContext);
}
