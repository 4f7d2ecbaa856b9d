import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  captureScreen,
  DEMO,
  keepSession,
  launchBrowser,
  newContext,
  settle,
  signIn,
  type Theme,
  type Viewport,
} from './browser';
/** Makes this run's posts unique, so the journey can find them among the seeded ones. */
const STAMP = Date.now().toString(36).slice(-5);
const TITLES = {
  text: `Text post ${STAMP}: which opening do you skip least?`,
  image: `Image post ${STAMP}: new poster study`,
  url: `Url post ${STAMP}: read this`,
};

type Size = Extract<Viewport, 'desktop' | 'tablet' | 'phone'>;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A context at `size` in `theme`, with the demo session once the first test has signed in. */
async function context(size: Size = 'desktop', theme: Theme = 'dark'): Promise<BrowserContext> {
  const ctx = await newContext(browser, { viewport: size, theme, reducedMotion: true });
  if (signedIn) await signIn(ctx);
  return ctx;
}
let signedIn = false;

let poster: Buffer | undefined;
/** A poster-like PNG made on the spot (gradient, moon, bold title), like the demo art; drawn by the browser. */
async function posterPng(): Promise<Buffer> {
  if (poster) return poster;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#ff5c9a"/><stop offset="1" stop-color="#3d63e0"/></linearGradient></defs>
    <rect width="1200" height="900" fill="url(#g)"/>
    <circle cx="860" cy="300" r="170" fill="#ffe1ee" opacity="0.9"/>
    <path d="M0 720 Q 300 620 600 700 T 1200 680 V 900 H 0 Z" fill="#14060c" opacity="0.55"/>
    <text x="70" y="820" font-family="sans-serif" font-weight="900" font-size="110" fill="#fff">E2E ${STAMP}</text>
  </svg>`;
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  try {
    await page.setContent(`<body style="margin:0">${svg}</body>`);
    poster = await page.screenshot({ type: 'png' });
    return poster;
  } finally {
    await page.close();
  }
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
    // Every later context reuses this session (sign-in is rate limited per email).
    keepSession(await ctx.cookies());
    signedIn = true;

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
      await captureScreen(page, `posts-feed-${size}-${theme}`, {
        expectVisible: page.getByRole('article').first(),
        axe: true,
      });
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
      const dialog = page.getByRole('dialog', { name: TITLES.image });
      await dialog.waitFor();
      await settle(page, 900);
      await captureScreen(page, `posts-modal-${size}-${theme}`, {
        expectVisible: dialog,
        axe: true,
      });
      await page.keyboard.press('Escape');
      await page.waitForURL('**/feed');

      await page.goto(`/post/${ids.image}`);
      const heading = page.getByRole('heading', { level: 1, name: TITLES.image });
      await heading.waitFor();
      await settle(page, 600);
      await captureScreen(page, `posts-page-${size}-${theme}`, {
        expectVisible: heading,
        axe: true,
      });
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
    await captureScreen(page, `posts-create-text-${theme}`, {
      expectVisible: page.getByRole('textbox', { name: 'Text' }),
      axe: true,
    });

    await page.getByRole('tab', { name: 'Media' }).click();
    await page
      .getByTestId('media-input')
      .setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: await posterPng() });
    await page.getByText('Uploaded').waitFor({ timeout: 30_000 });
    await settle(page, 300);
    await captureScreen(page, `posts-create-media-${theme}`, {
      expectVisible: page.getByRole('figure', { name: 'poster.png' }),
      axe: true,
    });

    await page.getByRole('tab', { name: 'Url' }).click();
    await page.getByRole('textbox', { name: 'Url' }).fill('https://example.com/news');
    await settle(page, 300);
    await captureScreen(page, `posts-create-url-${theme}`, {
      expectVisible: page.getByRole('textbox', { name: 'Url' }),
      axe: true,
    });

    // The community picker, open.
    await page.getByRole('tab', { name: 'Text' }).click();
    await page.getByRole('button', { name: /Community/ }).click();
    const picker = page.getByRole('listbox', { name: 'Community' });
    await picker.getByRole('option').first().waitFor();
    await settle(page, 300);
    await captureScreen(page, `posts-create-picker-${theme}`, { expectVisible: picker });
    await ctx.close();
  });

  it('create post on a phone', async () => {
    const ctx = await context('phone', 'dark');
    const page = await ctx.newPage();
    await page.goto('/create-post');
    const heading = page.getByRole('heading', { name: 'Create Post', level: 1 });
    await heading.waitFor();
    await settle(page, 300);
    await captureScreen(page, 'posts-create-phone-dark', { expectVisible: heading, axe: true });
    await ctx.close();
  });
});
