import { SignUpResultSchema, type SignUpInput, type SignUpResult } from '@otakura/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ChallengeHeaders } from './get-challenge';

/**
 * POST /api/auth/sign-up/email with the solved challenge. The same "check your inbox" answer
 * whether the email is new or taken; nobody is signed in (the mailed link does that).
 */
export async function signUp(input: SignUpInput, headers: ChallengeHeaders): Promise<SignUpResult> {
  return api.post('/auth/sign-up/email', { body: input, headers, schema: SignUpResultSchema });
}

export function useSignUpMutation() {
  return useMutation({
    mutationFn: ({ input, headers }: { input: SignUpInput; headers: ChallengeHeaders }) =>
      signUp(input, headers),
  });
}
