/**
 * How long to wait, in words: "37 seconds", "1 minute", "6 minutes 45 seconds" (rate-limit
 * answers: the server's message and the web's, which passes its own translated words).
 */
export interface WaitWords {
  minutes(n: number): string;
  seconds(n: number): string;
  /** Joins "6 minutes" and "45 seconds" (default: a space). */
  join?(minutes: string, seconds: string): string;
}

/** English, with singular forms ("1 minute 1 second"). */
export const ENGLISH_WAIT_WORDS: WaitWords = {
  minutes: (n) => `${n} minute${n === 1 ? '' : 's'}`,
  seconds: (n) => `${n} second${n === 1 ? '' : 's'}`,
  join: (m, s) => `${m} ${s}`,
};

/** Whole seconds to wait: at least 1, fractions rounded up (never "0 seconds"). */
export function waitSeconds(seconds: number): number {
  return Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : 1;
}

/**
 * `seconds` as minutes and seconds: under a minute "37 seconds", else "6 minutes 45 seconds"
 * ("6 minutes" when the seconds are 0). Fractions round up; at least 1 second.
 */
export function formatWait(seconds: number, words: WaitWords = ENGLISH_WAIT_WORDS): string {
  const total = waitSeconds(seconds);
  if (total < 60) return words.seconds(total);
  const m = Math.floor(total / 60);
  const s = total % 60;
  if (s === 0) return words.minutes(m);
  const join = words.join ?? ((a: string, b: string) => `${a} ${b}`);
  return join(words.minutes(m), words.seconds(s));
}

/** The server's 429 message: "Too many attempts. Try again in 6 minutes 45 seconds." */
export function tooManyAttemptsMessage(seconds: number): string {
  return `Too many attempts. Try again in ${formatWait(seconds)}.`;
}

/** A countdown clock "m:ss" ("1:23", "0:05"); at least 0:00. */
export function formatCountdown(seconds: number): string {
  const total = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}
