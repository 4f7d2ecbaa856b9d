import { describe, expect, it } from 'vitest';
import en from '@/locales/en/admin.json';
import ja from '@/locales/ja/admin.json';

/** Every leaf as [key, text], plural forms (`_one`, `_other`) read as their base key. */
function leaves(value: unknown, prefix = ''): Array<[string, string]> {
  if (typeof value !== 'object' || value === null)
    return [[prefix.replace(/_(one|other)$/, ''), String(value)]];
  return Object.entries(value).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}
const keys = (value: unknown) => [...new Set(leaves(value).map(([k]) => k))].sort();
const placeholders = (value: unknown) =>
  Object.fromEntries(
    leaves(value).map(([k, text]) => [k, [...text.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort()]),
  );

describe('admin strings', () => {
  it('has every English key in Japanese, and no extra', () => {
    expect(keys(ja)).toEqual(keys(en));
  });

  it('uses the same placeholders in both languages', () => {
    expect(placeholders(ja)).toEqual(placeholders(en));
  });
});
