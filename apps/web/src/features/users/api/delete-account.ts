import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * Better Auth's `POST /auth/delete-user { password }`. The server removes the account in one
 * transaction (comments become tombstones, likes and follows are undone, files deleted).
 * A wrong password is 400 `wrong_password`.
 */
export function deleteAccount(password: string): Promise<unknown> {
  return api.post('/auth/delete-user', { body: { password } });
}

export function useDeleteAccountMutation() {
  return useMutation({ mutationFn: deleteAccount });
}
