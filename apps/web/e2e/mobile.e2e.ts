import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, captureScreen, launchBrowser, viewports } from './browser';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// The redirect itself (MOBILE_APP_URL set, 'Stay on the web' remembered) is covered by
// src/app/mobile-redirect.test.tsx; this server runs without MOBILE_APP_URL.
describe('mobile browsers without MOBILE_APP_URL', () => {
  it('are never redirected: the web app stays, with no "get the app" screen', async () => {
    const ctx = await browser.newContext({
      baseURL: baseUrl,
      viewport: viewports.phone,
      userAgent: IPHONE,
      isMobile: true,
      hasTouch: true,
    });
    const page = await ctx.newPage();
    const configAnswer = page.waitForResponse((r) => r.url().endsWith('/api/app-config'));
    await page.goto('/login');
    const config = (await (await configAnswer).json()) as { mobileAppUrl: string | null };
    expect(config.mobileAppUrl).toBeNull();

    const login = page.getByRole('button', { name: 'Login' });
    await login.waitFor();
    await page.waitForTimeout(3000);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByText('Stay on the web').count()).toBe(0);
    await captureScreen(page, 'mobile-login-no-redirect', { expectVisible: login, axe: true });
    await ctx.close();
  });
});
