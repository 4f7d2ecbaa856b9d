import { AltchaChallengeSchema, CHALLENGE_HEADER, CHALLENGE_PATH } from '@otakura/shared';
import { useCallback, useEffect, useRef } from 'react';
import { ApiError, api, isApiError } from '@/lib/api-client';
import { solveToHeader } from '../utils/solve-challenge';

/** GET /api/challenge: a fresh proof-of-work challenge (each one is accepted once). */
export function getChallenge() {
  return api.get(CHALLENGE_PATH, { schema: AltchaChallengeSchema, retry: false });
}

/** A fresh challenge, solved: the value of the `x-altcha` header. */
export async function fetchSolvedChallenge(): Promise<string> {
  return solveToHeader(await getChallenge());
}

export type ChallengeHeaders = Record<typeof CHALLENGE_HEADER, string>;

/**
 * The proof-of-work check of sign-up and password reset (DESIGN.md: self-hosted, no third party).
 * A challenge is fetched and solved in the background as soon as the form shows, so it is usually
 * ready when the user submits. `take()` hands over the solved header (a payload works once); after
 * a failed submission the next one is prepared. Nothing is shown unless solving fails.
 */
export function useChallenge(): {
  take: () => Promise<ChallengeHeaders>;
  run: <T>(send: (headers: ChallengeHeaders) => Promise<T>) => Promise<T>;
} {
  const next = useRef<Promise<string> | null>(null);

  const start = useCallback(() => {
    const p = fetchSolvedChallenge();
    // Keep an early failure from being reported as unhandled; take() sees it.
    p.catch(() => undefined);
    next.current = p;
    return p;
  }, []);

  useEffect(() => {
    if (!next.current) start();
  }, [start]);

  const take = useCallback(async (): Promise<ChallengeHeaders> => {
    const current = next.current ?? start();
    next.current = null;
    let header: string;
    try {
      header = await current;
    } catch {
      // One more try with a new challenge (the first may have expired or the network blinked).
      header = await fetchSolvedChallenge();
    }
    return { [CHALLENGE_HEADER]: header } as ChallengeHeaders;
  }, [start]);

  /**
   * Sends a request with a solved challenge; when the server refuses the payload (expired while
   * the form stayed open, say), tries once more with a fresh one. A challenge that cannot be
   * fetched or solved fails as `challenge_failed` (or the network error that caused it).
   */
  const run = useCallback(
    async <T>(send: (headers: ChallengeHeaders) => Promise<T>): Promise<T> => {
      const solved = async () => {
        try {
          return await take();
        } catch (error) {
          if (isApiError(error)) throw error;
          throw new ApiError(400, 'challenge_failed', 'Please complete the check and try again.');
        }
      };
      try {
        return await send(await solved());
      } catch (error) {
        if (!isApiError(error, 'challenge_failed')) {
          // The form stays for another try: have a solved challenge ready for it.
          start();
          throw error;
        }
        try {
          return await send(await solved());
        } catch (again) {
          start();
          throw again;
        }
      }
    },
    [take, start],
  );

  return { take, run };
}
