import { describe, expect, it } from 'vitest';
import { formatCompact, formatCount, formatPrice } from './format';

describe('formatCompact', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1k'],
    [1234, '1.2k'],
    [1999, '1.9k'],
    [2900, '2.9k'],
    [12_345, '12.3k'],
    [123_456, '123k'],
    [999_999, '999k'],
    [1_000_000, '1M'],
    [1_550_000, '1.5M'],
    [2_000_000_000, '2B'],
    [-1234, '-1.2k'],
    [12.7, '12'],
    [Number.NaN, '0'],
  ])('%d → %s', (input, expected) => {
    expect(formatCompact(input)).toBe(expected);
  });
});

describe('formatPrice', () => {
  it('shows integer cents as dollars with two decimals', () => {
    expect(formatPrice(1999)).toBe('$19.99');
    expect(formatPrice(500)).toBe('$5.00');
    expect(formatPrice(123456)).toBe('$1,234.56');
  });
});

describe('formatCount', () => {
  it('groups thousands', () => {
    expect(formatCount(12345)).toBe('12,345');
  });
});
