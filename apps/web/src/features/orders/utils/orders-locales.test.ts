import { describe, expect, it } from 'vitest';
import en from '@/locales/en/orders.json';
import ja from '@/locales/ja/orders.json';

/** Every key, with plural forms (`_one`, `_other`) read as their base key: Japanese has one form. */
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix.replace(/_(one|other)$/, '')];
  return [
    ...new Set(Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))),
  ];
}

describe('orders strings', () => {
  it('has every English key in Japanese, and no extra', () => {
    expect(keys(ja).sort()).toEqual(keys(en).sort());
  });

  it('keeps the spec’s strings exactly', () => {
    expect(en.loading).toBe('Loading...');
    expect(en.success.title).toBe('Success! Purchase completed');
    expect(en.cancel.title).toBe('Purchase Canceled');
  });
});
