import { describe, expect, it } from 'vitest';
import en from '@/locales/en/cart.json';
import ja from '@/locales/ja/cart.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('cart strings', () => {
  it('has every English key in Japanese, and no extra', () => {
    expect(keys(ja).sort()).toEqual(keys(en).sort());
  });

  it('keeps the spec’s English strings exactly', () => {
    expect(en.loading).toBe('Loading...');
    expect(en.removed).toBe('Item successfully removed from cart!');
  });
});
