import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { authClient } from '../api/auth-client';

/** Signs out, goes to /login, and forgets every cached query of the old user. Throws when it failed. */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    const result = await authClient.signOut();
    if (result.error) throw new Error(result.error.message ?? 'Sign-out failed');
    // Leave the protected page at once (flushSync, not a transition that keeps it on screen while
    // the login page loads): still mounted, its RequireAuth would see the session end and send the
    // user to /login "remembering" the page they just left, and its queries would refetch.
    await navigate('/login', { replace: true, flushSync: true });
    queryClient.clear();
  };
}
