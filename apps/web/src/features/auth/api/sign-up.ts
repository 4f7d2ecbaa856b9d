import type { SignUpInput } from '@otakura/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ChallengeHeaders } from './get-challenge';

/** POST /api/auth/sign-up/email with the solved challenge: signs in (email unverified) and mails a link. */
export async function signUp(input: SignUpInput, headers: ChallengeHeaders): Promise<void> {
  await api.post('/auth/sign-up/email', { body: input, headers });
}

export function useSignUpMutation() {
  return useMutation({
    mutationFn: ({ input, headers }: { input: SignUpInput; headers: ChallengeHeaders }) =>
      signUp(input, headers),
  });
}
