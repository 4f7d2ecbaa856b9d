import { describe, expect, it } from 'vitest';
import { formatDuration, watchedFraction } from './format-duration';
import { parsePageParam } from './page-param';

describe('formatDuration', () => {
  it.each([
    [0, '0:00'],
    [59, '0:59'],
    [1450, '24:10'],
    [3723, '1:02:03'],
    [59.9, '0:59'],
    [-5, '0:00'],
    [Number.NaN, '0:00'],
  ])('%s s → %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe('watchedFraction', () => {
  const at = (positionSeconds: number, watched = false) => ({ positionSeconds, watched });
  it('is the position over the duration, 1 once watched, 0 when unknown', () => {
    expect(watchedFraction(null, 100)).toBe(0);
    expect(watchedFraction(at(25), 100)).toBe(0.25);
    expect(watchedFraction(at(250), 100)).toBe(1);
    expect(watchedFraction(at(10, true), 100)).toBe(1);
    expect(watchedFraction(at(10), null)).toBe(0);
  });
});

describe('parsePageParam', () => {
  it('reads whole pages from 1, anything else is page 1', () => {
    expect(parsePageParam(null)).toBe(1);
    expect(parsePageParam('2')).toBe(2);
    expect(parsePageParam('0')).toBe(1);
    expect(parsePageParam('-3')).toBe(1);
    expect(parsePageParam('2.5')).toBe(1);
    expect(parsePageParam('02')).toBe(1);
    expect(parsePageParam('abc')).toBe(1);
  });
});
