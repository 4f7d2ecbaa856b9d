import { describe, expect, it } from 'vitest';
import { centsToAmount, parseAmountToCents, parseWholeNumber } from './money';

describe('admin money fields', () => {
  it.each([
    ['12.50', 1250],
    ['12.5', 1250],
    ['12', 1200],
    ['0', 0],
    [' 7,05 ', 705],
    ['0.01', 1],
    ['100000.00', 10_000_000],
  ])('reads %j as %i cents', (text, cents) => {
    expect(parseAmountToCents(text)).toBe(cents);
  });

  it.each(['', ' ', '12.345', '-1', 'abc', '1e3', '.5', '12.'])('refuses %j', (text) => {
    expect(parseAmountToCents(text)).toBeNull();
  });

  it('writes cents back as a two-decimal amount', () => {
    expect(centsToAmount(1250)).toBe('12.50');
    expect(centsToAmount(5)).toBe('0.05');
    expect(centsToAmount(0)).toBe('0.00');
  });

  it('reads whole numbers only', () => {
    expect(parseWholeNumber('3')).toBe(3);
    expect(parseWholeNumber(' 40 ')).toBe(40);
    expect(parseWholeNumber('2.5')).toBeNull();
    expect(parseWholeNumber('')).toBeNull();
  });
});
