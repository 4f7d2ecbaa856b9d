import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext, screenshot } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the web shell', () => {
  it('sends a signed-out visitor who opens /feed to /login', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto('/feed');
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Login' }).waitFor({ state: 'visible' });
    await screenshot(page, 'login-desktop-dark');
    await ctx.close();
  });

  it('shows the /return logo in the theme kept in local storage, also after a reload', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto('/return');
    // Dark by default.
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    const darkSrc = await page.getByRole('img').first().getAttribute('src');

    await page.evaluate(() => localStorage.setItem('otakura.theme', 'light'));
    await page.reload();
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    const lightSrc = await page.getByRole('img').first().getAttribute('src');
    expect(lightSrc).not.toBe(darkSrc);
    await screenshot(page, 'return-desktop-light');

    await page.reload();
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    await ctx.close();
  });
});
