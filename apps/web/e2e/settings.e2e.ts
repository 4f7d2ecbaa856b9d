import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  captureScreen,
  launchBrowser,
  signedInPage,
  signInWithForm,
  type Theme,
  type Viewport,
} from './browser';

/** The settings pages this work builds, with their h1. */
const PAGES = [
  { name: 'content', path: '/content', title: 'Content' },
  { name: 'accessibility', path: '/accessibility', title: 'Accessibility Display and Languages' },
  { name: 'premium', path: '/otakura-premium', title: 'Otakura Premium' },
  { name: 'purchases', path: '/purchases', title: 'Purchases' },
  { name: 'safety-privacy', path: '/safety-privacy', title: 'Privacy and Safety' },
] as const;

/** Spec §2 sidebar entries, in order, and where each leads. */
const SIDEBAR = [
  { label: 'Your Account', path: '/your-account' },
  { label: 'Content', path: '/content' },
  { label: 'Accessibility Display and Languages', path: '/accessibility' },
  { label: 'Otakura Premium (never see ads)', path: '/otakura-premium' },
  { label: 'Purchases', path: '/purchases' },
  { label: 'Security (enable or disable two-factor)', path: '/security' },
  { label: 'Privacy and Safety', path: '/safety-privacy' },
];

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  // Once through the login form; signedInPage reuses this session (sign-in is rate limited per email).
  await signInWithForm(browser);
});
afterAll(async () => {
  await browser?.close();
});

/** A page signed in as the demo user (the session of the form sign-in above). */
const demoPage = (opts: { viewport?: Viewport; theme?: Theme } = {}) => signedInPage(browser, opts);

async function open(page: Page, url: string, title: string) {
  await page.goto(url);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  // Settings, lists and prices have arrived (no skeleton left), fonts are in.
  await page.waitForFunction(() => !document.querySelector('main .ui-skeleton'));
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(200);
}

/** Controls in the page smaller than 44 × 44 px (links inside running text are exempt). */
async function smallTouchTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>(
      'main button, main a, main [role="switch"], main label.settings-choice, main label.rating-star',
    );
    const small: string[] = [];
    for (const el of controls) {
      if (el.closest('p')) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.height < 44 || r.width < 44) {
        small.push(
          `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 30)}" ${Math.round(r.width)}×${Math.round(r.height)}`,
        );
      }
    }
    return small;
  });
}

