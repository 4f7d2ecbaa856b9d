import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Cookie, Page } from 'playwright-core';
import sharp from 'sharp';
import { baseUrl, launchBrowser, screenshot } from './browser';

/** The seeded demo account (apps/server/src/seed/demo-seed.ts). */
const DEMO = { email: 'demo@otakura.local', password: 'otakura-demo' };
/** Makes this run's posts unique, so the journey can find them among the seeded ones. */
const STAMP = Date.now().toString(36).slice(-5);
const TITLES = {
  text: `Text post ${STAMP}: which opening do you skip least?`,
  image: `Image post ${STAMP}: new poster study`,
  url: `Url post ${STAMP}: read this`,
};

const SIZES = {
  desktop: { width: 1366, height: 900 },
  tablet: { width: 900, height: 1100 },
  phone: { width: 375, height: 812 },
} as const;
type Size = keyof typeof SIZES;
type Theme = 'dark' | 'light';

let browser: Browser;
/** Cookies of the one sign-in (sign-in is rate limited per email). */
let cookies: Cookie[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function context(size: Size = 'desktop', theme: Theme = 'dark'): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    baseURL: baseUrl,
    viewport: SIZES[size],
    isMobile: size === 'phone',
    hasTouch: size === 'phone',
    deviceScaleFactor: 1,
    // Screenshots must not wait on autoplaying clips.
    reducedMotion: 'reduce',
  });
  await ctx.addInitScript((t) => localStorage.setItem('otakura.theme', t), theme);
  if (cookies.length > 0) await ctx.addCookies(cookies);
  return ctx;
}

/** A poster-like PNG made on the spot (gradient, moon, bold title), like the demo art. */
async function posterPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#ff5c9a"/><stop offset="1" stop-color="#3d63e0"/></linearGradient></defs>
    <rect width="1200" height="900" fill="url(#g)"/>
    <circle cx="860" cy="300" r="170" fill="#ffe1ee" opacity="0.9"/>
    <path d="M0 720 Q 300 620 600 700 T 1200 680 V 900 H 0 Z" fill="#14060c" opacity="0.55"/>
    <text x="70" y="820" font-family="sans-serif" font-weight="900" font-size="110" fill="#fff">E2E ${STAMP}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Settles a page for a screenshot: data loaded, images decoded, no animation mid-way. */
async function settle(page: Page, ms = 600) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page
    .evaluate(() =>
      Promise.all(
        [...document.images]
          .filter((img) => img.getBoundingClientRect().top < window.innerHeight && !img.complete)
          .map((img) => new Promise((r) => ((img.onload = r), (img.onerror = r)))),
      ),
    )
    .catch(() => undefined);
  await page.waitForTimeout(ms);
}

async function chooseFirstCommunity(page: Page) {
  await page.getByRole('button', { name: /Community/ }).click();
  const first = page.getByRole('listbox', { name: 'Community' }).getByRole('option').first();
  await first.waitFor();
  const name = (await first.locator('.community-picker__option-name').textContent()) ?? '';
  await first.click();
  return name;
}

