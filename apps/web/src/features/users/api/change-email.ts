import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './user-keys';

/** Where the confirmation link brings the user back to. */
export const CHANGE_EMAIL_CALLBACK = '/your-account';

/**
 * Better Auth's `POST /auth/change-email`: mails a confirmation link; the address changes
 * (verified) once it is opened. Errors arrive in our shape (`same_email`, `email_taken`, …).
 */
export function changeEmail(newEmail: string): Promise<unknown> {
  return api.post('/auth/change-email', {
    body: { newEmail, callbackURL: CHANGE_EMAIL_CALLBACK },
  });
}

export function useChangeEmailMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    // An unverified address may change at once; read it back either way.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.me() }),
  });
}
