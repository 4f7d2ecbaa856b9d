import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureScreen, launchBrowser, newContext, type Viewport } from './browser';

const pages = [
  { path: '/privacy-policy', name: 'privacy', title: 'Privacy Policy' },
  { path: '/terms-and-conditions', name: 'terms', title: 'Terms and Conditions' },
] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(page: Page, url: string, title: string) {
  await page.goto(url);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.evaluate(() => document.fonts.ready);
}

/** The heading sits in the viewport, below the sticky top bar (56 px). */
async function expectHeadingInView(page: Page, id: string) {
  const box = await page.locator(`h2#${id}`).boundingBox();
  const viewport = page.viewportSize()!;
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(56);
  expect(box!.y).toBeLessThan(viewport.height / 2);
}

describe('legal pages', () => {
  it('open signed out and follow a table-of-contents link to its section', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await open(page, '/privacy-policy', 'Privacy Policy');
    expect(new URL(page.url()).pathname).toBe('/privacy-policy');
    await expect(page.getByText('Last updated May 23, 2022').isVisible()).resolves.toBe(true);

    const toc = page.getByRole('navigation', { name: 'Contents' });
    await toc.getByRole('link', { name: 'Children’s privacy' }).click();
    await page.waitForURL('**/privacy-policy#children');
    await expectHeadingInView(page, 'children');
    await page.getByRole('heading', { level: 2, name: 'Children’s privacy' }).hover();
    await expect(
      page.getByRole('link', { name: 'Link to the section “Children’s privacy”' }).isVisible(),
    ).resolves.toBe(true);
    await captureScreen(page, 'legal-privacy-toc-desktop-dark', {
      expectVisible: page.getByRole('heading', { level: 2, name: 'Children’s privacy' }),
    });

    await open(page, '/terms-and-conditions', 'Terms and Conditions');
    await page
      .getByRole('navigation', { name: 'Contents' })
      .getByRole('link', { name: 'Limitation of liability' })
      .click();
    await page.waitForURL('**/terms-and-conditions#liability');
    await expectHeadingInView(page, 'liability');
    await ctx.close();
  });

  it('shows the privacy policy at /user-agreement and jumps to a section named in the URL', async () => {
    const ctx = await newContext(browser, { viewport: 'phone' });
    const page = await ctx.newPage();
    await open(page, '/user-agreement', 'Privacy Policy');
    await page.goto('/terms-and-conditions#subscriptions');
    await page.getByRole('heading', { level: 2, name: 'Subscriptions' }).waitFor();
    await page.waitForFunction(() => {
      const top = document.getElementById('subscriptions')?.getBoundingClientRect().top ?? -1;
      return top >= 56 && top < window.innerHeight / 2;
    });
    await captureScreen(page, 'legal-terms-anchor-phone-dark', {
      expectVisible: page.getByRole('heading', { level: 2, name: 'Subscriptions' }),
    });
    await ctx.close();
  });

  for (const viewport of ['desktop', 'phone'] as Viewport[]) {
    for (const theme of ['dark', 'light'] as const) {
      it(`look right and pass axe at ${viewport} in the ${theme} theme`, async () => {
        const ctx = await newContext(browser, { viewport, theme });
        const page = await ctx.newPage();
        for (const doc of pages) {
          await open(page, doc.path, doc.title);
          expect(await page.getAttribute('html', 'data-theme')).toBe(theme);
          // Nothing wider than the screen (360 px phones included), no serious axe finding.
          await captureScreen(page, `legal-${doc.name}-${viewport}-${theme}`, {
            expectVisible: page.getByRole('heading', { level: 1, name: doc.title }),
            axe: true,
          });
        }
        await ctx.close();
      });
    }
  }

  it('reads in Japanese when Japanese is chosen', async () => {
    const ctx = await newContext(browser, { viewport: 'phone', theme: 'light' });
    await ctx.addInitScript(() => localStorage.setItem('otakura.language', 'ja'));
    const page = await ctx.newPage();
    await open(page, '/terms-and-conditions', '利用規約');
    await expect(page.getByText('最終更新日：2022年5月23日').isVisible()).resolves.toBe(true);
    await page
      .getByRole('navigation', { name: '目次' })
      .getByRole('link', { name: '責任の制限' })
      .click();
    await page.waitForURL('**/terms-and-conditions#liability');
    await captureScreen(page, 'legal-terms-ja-phone-light', {
      expectVisible: page.locator('h2#liability'),
      axe: true,
    });

    await open(page, '/privacy-policy', 'プライバシーポリシー');
    await captureScreen(page, 'legal-privacy-ja-phone-light', {
      expectVisible: page.getByRole('heading', { level: 1, name: 'プライバシーポリシー' }),
      axe: true,
    });
    await ctx.close();
  });
});