describe('settings', () => {
  it('reaches every sidebar entry', async () => {
    const { ctx, page } = await demoPage();
    await open(page, '/purchases', 'Purchases');
    const nav = page.getByRole('navigation', { name: 'Settings' });
    for (const { label, path: to } of SIDEBAR) {
      await nav.getByRole('link', { name: label }).click();
      await page.waitForURL(`**${to}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      // Your Account and Security are other work; every section built here is a real page.
      if (PAGES.some((p) => p.path === to)) {
        expect(await page.getByText('This section is being built.').count(), to).toBe(0);
      }
    }
    await ctx.close();
  });

  it('toggles the theme, and a reload keeps it', async () => {
    const { ctx, page } = await demoPage();
    await open(page, '/accessibility', 'Accessibility Display and Languages');
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    const toggle = page.getByRole('switch', { name: 'Dark theme' });
    expect(await toggle.getAttribute('aria-checked')).toBe('true');

    await toggle.click();
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    expect(
      await page.getByRole('switch', { name: 'Dark theme' }).getAttribute('aria-checked'),
    ).toBe('false');

    await page.getByRole('switch', { name: 'Dark theme' }).click();
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    await ctx.close();
  });

  it('switches to Japanese, and a reload keeps it; Automatic goes back to the browser language', async () => {
    const { ctx, page } = await demoPage();
    await open(page, '/accessibility', 'Accessibility Display and Languages');
    await page.getByRole('radio', { name: '日本語' }).check();
    await page.getByRole('heading', { level: 2, name: 'ライト/ダーク' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('ja');
    await expect
      .poll(async () => (await ctx.request.get('/api/me/settings')).json())
      .toMatchObject({ language: 'ja' });

    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'ライト/ダーク' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('ja');
    await captureScreen(page, 'settings-accessibility-desktop-dark-ja', {
      expectVisible: page.getByRole('heading', { level: 2, name: 'ライト/ダーク' }),
    });

    await page.getByRole('radio', { name: '自動' }).check();
    await page.getByRole('heading', { level: 2, name: 'Light/dark' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('otakura.language'))).toBeNull();
    await expect
      .poll(async () => (await ctx.request.get('/api/me/settings')).json())
      .toMatchObject({ language: 'auto' });
    await ctx.close();
  });

  it("clears the cache: the browser's estimate, everything but theme and language gone, still signed in", async () => {
    const { ctx, page } = await demoPage({ theme: 'light' });
    await open(page, '/content', 'Content');
    await page.evaluate(async () => {
      localStorage.setItem('otakura.language', 'en');
      localStorage.setItem('otakura.search.shop', 'figure');
      sessionStorage.setItem('scratch', '1');
      const cache = await caches.open('e2e-cache');
      await cache.put('/e2e-entry', new Response('x'.repeat(50_000)));
    });
    const size = page.locator('.cache-row__value');
    await expect.poll(() => size.textContent()).toMatch(/^\d[\d,.]* MB$/);

    await page.getByRole('button', { name: 'Clear cache' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Clear the cache?' });
    await dialog.getByRole('button', { name: 'Clear cache' }).click();
    await page.getByText('Cache cleared').first().waitFor();

    const after = await page.evaluate(async () => {
      // What the caches hold now: the service worker may cache a build asset the page loads
      // after the clear (the toast's lazy chunk), which is the app working, not a leftover.
      const cached: string[] = [];
      for (const name of await caches.keys())
        for (const req of await (await caches.open(name)).keys())
          cached.push(`${name} ${new URL(req.url).pathname}`);
      return {
        theme: localStorage.getItem('otakura.theme'),
        language: localStorage.getItem('otakura.language'),
        search: localStorage.getItem('otakura.search.shop'),
        session: sessionStorage.length,
        cached,
      };
    });
    expect(after).toMatchObject({ theme: 'light', language: 'en', search: null, session: 0 });
    // Everything that was there is gone: the test's own cache and the service worker's shell
    // (its index.html and icons); only build assets fetched since may have come back.
    expect(after.cached.filter((entry) => !/^otakura-shell-v\d+ \/assets\//.test(entry))).toEqual(
      [],
    );

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Content' }).waitFor();
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    await ctx.close();
  });

  for (const viewport of ['desktop', 'phone'] as const) {
    for (const theme of ['dark', 'light'] as const) {
      it(`every settings page looks right and passes axe at ${viewport} in the ${theme} theme`, async () => {
        const { ctx, page } = await demoPage({ viewport, theme });
        for (const p of PAGES) {
          await open(page, p.path, p.title);
          // The top bar belongs to the layout, not to these pages (checked by its own journeys).
          await captureScreen(page, `settings-${p.name}-${viewport}-${theme}`, {
            expectVisible: page.getByRole('heading', { level: 1, name: p.title }),
            axe: { exclude: ['header.topbar'] },
          });
          if (viewport === 'phone') {
            expect(await smallTouchTargets(page), `${p.path}: touch targets`).toEqual([]);
          }
        }
        await ctx.close();
      });
    }
  }

  it('asks for a rating at most once', async () => {
    const { ctx, page } = await demoPage();
    await open(page, '/accessibility', 'Accessibility Display and Languages');
    const prompt = page.getByRole('heading', { name: 'Enjoying Otakura?' });
    await prompt.waitFor();
    await page.getByRole('button', { name: 'Not now' }).click();
    await prompt.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('switch', { name: 'Dark theme' }).waitFor();
    await page.waitForTimeout(500);
    expect(await prompt.count()).toBe(0);
    await ctx.close();
  });
});
