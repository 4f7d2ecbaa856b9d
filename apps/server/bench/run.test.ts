import { describe, expect, it } from 'vitest';
import { BUSY_LOAD, mayWrite } from './run';

describe('the run of record in BENCHMARKS.md', () => {
  const flags = { noWrite: false, busyOk: false };

  it('is replaced by a run that starts on a quiet machine', () => {
    expect(mayWrite(0.4, 2, flags)).toEqual({ write: true });
    expect(mayWrite(BUSY_LOAD * 2, 2, flags)).toEqual({ write: true });
  });

  it('is kept when the machine was busy at the start, saying why', () => {
    const verdict = mayWrite(2.5, 2, flags);
    expect(verdict.write).toBe(false);
    expect(verdict.reason).toContain('load average was 2.5');
    expect(verdict.reason).toContain('--busy-ok');
  });

  it('is replaced by a busy run only with --busy-ok, never with --no-write', () => {
    expect(mayWrite(2.5, 2, { noWrite: false, busyOk: true })).toEqual({ write: true });
    expect(mayWrite(0, 2, { noWrite: true, busyOk: true })).toEqual({
      write: false,
      reason: '--no-write',
    });
  });
});
