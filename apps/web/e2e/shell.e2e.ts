import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { captureScreen, launchBrowser, newContext } from './browser';

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
    const login = page.getByRole('button', { name: 'Login' });
    await login.waitFor({ state: 'visible' });
    await captureScreen(page, 'login-desktop-dark', { expectVisible: login, axe: true });
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
    // Once the app's styles load, text takes the theme's text colour, not the boot shell's muted one.
    const colours = await page.evaluate(() => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--text)';
      document.body.append(probe);
      const text = getComputedStyle(probe).color;
      probe.remove();
      return { body: getComputedStyle(document.body).color, text };
    });
    expect(colours.body).toBe(colours.text);
    await captureScreen(page, 'return-desktop-light', {
      expectVisible: page.getByRole('img').first(),
      axe: true,
    });

    await page.reload();
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    await ctx.close();
  });

  it('applies the stored theme before any app script runs, from the inline script the CSP allows', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
    });
    await page.goto('/return');
    await page.evaluate(() => localStorage.setItem('otakura.theme', 'light'));
    // No app code at all: only index.html's own inline boot script can set the theme now.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload({ waitUntil: 'load' });
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    expect(await page.getAttribute('meta[name="theme-color"]', 'content')).toBe('#f7f7fb');
    expect(violations).toEqual([]);
    await ctx.close();
  });
});
