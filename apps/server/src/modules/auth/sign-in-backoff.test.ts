import { describe, expect, it } from 'vitest';
import { backoffDelaySec, SignInBackoff } from './sign-in-backoff';

describe('sign-in backoff rule', () => {
  it.each([
    [0, 0],
    [3, 0],
    [4, 60],
    [5, 120],
    [6, 240],
    [7, 480],
    [10, 3600],
    [30, 3600],
  ])('after %i failures waits %i s', (failures, seconds) => {
    expect(backoffDelaySec(failures)).toBe(seconds);
  });

  it('counts down from the last failure, clears on success, forgets after a day', () => {
    const b = new SignInBackoff();
    let now = 1_000_000;
    b.now = () => now;
    for (let i = 0; i < 4; i++) b.fail('k');
    expect(b.waitSec('k')).toBe(60);
    now += 45_000;
    expect(b.waitSec('k')).toBe(15);
    now += 15_000;
    expect(b.waitSec('k')).toBe(0);
    expect(b.hasFailed('k')).toBe(true);
    b.fail('k');
    expect(b.waitSec('k')).toBe(120);
    b.succeed('k');
    expect(b.hasFailed('k')).toBe(false);
    expect(b.waitSec('k')).toBe(0);
    for (let i = 0; i < 6; i++) b.fail('k');
    now += 24 * 3600_000 + 1;
    expect(b.hasFailed('k')).toBe(false);
  });
});
