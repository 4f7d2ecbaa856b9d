import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/two-factor/disable: needs the password (DESIGN.md: sensitive action). */
export async function disableTwoFactor(password: string): Promise<void> {
  await api.post('/auth/two-factor/disable', { body: { password } });
}

export function useDisableTwoFactorMutation() {
  return useMutation({ mutationFn: disableTwoFactor });
}
