import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/**
 * Better Auth's `POST /auth/change-password`; other sessions are signed out.
 * A wrong current password is 400 `wrong_password`.
 */
export function changePassword(input: ChangePasswordInput): Promise<unknown> {
  return api.post('/auth/change-password', {
    body: { ...input, revokeOtherSessions: true },
  });
}

export function useChangePasswordMutation() {
  return useMutation({ mutationFn: changePassword });
}
