import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { authClient } from '../api/auth-client';
import { signOutIntent } from '../utils/sign-out-intent';

/** Signs out, goes to /login, and forgets every cached query of the old user. Throws when it failed. */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    signOutIntent.start();
    try {
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
