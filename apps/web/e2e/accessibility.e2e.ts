import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './a11y';
import { captureScreen, launchBrowser, newContext, signedInPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

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
    const { ctx, page } = await signedInPage(browser, { theme, viewport });
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
    await captureScreen(page, `a11y-post-modal-${viewport}-${theme}`, {
      expectVisible: dialog,
      axe: true,
    });
    await ctx.close();
  });
});
