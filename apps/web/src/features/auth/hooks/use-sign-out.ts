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
    // Leave the protected page first: clearing the cache under it would refetch its queries,
    // whose 401 would send the user to /login "remembering" the page they just left.
    await navigate('/login', { replace: true });
    queryClient.clear();
  };
}
