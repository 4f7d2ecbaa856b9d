import { describe, expect, it } from 'vitest';
import enAuth from '@/locales/en/auth.json';
import enCommon from '@/locales/en/common.json';
import jaAuth from '@/locales/ja/auth.json';
import jaCommon from '@/locales/ja/common.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('auth and shell strings', () => {
  it.each([
    ['common', enCommon, jaCommon],
    ['auth', enAuth, jaAuth],
  ])('%s has every English key in Japanese, and no extra', (_, en, ja) => {
    expect(keys(ja).sort()).toEqual(keys(en).sort());
  });

  it('keeps the spec’s English strings exactly', () => {
    expect(enCommon.loading).toBe('Loading...');
    expect(enCommon.sidebar.logoutQuestion).toBe('Are you sure you want to log out?');
    expect(enCommon.search).toEqual({
      communities: 'Search Communities',
      media: 'Search For A Series',
      shop: 'Search Items',
    });
    expect(enAuth.verify.title).toBe('Verify Your Email Address');
    expect(enAuth.verify.resend).toBe('Resend Verification Email');
  });
});