async function post(page: Page): Promise<string> {
  const button = page.getByRole('button', { name: 'Post', exact: true });
  await expect.poll(() => button.isEnabled(), { timeout: 30_000 }).toBe(true);
  await button.click();
  await page.waitForURL(/\/post\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  return page.url().split('/post/')[1]!;
}

const ids: { text?: string; image?: string; url?: string } = {};

describe('posts: create, feed, modal, like', () => {
  it('signs in and creates a text, an image and a url post', async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(DEMO.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/feed');
    cookies = await ctx.cookies();

    // Text
    await page.goto('/create-post');
    await page.getByRole('heading', { name: 'Create Post', level: 1 }).waitFor();
    await expect(
      page.getByRole('button', { name: 'Post', exact: true }).isDisabled(),
    ).resolves.toBe(true);
    await page.getByLabel('Title').fill(TITLES.text);
    await chooseFirstCommunity(page);
    await page
      .getByRole('textbox', { name: 'Text' })
      .fill('Mine is the one with the rooftop chase. Yours?');
    ids.text = await post(page);
    await page.getByRole('heading', { level: 1, name: TITLES.text }).waitFor();

    // Image: the file uploads at once (progress bar), then the post names it.
    await page.goto('/create-post');
    await page.getByRole('tab', { name: 'Media' }).click();
    await page.getByLabel('Title').fill(TITLES.image);
    await chooseFirstCommunity(page);
    await page
      .getByTestId('media-input')
      .setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: await posterPng() });
    await page
      .getByRole('figure', { name: 'poster.png' })
      .getByText('Image', { exact: true })
      .waitFor();
    await page.getByText('Uploaded').waitFor({ timeout: 30_000 });
    ids.image = await post(page);
    await page.getByRole('heading', { level: 1, name: TITLES.image }).waitFor();
    await page.locator('.carousel__image').first().waitFor();

    // Url: the preview is best effort (this network is closed); the post goes anyway.
    await page.goto('/create-post');
    await page.getByRole('tab', { name: 'Url' }).click();
    await page.getByLabel('Title').fill(TITLES.url);
    await chooseFirstCommunity(page);
    await page.getByRole('textbox', { name: 'Url' }).fill('https://example.com/otakura-e2e');
    ids.url = await post(page);
    await page.getByRole('heading', { level: 1, name: TITLES.url }).waitFor();
    await page
      .getByRole('link', { name: /example\.com/ })
      .first()
      .waitFor();
    await ctx.close();
  });

  it('finds them in the feed, opens the modal, steps next and previous, likes', async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    await page.goto('/feed');
    await page.getByRole('tab', { name: 'All' }).click();
    await page.getByRole('radio', { name: 'New' }).click();
    for (const title of Object.values(TITLES)) {
      await page.getByRole('article', { name: title }).waitFor();
    }

    // Newest first: url, image, text.
    await page.getByRole('link', { name: TITLES.url }).click();
    await page.getByRole('dialog', { name: TITLES.url }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/post/${ids.url}`);

    await page.getByRole('button', { name: 'Next post' }).click();
    const imageDialog = page.getByRole('dialog', { name: TITLES.image });
    await imageDialog.waitFor();
    expect(new URL(page.url()).pathname).toBe(`/post/${ids.image}`);

    await page.keyboard.press('ArrowRight');
    await page.getByRole('dialog', { name: TITLES.text }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/post/${ids.text}`);

    await page.keyboard.press('ArrowLeft');
    await imageDialog.waitFor();

    const like = imageDialog.getByRole('button', { name: 'Like' });
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    await imageDialog.getByText('1 like', { exact: true }).waitFor();
    // The server agrees.
    const saved = (await (await ctx.request.get(`/api/posts/${ids.image}`)).json()) as {
      likeCount: number;
      likedByMe: boolean;
    };
    expect(saved).toMatchObject({ likeCount: 1, likedByMe: true });

    await page.keyboard.press('Escape');
    await imageDialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/feed');
    // The card shows the like too, and has focus back.
    const card = page.getByRole('article', { name: TITLES.image });
    expect(await card.getByRole('button', { name: 'Like' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(
      await page.evaluate(() => document.activeElement?.getAttribute('data-post-link') ?? null),
    ).toBe(ids.image);
    await ctx.close();
  });
});

describe('posts: screenshots', () => {
  const themes: Theme[] = ['dark', 'light'];

  it.each(themes)('feed at desktop (3 columns), tablet (2) and phone (1), %s', async (theme) => {
    for (const size of ['desktop', 'tablet', 'phone'] as const) {
      const ctx = await context(size, theme);
      const page = await ctx.newPage();
      await page.goto('/feed');
      await page.getByRole('article').first().waitFor();
      await settle(page);
      const columns = await page
        .locator('.post-grid')
        .first()
        .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
      expect(columns).toBe({ desktop: 3, tablet: 2, phone: 1 }[size]);
      await screenshot(page, `posts-feed-${size}-${theme}`);
      await ctx.close();
    }
  });

  it.each(themes)('post modal and post page, %s', async (theme) => {
    for (const size of ['desktop', 'phone'] as const) {
      const ctx = await context(size, theme);
      const page = await ctx.newPage();
      await page.goto('/feed');
      await page.getByRole('tab', { name: 'All' }).click();
      await page.getByRole('link', { name: TITLES.image }).click();
      await page.getByRole('dialog', { name: TITLES.image }).waitFor();
      await settle(page, 900);
      await screenshot(page, `posts-modal-${size}-${theme}`);
      await page.keyboard.press('Escape');
      await page.waitForURL('**/feed');

      await page.goto(`/post/${ids.image}`);
      await page.getByRole('heading', { level: 1, name: TITLES.image }).waitFor();
      await settle(page);
      await screenshot(page, `posts-page-${size}-${theme}`);
      await ctx.close();
    }
  });

  it.each(themes)('create post, each tab, %s', async (theme) => {
    const ctx = await context('desktop', theme);
    const page = await ctx.newPage();
    await page.goto('/create-post');
    await page.getByRole('heading', { name: 'Create Post', level: 1 }).waitFor();
    await page.getByLabel('Title').fill('Hand-drawn openings that still hold up');
    await chooseFirstCommunity(page);
    await page
      .getByRole('textbox', { name: 'Text' })
      .fill('Which one would you show a friend first?');
    await settle(page, 300);
    await screenshot(page, `posts-create-text-${theme}`);

    await page.getByRole('tab', { name: 'Media' }).click();
    await page
      .getByTestId('media-input')
      .setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: await posterPng() });
    await page.getByText('Uploaded').waitFor({ timeout: 30_000 });
    await settle(page, 300);
    await screenshot(page, `posts-create-media-${theme}`);

    await page.getByRole('tab', { name: 'Url' }).click();
    await page.getByRole('textbox', { name: 'Url' }).fill('https://example.com/news');
    await settle(page, 300);
    await screenshot(page, `posts-create-url-${theme}`);

    // The community picker, open.
    await page.getByRole('tab', { name: 'Text' }).click();
    await page.getByRole('button', { name: /Community/ }).click();
    await page.getByRole('listbox', { name: 'Community' }).getByRole('option').first().waitFor();
    await settle(page, 300);
    await screenshot(page, `posts-create-picker-${theme}`);
    await ctx.close();
  });

  it('create post on a phone', async () => {
    const ctx = await context('phone', 'dark');
    const page = await ctx.newPage();
    await page.goto('/create-post');
    await page.getByRole('heading', { name: 'Create Post', level: 1 }).waitFor();
    await settle(page, 300);
    await screenshot(page, 'posts-create-phone-dark');
    await ctx.close();
  });
});
