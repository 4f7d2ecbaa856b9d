import {
  RESET_PASSWORD_ROUTE,
  RequestPasswordResetResultSchema,
  type RequestPasswordResetInput,
} from '@otakura/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ChallengeHeaders } from './get-challenge';

/**
 * POST /api/auth/request-password-reset: always the same neutral answer, whether or not the
 * address has an account (DESIGN.md). The mailed link leads to /reset-password.
 */
export function requestPasswordReset(email: string, headers: ChallengeHeaders) {
  const body: RequestPasswordResetInput = { email, redirectTo: RESET_PASSWORD_ROUTE };
  return api.post('/auth/request-password-reset', {
    body,
    headers,
    schema: RequestPasswordResetResultSchema,
  });
}

export function useRequestPasswordResetMutation() {
  return useMutation({
    mutationFn: ({ email, headers }: { email: string; headers: ChallengeHeaders }) =>
      requestPasswordReset(email, headers),
  });
}
