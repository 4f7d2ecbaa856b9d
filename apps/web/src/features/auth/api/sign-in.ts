import type { SignInInput } from '@otakura/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /api/auth/sign-in/email: the session cookie, or `{ twoFactorRedirect: true }`. The answer's
 * schema comes with the login form's check (login-checks.ts, already loaded by the form's submit).
 */
export async function signIn(input: SignInInput) {
  const { SignInResultSchema } = await import('../login-checks');
  return api.post('/auth/sign-in/email', { body: input, schema: SignInResultSchema });
}

export function useSignInMutation() {
  return useMutation({ mutationFn: signIn });
}
