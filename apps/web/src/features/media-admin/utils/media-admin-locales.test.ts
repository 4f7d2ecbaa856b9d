import { describe, expect, it } from 'vitest';
import en from '@/locales/en/media-admin.json';
import ja from '@/locales/ja/media-admin.json';

/** Every key, with plural forms (`_one`, `_other`) read as their base key: Japanese has one form. */
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix.replace(/_(one|other)$/, '')];
  return [
    ...new Set(Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))),
  ];
}

describe('media administration strings', () => {
  it('has every English key in Japanese, and no extra', () => {
    expect(keys(ja).sort()).toEqual(keys(en).sort());
  });
});
