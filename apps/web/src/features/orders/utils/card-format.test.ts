import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiry, isCardNumberShaped, parseExpiry } from './card-format';

describe('card typing helpers', () => {
  it('groups the card number 4-4-4-4 and drops anything but digits', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0000 00')).toBe('4000 0000 00');
    expect(formatCardNumber('')).toBe('');
    expect(formatCardNumber('1'.repeat(25))).toBe('1111 1111 1111 1111 111');
  });

  it('writes the expiry as MM / YY and reads it back', () => {
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('1234')).toBe('12 / 34');
    expect(formatExpiry('12 / 3')).toBe('12 / 3');
    expect(parseExpiry('12 / 34')).toEqual({ month: 12, year: 2034 });
    expect(parseExpiry('1 / 34')).toBeNull();
  });

  it('knows a card-number shape', () => {
    expect(isCardNumberShaped('4242 4242 4242 4242')).toBe(true);
    expect(isCardNumberShaped('4242')).toBe(false);
  });
});
