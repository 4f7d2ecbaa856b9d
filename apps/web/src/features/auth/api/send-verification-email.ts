import { VERIFY_EMAIL_CALLBACK, type SendVerificationEmailInput } from '@otakura/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/send-verification-email: one mail per account every 3 minutes (429 otherwise). */
export async function sendVerificationEmail(email: string): Promise<void> {
  const body: SendVerificationEmailInput = { email, callbackURL: VERIFY_EMAIL_CALLBACK };
  await api.post('/auth/send-verification-email', { body });
}

export function useSendVerificationEmailMutation() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
