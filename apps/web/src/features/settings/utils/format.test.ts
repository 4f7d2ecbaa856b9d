import { afterEach, describe, expect, it } from 'vitest';
import i18n from '@/lib/i18n';
import { formatMegabytes, formatMoney } from './format';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('formatMoney', () => {
  it("reads minor units by the currency's own decimals", () => {
    expect(formatMoney(499, 'usd')).toBe('$4.99');
    expect(formatMoney(500, 'jpy')).toBe('¥500');
    expect(formatMoney(1999, 'EUR')).toBe('€19.99');
  });

  it('follows the language', async () => {
    await i18n.changeLanguage('ja');
    expect(formatMoney(499, 'usd')).toBe('$4.99');
    expect(formatMoney(500, 'jpy')).toBe('￥500');
  });
});

describe('formatMegabytes', () => {
  it('shows two decimals, like the spec’s 27.60 MB', () => {
    expect(formatMegabytes(27_600_000)).toBe('27.60');
    expect(formatMegabytes(0)).toBe('0.00');
    expect(formatMegabytes(1_234_560_000)).toBe('1,234.56');
  });
});
