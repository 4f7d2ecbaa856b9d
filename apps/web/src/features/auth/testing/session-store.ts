import { useSyncExternalStore } from 'react';
import { vi } from 'vitest';
import { useSession, type SessionState } from '../hooks/use-session';

/**
 * Backs the mocked `useSession` with a tiny store, so a test can change the session (a refetch
 * after verifying, enabling two-factor…) and see the app re-render, as Better Auth's store does.
 * The test file must mock the hook: `vi.mock('@/features/auth/hooks/use-session', …)`.
 */
export function mockSessionStore(initial: SessionState) {
  let state = initial;
  const listeners = new Set<() => void>();
  vi.mocked(useSession).mockImplementation(() =>
    useSyncExternalStore(
      (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      () => state,
    ),
  );
  return {
    set(next: SessionState) {
      state = next;
      listeners.forEach((l) => l());
    },
  };
}
