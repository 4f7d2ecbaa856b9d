import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n, { formatDate, formatNumber } from './i18n';

describe('formatDate and formatNumber', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await i18n.changeLanguage('en');
  });

  it('make one Intl formatter per language and options, not one per call', () => {
    const Real = Intl.DateTimeFormat;
    const made = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (
      ...args: ConstructorParameters<typeof Intl.DateTimeFormat>
    ) {
      return new Real(...args);
    } as never);
    const opts: Intl.DateTimeFormatOptions = { dateStyle: 'full', timeZone: 'Asia/Tokyo' };
    const texts = Array.from({ length: 30 }, () => formatDate('2026-03-04T20:06:07Z', opts));
    expect(new Set(texts)).toEqual(new Set(['Thursday, March 5, 2026']));
    // Equal options written anew each call (as components do) share the formatter.
    formatDate('2026-03-04T20:06:07Z', { dateStyle: 'full', timeZone: 'Asia/Tokyo' });
    expect(made).toHaveBeenCalledTimes(1);
  });

  it('follow a language switch', async () => {
    const opts: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeZone: 'UTC' };
    expect(formatDate(new Date('2026-03-04T05:06:07Z'), opts)).toBe('March 4, 2026');
    expect(formatNumber(1234567.5)).toBe('1,234,567.5');
    await i18n.changeLanguage('ja');
    expect(formatDate(new Date('2026-03-04T05:06:07Z'), opts)).toBe('2026年3月4日');
    expect(formatNumber(1234567.5, { style: 'percent' })).toBe('123,456,750%');
    await i18n.changeLanguage('en');
    expect(formatDate(new Date('2026-03-04T05:06:07Z'), opts)).toBe('March 4, 2026');
  });

  it('write whole numbers as Intl does in English and Japanese, without making a formatter', async () => {
    const made = vi.spyOn(Intl, 'NumberFormat');
    const samples = [0, 7, 999, 1000, 1234, -1234, 65_536, 999_999, 1_000_000, 123_456_789_012];
    const texts: Record<string, string[]> = {};
    for (const lng of ['en', 'ja'] as const) {
      await i18n.changeLanguage(lng);
      texts[lng] = samples.map((n) => formatNumber(n));
    }
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
    for (const lng of ['en', 'ja'] as const)
      expect(texts[lng]).toEqual(samples.map((n) => new Intl.NumberFormat(lng).format(n)));
    // Fractions and options still go through Intl.
    expect(formatNumber(0.5)).toBe('0.5');
    expect(formatNumber(3, { minimumFractionDigits: 1 })).toBe('3.0');
  });
});
