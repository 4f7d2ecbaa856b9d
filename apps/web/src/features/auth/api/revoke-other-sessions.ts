import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authKeys } from './auth-keys';

/** POST /api/auth/revoke-other-sessions: ends every session but this one. */
export async function revokeOtherSessions(): Promise<void> {
  await api.post('/auth/revoke-other-sessions', { body: {} });
}

export function useRevokeOtherSessionsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: authKeys.sessions() }),
  });
}
