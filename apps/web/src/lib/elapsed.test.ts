import { feedElapsedLabel } from '@otakura/shared';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { formatFeedElapsed } from './elapsed';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('feed card time labels', () => {
  afterEach(() => void i18n.changeLanguage('en'));

  it.each([
    0, 59, 60, 61, 119, 120, 3599, 3600, 7199, 7200, 86_399, 86_400, 172_800, 604_799, 604_800,
    1_209_600,
  ])('reads exactly as the spec (feedElapsedLabel) in English at %i s', (seconds) => {
    expect(formatFeedElapsed(ago(seconds), NOW)).toBe(feedElapsedLabel(seconds));
  });

  it('uses the spec words: Seconds Ago, Minutes, Hours, Days, Weeks', () => {
    expect(formatFeedElapsed(ago(10), NOW)).toBe('Seconds Ago');
    expect(formatFeedElapsed(ago(60), NOW)).toBe('1 Minute Ago');
    expect(formatFeedElapsed(ago(5 * 60), NOW)).toBe('5 Minutes Ago');
    expect(formatFeedElapsed(ago(3 * 3600), NOW)).toBe('3 Hours Ago');
    expect(formatFeedElapsed(ago(2 * 86_400), NOW)).toBe('2 Days Ago');
    expect(formatFeedElapsed(ago(3 * 604_800), NOW)).toBe('3 Weeks Ago');
  });

  it('translates the same units in Japanese', () => {
    void i18n.changeLanguage('ja');
    expect(formatFeedElapsed(ago(10), NOW)).toBe('数秒前');
    expect(formatFeedElapsed(ago(5 * 60), NOW)).toBe('5分前');
    expect(formatFeedElapsed(ago(2 * 604_800), NOW)).toBe('2週間前');
  });

  it('never shows a time in the future', () => {
    expect(formatFeedElapsed(ago(-30), NOW)).toBe('Seconds Ago');
  });
});
