import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { authClient } from '../api/auth-client';
import { signOutIntent } from '../utils/sign-out-intent';

/**
 * Signs out, goes to /login, and forgets every cached query of the old user. Throws when it
 * failed. This device's push subscription goes first (while the session can still delete it),
 * so the next person on it never gets the old account's notifications.
 */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    signOutIntent.start();
    try {
      // Imported here: signing out is rare, and every page has the button.
      await import('@/lib/push')
        .then((push) => push.unsubscribeFromPush())
        .catch((error: unknown) => {
          console.warn('push unsubscribe on sign-out failed', error);
        });
      const result = await authClient.signOut();
      if (result.error) throw new Error(result.error.message ?? 'Sign-out failed');
    } catch (error) {
      signOutIntent.end();
      throw error;
    }
    await navigate('/login', { replace: true });
    queryClient.clear();
  };
}
