import { describe, expect, it } from 'vitest';
import { commentElapsedLabel, feedElapsed, feedElapsedLabel } from './elapsed';

describe('feedElapsedLabel', () => {
  it.each([
    [0, 'Seconds Ago'],
    [59, 'Seconds Ago'],
    [60, '1 Minute Ago'],
    [3599, '59 Minutes Ago'],
    [3600, '1 Hour Ago'],
    [86_399, '23 Hours Ago'],
    [86_400, '1 Day Ago'],
    [604_799, '6 Days Ago'],
    [604_800, '1 Week Ago'],
    [30 * 86_400, '4 Weeks Ago'],
  ])('%i seconds reads %s', (s, label) => {
    expect(feedElapsedLabel(s)).toBe(label);
  });

  it('treats clock skew into the future as just now', () => {
    expect(feedElapsedLabel(-5)).toBe('Seconds Ago');
  });
});

describe('feedElapsed', () => {
  it('gives the unit and whole count the label is made of', () => {
    expect(feedElapsed(10)).toEqual({ unit: 'seconds', count: 0 });
    expect(feedElapsed(119)).toEqual({ unit: 'minute', count: 1 });
    expect(feedElapsed(5 * 3600 + 59)).toEqual({ unit: 'hour', count: 5 });
    expect(feedElapsed(2 * 86_400)).toEqual({ unit: 'day', count: 2 });
    expect(feedElapsed(3 * 604_800)).toEqual({ unit: 'week', count: 3 });
    expect(feedElapsed(-1)).toEqual({ unit: 'seconds', count: 0 });
  });
});

describe('commentElapsedLabel', () => {
  it.each([
    [0, '0s'],
    [12.6, '13s'],
    [60, '60s'],
    [61, '1m'],
    [3600, '60m'],
    [3601, '1h'],
    [86_400, '24h'],
    [86_401, '1d'],
    [604_800, '7d'],
    [604_801, '1w'],
  ])('%f seconds reads %s', (s, label) => {
    expect(commentElapsedLabel(s)).toBe(label);
  });
});
