import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './a11y';
import { baseUrl, launchBrowser, newContext, screenshot } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signedInContext(theme: 'dark' | 'light', viewport: 'desktop' | 'phone') {
  const ctx = await newContext(browser, { theme, viewport });
  const res = await ctx.request.post('/api/auth/sign-in/email', {
    data: { email: 'demo@otakura.local', password: 'otakura-demo' },
    headers: { origin: baseUrl },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ctx;
}

describe('accessibility (axe-core: no serious or critical violations)', () => {
  it.each(['dark', 'light'] as const)('the login page, %s theme', async (theme) => {
    const ctx = await newContext(browser, { theme });
    const page = await ctx.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await ctx.close();
  });

  it.each([
    ['dark', 'desktop'],
    ['light', 'desktop'],
    ['dark', 'phone'],
  ] as const)('the feed and the post modal, %s theme, %s', async (theme, viewport) => {
    const ctx = await signedInContext(theme, viewport);
    const page = await ctx.newPage();
    await page.goto('/feed');
    await page.getByRole('tab', { name: 'All' }).click();
    const card = page.getByRole('article').first();
    await card.waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const title = (await card.getByRole('heading').first().textContent())?.trim() ?? '';
    await card.getByRole('link', { name: title, exact: true }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('heading', { name: 'Comments', exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `a11y-post-modal-${viewport}-${theme}`);
    await ctx.close();
  });
});
