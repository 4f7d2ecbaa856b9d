/**
 * Growing delays after failed sign-ins (docs/auth.md "Failed sign-ins"), counted separately
 * per account (`acct:<email>`) and per client address (`ip:<address>`):
 *
 * - the first FREE_FAILURES consecutive failures cost nothing;
 * - each further failure holds the key for 1, 2, 4, 8 … minutes from that failure, capped
 *   at one hour; attempts while held are refused (429) without checking the password and
 *   do not count;
 * - a successful sign-in clears the account and the address it came from;
 * - a key with no failure for 24 hours is forgotten.
 *
 * In memory, per process (like the other limits); the oldest keys are dropped past
 * MAX_KEYS so a flood of addresses cannot grow it without bound.
 */
export const SIGN_IN_BACKOFF = {
  freeFailures: 3,
  firstDelaySec: 60,
  maxDelaySec: 60 * 60,
  forgetAfterSec: 24 * 60 * 60,
  maxKeys: 100_000,
} as const;

interface Entry {
  failures: number;
  lastFailureAt: number;
}

/** The delay after `failures` consecutive failures, in seconds (0 while they are free). */
export function backoffDelaySec(failures: number): number {
  const over = failures - SIGN_IN_BACKOFF.freeFailures;
  if (over <= 0) return 0;
  return Math.min(SIGN_IN_BACKOFF.firstDelaySec * 2 ** (over - 1), SIGN_IN_BACKOFF.maxDelaySec);
}

export class SignInBackoff {
  /** The clock (tests move it instead of waiting minutes). */
  now: () => number = () => Date.now();
  private readonly entries = new Map<string, Entry>();

  private entry(key: string): Entry | undefined {
    const e = this.entries.get(key);
    if (e && this.now() - e.lastFailureAt > SIGN_IN_BACKOFF.forgetAfterSec * 1000) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  /** Whether `key` has failed within the last 24 hours (and not succeeded since). */
  hasFailed(key: string): boolean {
    return this.entry(key) !== undefined;
  }

  /** Seconds until `key` may try again; 0 when it may now. */
  waitSec(key: string): number {
    const e = this.entry(key);
    if (!e) return 0;
    const until = e.lastFailureAt + backoffDelaySec(e.failures) * 1000;
    return Math.max(0, Math.ceil((until - this.now()) / 1000));
  }

  /** Counts one failure for `key`. */
  fail(key: string): void {
    const e = this.entry(key) ?? { failures: 0, lastFailureAt: 0 };
    e.failures += 1;
    e.lastFailureAt = this.now();
    // Re-inserted, so the Map's order is oldest failure first.
    this.entries.delete(key);
    this.entries.set(key, e);
    if (this.entries.size > SIGN_IN_BACKOFF.maxKeys) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  /** Clears `key` (a successful sign-in). */
  succeed(key: string): void {
    this.entries.delete(key);
  }
}
