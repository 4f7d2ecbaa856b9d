import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect';

describe('redirectTarget', () => {
  it('returns the remembered page', () => {
    expect(redirectTarget({ from: { pathname: '/media/m1', search: '?q=x', hash: '#c' } })).toBe(
      '/media/m1?q=x#c',
    );
  });

  it('falls back to /feed without a usable remembered page', () => {
    expect(redirectTarget(null)).toBe('/feed');
    expect(redirectTarget({ from: { pathname: '//evil.example', search: '', hash: '' } })).toBe(
      '/feed',
    );
    expect(redirectTarget({ from: { pathname: '/login', search: '', hash: '' } })).toBe('/feed');
  });
});
