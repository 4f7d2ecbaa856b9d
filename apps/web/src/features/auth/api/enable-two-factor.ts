import { TwoFactorEnableResultSchema } from '@otakura/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /api/auth/two-factor/enable: checks the password and answers the TOTP URI (for the QR code)
 * and the backup codes. Two-factor is on only once a code is confirmed with verify-totp.
 */
export function enableTwoFactor(password: string) {
  return api.post('/auth/two-factor/enable', {
    body: { password },
    schema: TwoFactorEnableResultSchema,
  });
}

export function useEnableTwoFactorMutation() {
  return useMutation({ mutationFn: enableTwoFactor });
}
