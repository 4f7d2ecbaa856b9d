import { describe, expect, it } from 'vitest';
import en from '@/locales/en/media.json';
import ja from '@/locales/ja/media.json';

/** Every key, with plural forms (`_one`, `_other`) read as their base key: Japanese has one form. */
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix.replace(/_(one|other)$/, '')];
  return [
    ...new Set(Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))),
  ];
}

describe('media strings', () => {
  it('has every English key in Japanese, and no extra', () => {
    expect(keys(ja).sort()).toEqual(keys(en).sort());
  });

  it('keeps the spec’s English strings exactly', () => {
    expect(en.loading).toBe('Loading...');
    expect(en.landing.notFound).toBe('Media not found');
    expect(en.landing.by).toBe('By: {{author}}');
    expect(en.landing.views).toBe('Views');
    expect(en.landing.issue).toBe('Issue');
    expect(en.landing.sequences).toBe('Sequences');
  });
});
