import { abortReason } from './retry-policy';
import type { RawAnswer } from './api-error';
import { sendOnce, type TransportDeps } from './transport';

/*
 * GETs a page is known to make first, started at startup (app/route-data.ts) instead of after
 * the session check, the page's code and its first render: on /feed the data then travels with the
 * JavaScript rather than after it. The API client (api-client.ts) takes an early answer for the
 * same URL once, as the first try of that GET: parsing, schemas, errors (a 401 included) and
 * retries stay the client's. An answer nobody asks for within `EARLY_MAX_AGE_MS` is dropped.
 */

/** An early answer older than this is not used (the page asks afresh). */
export const EARLY_MAX_AGE_MS = 15_000;

interface Early {
  answer: Promise<RawAnswer>;
  at: number;
}

const early = new Map<string, Early>();

/** Starts `GET url` now (once per URL while unused), with the API client's headers. */
export function startEarlyGet(
  url: string,
  { now = Date.now(), ...deps }: TransportDeps & { now?: number } = {},
): void {
  const known = early.get(url);
  if (known && now - known.at <= EARLY_MAX_AGE_MS) return;
  const answer = sendOnce({ method: 'GET', url, headers: { Accept: 'application/json' } }, deps);
  // A failure is the first try's: the client retries it like its own.
  answer.catch(() => undefined);
  early.set(url, { answer, at: now });
}

/**
 * The early answer of `GET url`, handed out once (a second caller sends its own request); null
 * when there is none or it is too old. `signal` aborts the wait as it would the request.
 */
export function takeEarlyGet(
  url: string,
  signal?: AbortSignal,
  now = Date.now(),
): Promise<RawAnswer> | null {
  const found = early.get(url);
  if (!found) return null;
  early.delete(url);
  if (now - found.at > EARLY_MAX_AGE_MS) return null;
  if (!signal) return found.answer;
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise<RawAnswer>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    found.answer.then(
      (answer) => {
        signal.removeEventListener('abort', onAbort);
        resolve(answer);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** Forgets every early answer (tests). */
export function clearEarlyGets(): void {
  early.clear();
}
