import { SignInResultSchema, type SignInInput } from '@otakura/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/sign-in/email: the session cookie, or `{ twoFactorRedirect: true }`. */
export function signIn(input: SignInInput) {
  return api.post('/auth/sign-in/email', { body: input, schema: SignInResultSchema });
}

export function useSignInMutation() {
  return useMutation({ mutationFn: signIn });
}
