import { AUDIT_ACTIONS, REPORT_REASONS } from '@otakura/shared';
import { describe, expect, it } from 'vitest';
import en from '@/locales/en/moderation.json';
import ja from '@/locales/ja/moderation.json';

/** Every key, with plural forms (`_one`, `_other`) read as their base key: Japanese has one form. */
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix.replace(/_(one|other)$/, '')];
  return [
    ...new Set(Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))),
  ];
}

describe('moderation strings', () => {
  it('has every English key in Japanese, and no extra', () => {
    expect(keys(ja).sort()).toEqual(keys(en).sort());
  });

  it('labels every audit action and report reason of the contract', () => {
    expect(Object.keys(en.audit.actions).sort()).toEqual([...AUDIT_ACTIONS].sort());
    expect(Object.keys(en.reasons).sort()).toEqual([...REPORT_REASONS].sort());
  });
});
