import { describe, expect, it } from 'vitest';
import { isMobileBrowser, isSafeAppUrl } from './mobile';

const nav = (userAgent: string, userAgentData?: { mobile: boolean }) =>
  ({ userAgent, userAgentData }) as unknown as Navigator;

describe('isMobileBrowser', () => {
  it('trusts client hints when they say mobile', () => {
    expect(isMobileBrowser(nav('Mozilla/5.0 (Linux)', { mobile: true }))).toBe(true);
  });

  it('recognises phones by their user agent', () => {
    expect(
      isMobileBrowser(nav('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36')),
    ).toBe(true);
    expect(
      isMobileBrowser(nav('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148')),
    ).toBe(true);
  });

  it('leaves desktops alone', () => {
    expect(
      isMobileBrowser(
        nav('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0', { mobile: false }),
      ),
    ).toBe(false);
  });
});

describe('isSafeAppUrl', () => {
  it('allows web and app links, never scripts', () => {
    expect(isSafeAppUrl('https://apps.apple.com/app/id1')).toBe(true);
    expect(isSafeAppUrl('otakura://open')).toBe(true);
    expect(isSafeAppUrl('javascript:alert(1)')).toBe(false);
    expect(isSafeAppUrl('not a url')).toBe(false);
  });
});
