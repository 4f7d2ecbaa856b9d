import { describe, expect, it } from 'vitest';
import { formatCountdown, formatWait, tooManyAttemptsMessage } from './wait';

describe('formatWait', () => {
  it.each([
    [0, '1 second'],
    [0.2, '1 second'],
    [1, '1 second'],
    [2, '2 seconds'],
    [37, '37 seconds'],
    [59.5, '1 minute'],
    [60, '1 minute'],
    [61, '1 minute 1 second'],
    [62, '1 minute 2 seconds'],
    [120, '2 minutes'],
    [121, '2 minutes 1 second'],
    [405, '6 minutes 45 seconds'],
    [3600, '60 minutes'],
  ])('%s s → %s', (seconds, words) => {
    expect(formatWait(seconds)).toBe(words);
  });

  it('takes other words (the web passes translated ones)', () => {
    const ja = {
      minutes: (n: number) => `${n}分`,
      seconds: (n: number) => `${n}秒`,
      join: (m: string, s: string) => m + s,
    };
    expect(formatWait(405, ja)).toBe('6分45秒');
    expect(formatWait(30, ja)).toBe('30秒');
  });

  it('makes the server message', () => {
    expect(tooManyAttemptsMessage(405)).toBe(
      'Too many attempts. Try again in 6 minutes 45 seconds.',
    );
    expect(tooManyAttemptsMessage(37)).toBe('Too many attempts. Try again in 37 seconds.');
    expect(tooManyAttemptsMessage(1)).toBe('Too many attempts. Try again in 1 second.');
  });
});

describe('formatCountdown', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [83, '1:23'],
    [180, '3:00'],
    [-3, '0:00'],
  ])('%s s → %s', (seconds, clock) => {
    expect(formatCountdown(seconds)).toBe(clock);
  });
});
