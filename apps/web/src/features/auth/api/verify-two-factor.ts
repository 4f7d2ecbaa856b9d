import type { VerifyBackupCodeInput, VerifyTotpInput } from '@otakura/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /api/auth/two-factor/verify-totp: completes a two-factor sign-in, or (signed in) confirms
 * turning two-factor on.
 */
export async function verifyTotp(input: VerifyTotpInput): Promise<void> {
  await api.post('/auth/two-factor/verify-totp', { body: input });
}

/** POST /api/auth/two-factor/verify-backup-code: completes a sign-in; each code works once. */
export async function verifyBackupCode(input: VerifyBackupCodeInput): Promise<void> {
  await api.post('/auth/two-factor/verify-backup-code', { body: input });
}

export function useVerifyTotpMutation() {
  return useMutation({ mutationFn: verifyTotp });
}

export function useVerifyBackupCodeMutation() {
  return useMutation({ mutationFn: verifyBackupCode });
}
