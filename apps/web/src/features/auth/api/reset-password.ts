import type { ResetPasswordInput } from '@otakura/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/reset-password: sets the new password; every session of the account ends. */
export async function resetPassword(input: ResetPasswordInput): Promise<void> {
  await api.post('/auth/reset-password', { body: input });
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: resetPassword });
}
