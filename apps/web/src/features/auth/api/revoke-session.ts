import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authKeys } from './auth-keys';

/** POST /api/auth/revoke-session: ends one session (by its token, from list-sessions). */
export async function revokeSession(token: string): Promise<void> {
  await api.post('/auth/revoke-session', { body: { token } });
}

export function useRevokeSessionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: authKeys.sessions() }),
  });
}
