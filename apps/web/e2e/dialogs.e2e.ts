import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureScreen, launchBrowser, POLL, settle, signedInPage, VARIANTS } from './browser';

/*
 * The shell's dialogs are fetched on their first open (docs/web.md, "Bundle and code
 * splitting"): the phone menu sheet and the Logout question open at the first press, look
 * finished, and give focus back to the button that opened them.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('dialogs fetched on first use', () => {
  for (const { viewport, theme } of VARIANTS) {
    it(`opens the ${viewport === 'phone' ? 'menu sheet and ' : ''}Logout question at the first press (${viewport}, ${theme})`, async () => {
      const { ctx, page } = await signedInPage(browser, { viewport, theme });
      await page.goto('/feed');
      let scope = page.locator('body');
      if (viewport === 'phone') {
        const menuButton = page.getByRole('button', { name: 'Open menu' });
        await menuButton.click();
        const sheet = page.getByRole('dialog');
        await sheet.getByRole('navigation', { name: 'Settings' }).waitFor(POLL);
        await settle(page);
        await captureScreen(page, `shell-menu-sheet-phone-${theme}`, {
          expectVisible: sheet,
          axe: true,
        });
        scope = sheet;
      }
      const logout = scope.getByRole('button', { name: 'Logout' });
      await logout.click();
      const question = page.getByRole('alertdialog', { name: 'Are you sure you want to log out?' });
      await question.waitFor(POLL);
      await settle(page);
      await captureScreen(page, `shell-logout-question-${viewport}-${theme}`, {
        expectVisible: question,
        axe: true,
      });
      await question.getByRole('button', { name: 'Cancel' }).click();
      await question.waitFor({ state: 'detached', ...POLL });
      // Focus is back on the button that asked, and the user is still signed in.
      await expect
        .poll(() => logout.evaluate((el) => el === document.activeElement), POLL)
        .toBe(true);
      expect(new URL(page.url()).pathname).toBe('/feed');
      await ctx.close();
    });
  }
});
