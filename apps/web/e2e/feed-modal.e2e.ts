import type { Browser, Cookie, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  DEMO,
  horizontalOverflow,
  launchBrowser,
  newContext,
  screenshot,
  settle,
  solvedChallenge,
  waitForMailLink,
  type Viewport,
} from './browser';

let browser: Browser;
/** The demo account's cookies: sign-in is rate limited per email, so once per run. */
let demoCookies: Cookie[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  const ctx = await newContext(browser);
  const res = await ctx.request.post('/api/auth/sign-in/email', {
    data: DEMO,
    headers: { origin: baseUrl },
  });
  if (!res.ok()) throw new Error(`sign-in: ${res.status()} ${await res.text()}`);
  demoCookies = await ctx.cookies();
  await ctx.close();
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

async function demoContext(viewport: Viewport = 'desktop', theme: 'dark' | 'light' = 'dark') {
  const ctx = await newContext(browser, { viewport, theme });
  await ctx.addCookies(demoCookies);
  return ctx;
}

/* ------------------------------------------------------------------------------------------ */
/* The post modal: header never covered, steps shown at once, the tab's title follows.          */
/* ------------------------------------------------------------------------------------------ */

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not rendered');
  return b;
}

/** The modal's community and author links are on screen, not under the toolbar. */
async function expectHeaderClear(page: Page) {
  const dialog = page.getByRole('dialog');
  const toolbar = await box(dialog.locator('.post-modal__toolbar'));
  const viewport = page.viewportSize()!;
  for (const name of ['.post-detail__community', '.post-detail__author']) {
    const b = await box(dialog.locator(name));
    expect(b.width, name).toBeGreaterThan(0);
    expect(overlaps(b, toolbar), `${name} under the toolbar`).toBe(false);
    expect(b.x >= 0 && b.y >= 0 && b.x + b.width <= viewport.width, name).toBe(true);
  }
  // Whole names: nothing in the header is cut off (no text wider than its box).
  const clipped = await dialog
    .locator('.post-detail__meta')
    .evaluate((meta) =>
      [meta, ...meta.querySelectorAll('*')].some(
        (el) => el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0,
      ),
    );
  expect(clipped, 'a name is cut off').toBe(false);
}

/** Title of the card at a position of the feed (aria-posinset is the feed order). */
async function cardTitle(page: Page, position: number): Promise<string> {
  return (await page
    .locator(`article[aria-posinset="${position}"] [data-post-link]`)
    .textContent())!.trim();
}

describe('the post modal', () => {
  const variants = [
    { viewport: 'desktop', theme: 'dark', width: 1280 },
    { viewport: 'desktop', theme: 'light', width: 1280 },
    { viewport: 'phone', theme: 'dark', width: 360 },
    { viewport: 'phone', theme: 'light', width: 360 },
  ] as const;

  it.each(variants)(
    'shows the next post at once with its header clear of the buttons, titles the tab, restores on close ($viewport $width, $theme)',
    async ({ viewport, theme, width }) => {
      const ctx = await demoContext(viewport, theme);
      const page = await ctx.newPage();
      await page.setViewportSize({ width, height: viewport === 'phone' ? 780 : 800 });
      await page.goto('/feed');
      await page.locator('article[aria-posinset="3"]').waitFor();
      const feedTitle = await page.title();
      const suffix = feedTitle.slice(feedTitle.indexOf(' · '));
      const [first, second] = [await cardTitle(page, 1), await cardTitle(page, 2)];

      await page.locator('article[aria-posinset="1"] [data-post-link]').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: first, exact: true }).waitFor();
      await expectHeaderClear(page);
      expect(await page.title()).toBe(`${first}${suffix}`);
      await settle(page);
      await screenshot(page, `feed-modal-${viewport}-${width}-${theme}`);

      // Next, and the very next frame already shows the next post (no network in between).
      const shown = await page.evaluate(async () => {
        const next = document.querySelector<HTMLButtonElement>(
          '[role="dialog"] [data-modal-action="next"]',
        )!;
        next.click();
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        return document.querySelector('[role="dialog"] h2')?.textContent ?? '';
      });
      expect(shown).toBe(second);
      await expectHeaderClear(page);
      await page.waitForURL(/\/post\//);
      expect(await page.title()).toBe(`${second}${suffix}`);

      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await page.waitForURL(/\/feed$/);
      expect(await page.title()).toBe(feedTitle);
      await ctx.close();
    },
    120_000,
  );
});

