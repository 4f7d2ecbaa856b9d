import {
  SendVerificationEmailResultSchema,
  VERIFY_EMAIL_CALLBACK,
  type SendVerificationEmailInput,
  type SendVerificationEmailResult,
} from '@otakura/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /api/auth/send-verification-email: one mail per account every 3 minutes. The answer
 * says how long until the next one may be asked for. `automatic` (the gate's send on arrival)
 * sends nothing when a mail went out within the cooldown and never answers 429; a manual
 * resend within the cooldown is 429 with `retryAfter`.
 */
export async function sendVerificationEmail(
  email: string,
  options: { automatic?: boolean } = {},
): Promise<SendVerificationEmailResult> {
  const body: SendVerificationEmailInput = {
    email,
    callbackURL: VERIFY_EMAIL_CALLBACK,
    ...(options.automatic ? { automatic: true } : {}),
  };
  return api.post('/auth/send-verification-email', {
    body,
    schema: SendVerificationEmailResultSchema,
  });
}

export function useSendVerificationEmailMutation() {
  return useMutation({ mutationFn: (email: string) => sendVerificationEmail(email) });
}
