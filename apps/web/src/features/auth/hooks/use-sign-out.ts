import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { authClient } from '../api/auth-client';

/** Signs out, forgets every cached query of the old user, and goes to /login. Throws when it failed. */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    const result = await authClient.signOut();
    if (result.error) throw new Error(result.error.message ?? 'Sign-out failed');
    queryClient.clear();
    await navigate('/login', { replace: true });
  };
}