/* ------------------------------------------------------------------------------------------ */
/* Phones: one row of controls, no sideways scrolling.                                          */
/* ------------------------------------------------------------------------------------------ */

describe('the feed at 360 px', () => {
  it.each(['dark', 'light'] as const)(
    'has Following/All and New/Top on one row and no horizontal overflow (%s)',
    async (theme) => {
      const ctx = await demoContext('phone', theme);
      const page = await ctx.newPage();
      await page.goto('/feed');
      await page.locator('article[data-post-id]').first().waitFor();
      const tabs = await box(page.getByRole('tablist'));
      const sort = await box(page.locator('.feed-view__sort'));
      expect(Math.abs(tabs.y - sort.y), 'same row').toBeLessThan(8);
      expect(tabs.x + tabs.width).toBeLessThanOrEqual(sort.x);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await settle(page);
      await screenshot(page, `feed-phone-toolbar-${theme}`);
      await ctx.close();
    },
    60_000,
  );
});

/* ------------------------------------------------------------------------------------------ */
/* A new user's empty feed suggests communities; following one fills the feed.                  */
/* ------------------------------------------------------------------------------------------ */

/** A new, verified user with every required detail, following nothing. */
async function newUserCookies(): Promise<Cookie[]> {
  const ctx = await newContext(browser);
  const stamp = Date.now().toString(36);
  const email = `empty-feed-${stamp}@example.test`;
  const res = await ctx.request.post('/api/auth/sign-up/email', {
    data: {
      name: 'Empty Feed',
      username: `empty_${stamp}`,
      email,
      password: 'correct horse battery',
    },
    headers: { Origin: baseUrl, 'x-altcha': await solvedChallenge(ctx) },
  });
  if (!res.ok()) throw new Error(`sign-up: ${res.status()} ${await res.text()}`);
  await ctx.request.get(
    await waitForMailLink(email, /https?:\/\/[^\s"'<>]*verify-email[^\s"'<>]*/),
  );
  const headers = { Origin: baseUrl };
  const profile = await ctx.request.patch('/api/me/profile', {
    data: { bio: 'Just arrived.', birthday: 'May 23, 1995' },
    headers,
  });
  if (!profile.ok()) throw new Error(`profile: ${profile.status()} ${await profile.text()}`);
  const png = await sharp({
    create: { width: 400, height: 400, channels: 3, background: '#7aa2ff' },
  })
    .png()
    .toBuffer();
  for (const kind of ['avatar', 'banner']) {
    const up = await ctx.request.post(`/api/me/${kind}`, {
      multipart: { file: { name: `${kind}.png`, mimeType: 'image/png', buffer: png } },
      headers,
    });
    if (!up.ok()) throw new Error(`${kind}: ${up.status()} ${await up.text()}`);
  }
  const cookies = await ctx.cookies();
  await ctx.close();
  return cookies;
}

describe('an empty feed', () => {
  it('suggests communities to follow; following one fills the feed', async () => {
    const cookies = await newUserCookies();
    for (const [viewport, theme] of [
      ['desktop', 'dark'],
      ['desktop', 'light'],
      ['phone', 'dark'],
      ['phone', 'light'],
    ] as const) {
      const ctx = await newContext(browser, { viewport, theme });
      await ctx.addCookies(cookies);
      const page = await ctx.newPage();
      await page.goto('/feed');
      const list = page.getByRole('list', { name: 'Communities to follow' });
      await list.waitFor();
      expect(await list.getByRole('listitem').count()).toBe(6);
      expect(await list.getByText(/ Members$/).count()).toBe(6);
      await settle(page);
      await screenshot(page, `feed-suggestions-${viewport}-${theme}`);
      await ctx.close();
    }

    const ctx = await newContext(browser, { viewport: 'desktop' });
    await ctx.addCookies(cookies);
    const page = await ctx.newPage();
    await page.goto('/feed');
    const list = page.getByRole('list', { name: 'Communities to follow' });
    const first = list.getByRole('listitem').first();
    const name = (await first.getByRole('link').textContent())!.trim();
    await first.getByRole('button', { name: `Follow ${name}` }).click();
    // The feed refetches and shows the community's posts.
    await page.locator('article[data-post-id]').first().waitFor({ timeout: 30_000 });
    expect(await page.locator('.post-card__community', { hasText: name }).count()).toBeGreaterThan(
      0,
    );
    await ctx.close();
  }, 180_000);
});
