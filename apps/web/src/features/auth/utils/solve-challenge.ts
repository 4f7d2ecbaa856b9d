import type { AltchaChallenge, AltchaPayload } from '@otakura/shared';
import { solveChallenge } from 'altcha-lib/v1';

type Solution = { number: number; took?: number } | null;

/** In a Web Worker when the browser has them (the page stays smooth); else on this thread. */
async function findNumber(challenge: AltchaChallenge): Promise<Solution> {
  if (typeof Worker !== 'undefined') {
    try {
      const worker = new Worker(new URL('./altcha.worker.ts', import.meta.url), {
        type: 'module',
      });
      return await new Promise<Solution>((resolve, reject) => {
        worker.onmessage = (event: MessageEvent<Solution>) => {
          worker.terminate();
          resolve(event.data);
        };
        worker.onerror = (event) => {
          worker.terminate();
          reject(new Error(event.message || 'worker failed'));
        };
        worker.postMessage({
          challenge: challenge.challenge,
          salt: challenge.salt,
          max: challenge.maxnumber,
        });
      });
    } catch {
      // A worker that cannot start (an old browser, a strict policy): solve here instead.
    }
  }
  return solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
}

/**
 * Solves an ALTCHA v1 challenge (server: challenge.service.ts) and returns the `x-altcha` header
 * value: base64 of `{ algorithm, challenge, number, salt, signature }`. Throws when no number fits.
 */
export async function solveToHeader(challenge: AltchaChallenge): Promise<string> {
  const solution = await findNumber(challenge);
  if (!solution) throw new Error('The proof-of-work challenge could not be solved.');
  const payload: AltchaPayload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
    ...(solution.took !== undefined ? { took: solution.took } : {}),
  };
  return btoa(JSON.stringify(payload));
}
