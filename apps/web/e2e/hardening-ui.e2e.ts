import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seriousViolations } from './a11y';
import {
  captureScreen,
  getJson,
  horizontalOverflow,
  launchBrowser,
  newContext,
  POLL,
  settle,
  signedInPage,
  VARIANTS,
  type Theme,
  type Viewport,
} from './browser';

/**
 * Hardening of the shell, profiles, comments and settings: blocking from a profile and from a
 * comment, report reasons, the phone tab bar, the Japanese font only in Japanese, axe on the
 * profile and post pages, and pictures of each in both themes at desktop and phone size.
 *
 * Runs as a seeded account no other journey uses (a moderator, so it can read back its report),
 * and undoes its blocks, so the demo world stays as other journeys expect it.
 */
const ACCOUNT = 'rosa_reads@otakura.local';
const REPORT_MESSAGE =
  'Comment reported successfully. Please give our team 24 hours to work on the request.';

interface ApiComment {
  id: string;
  author: { id: string; username: string };
  body: string;
  deleted: boolean;
  reportedByMe: boolean;
}

// A busy 2-core machine (other journeys, builds) makes each page slow: generous per test.
vi.setConfig({ testTimeout: 240_000 });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function open(opts: { viewport?: Viewport; theme?: Theme } = {}) {
  return signedInPage(browser, { ...opts, email: ACCOUNT });
}

/** A post with at least two live comments by others, and those comments. */
async function postWithOthersComments(ctx: BrowserContext, viewerId: string) {
  const feed = await getJson<{ items: { id: string; commentCount: number }[] }>(
    ctx,
    '/api/feed?tab=all&limit=50',
  );
  for (const post of feed.items.filter((p) => p.commentCount > 1 && p.commentCount < 20)) {
    const list = await getJson<{ items: ApiComment[] }>(
      ctx,
      `/api/posts/${post.id}/comments?limit=100`,
    );
    const others = list.items.filter(
      (c) => !c.deleted && c.author.id !== viewerId && c.body.length < 200,
    );
    if (others.length >= 2) return { postId: post.id, others };
  }
  throw new Error('No post with comments by others in the demo feed');
}

const commentsOf = (page: Page) => page.locator('section.comments').first();

async function openPost(page: Page, postId: string) {
  await page.goto(`/post/${postId}`);
  await commentsOf(page).getByRole('heading', { name: 'Comments', exact: true }).waitFor();
  await commentsOf(page).locator('article.comment').first().waitFor();
}

async function openOptions(page: Page, body: string) {
  const row = commentsOf(page).locator('article.comment', { hasText: body }).first();
  await row.scrollIntoViewIfNeeded();
  await row.hover();
  await row.getByRole('button', { name: 'Comment options' }).click();
  const dialog = page.getByRole('dialog', { name: 'Comment options' });
  await dialog.waitFor();
  return dialog;
}

async function unblockByApi(ctx: BrowserContext, page: Page, userId: string) {
  const res = await ctx.request.delete(`/api/users/${userId}/block`, {
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(res.ok()).toBe(true);
}

describe('blocking', () => {
  it('blocks from a profile (confirmed), lists the user in /content, hides their comments, and unblocks', async () => {
    const { ctx, page, userId } = await open();
    const { postId, others } = await postWithOthersComments(ctx, userId);
    const target = others[0]!.author;

    await page.goto(`/user/${target.id}`);
    await page.getByRole('heading', { level: 1, name: `@${target.username}` }).waitFor();
    // The profile before blocking: axe-clean (serious/critical), no sideways scroll.
    await captureScreen(page, 'hardening-profile-before-block', {
      expectVisible: page.getByRole('button', { name: `Block @${target.username}` }),
      axe: true,
    });

    await page.getByRole('button', { name: `Block @${target.username}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Block @${target.username}?` });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Block', exact: true }).click();
    await page.getByRole('heading', { name: `You blocked @${target.username}` }).waitFor();
    await page.getByRole('button', { name: `Unblock @${target.username}` }).waitFor();
    expect(await page.getByRole('button', { name: `Follow @${target.username}` }).count()).toBe(0);
    expect(await getJson(ctx, `/api/users/${target.id}/block`)).toEqual({ blocked: true });

    // Listed in /content's blocked users.
    await page.goto('/content');
    await page.getByRole('button', { name: `Unblock @${target.username}` }).waitFor();
    expect(await page.getByText(/direct message/i).count()).toBe(0);

    // Their comments are gone from the post for the blocker.
    await openPost(page, postId);
    expect(
      await commentsOf(page).getByRole('link', { name: target.username, exact: true }).count(),
    ).toBe(0);

    // Unblock from the profile, confirmed.
    await page.goto(`/user/${target.id}`);
    await page.getByRole('button', { name: `Unblock @${target.username}` }).click();
    const undo = page.getByRole('alertdialog', { name: `Unblock @${target.username}?` });
    await undo.getByRole('button', { name: 'Unblock', exact: true }).click();
    await page.getByRole('button', { name: `Block @${target.username}` }).waitFor();
    expect(await getJson(ctx, `/api/users/${target.id}/block`)).toEqual({ blocked: false });
    await page.goto('/content');
    await page.getByText('You have not blocked anyone.').waitFor();
    await ctx.close();
  });

  it("blocks a comment's author from its options: their comments leave the list at once", async () => {
    const { ctx, page, userId } = await open();
    const { postId, others } = await postWithOthersComments(ctx, userId);
    const target = others[0]!;
    await openPost(page, postId);
    const options = await openOptions(page, target.body.slice(0, 40));
    await options.getByRole('button', { name: `Block @${target.author.username}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Block @${target.author.username}?` });
    await confirm.getByRole('button', { name: 'Block', exact: true }).click();
    await expect
      .poll(
        () =>
          commentsOf(page).getByRole('link', { name: target.author.username, exact: true }).count(),
        POLL,
      )
      .toBe(0);
    await unblockByApi(ctx, page, target.author.id);
    await ctx.close();
  });
});

describe('reporting with a reason', () => {
  it('needs a reason, sends Other with details, and the moderation queue shows both', async () => {
    const { ctx, page, userId } = await open();
    const { postId, others } = await postWithOthersComments(ctx, userId);
    // The last one: the pictures below open the first one's Report dialog.
    const target = others[others.length - 1]!;
    await openPost(page, postId);
    const options = await openOptions(page, target.body.slice(0, 40));
    await options.getByRole('button', { name: 'Report Comment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report comment' });
    const submit = dialog.getByRole('button', { name: 'Report', exact: true });
    await submit.waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByRole('radio', { name: 'Other' }).check();
    await dialog.getByLabel('Tell us more (optional)').fill('Posted the same link in every thread');
    await submit.click();
    await dialog.getByText(REPORT_MESSAGE).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();

    const found = await getJson<{
      reports: { reporter: { id: string }; reason: string; details: string | null }[];
    }>(ctx, `/api/moderation/cases/comment/${target.id}`);
    expect(found.reports.find((r) => r.reporter.id === userId)).toMatchObject({
      reason: 'other',
      details: 'Posted the same link in every thread',
    });
    await ctx.close();
  });
});

describe('phones (360 px)', () => {
  it('has a bottom tab bar that works, and nothing scrolls sideways', async () => {
    const { ctx, page } = await open({ viewport: 'phone' });
    await page.goto('/feed');
    const tabs = page.getByRole('navigation', { name: 'Main' });
    await tabs.waitFor();
    const box = (await tabs.boundingBox())!;
    const view = page.viewportSize()!;
    // At the bottom edge, full width.
    expect(Math.round(box.y + box.height)).toBe(view.height);
    expect(Math.round(box.width)).toBe(view.width);
    expect(await tabs.getByRole('link').count()).toBe(6);
    expect(await tabs.getByRole('link', { name: 'Feed' }).getAttribute('aria-current')).toBe(
      'page',
    );
    // The top bar holds no second set of links.
    expect(await page.getByRole('banner').getByRole('navigation').count()).toBe(0);

    await tabs.getByRole('link', { name: 'Search' }).click();
    await page.waitForURL('**/search**');
    await page.getByRole('searchbox', { name: 'Search Communities' }).waitFor();
    expect(await tabs.getByRole('link', { name: 'Search' }).getAttribute('aria-current')).toBe(
      'page',
    );

    for (const path of [
      '/feed',
      '/search',
      '/media',
      '/shop',
      '/profile',
      '/content',
      '/create-post',
    ]) {
      await page.goto(path);
      await tabs.waitFor();
      await settle(page, 200);
      expect(await horizontalOverflow(page), path).toBe(0);
    }

    // The page's last content is not hidden behind the bar.
    await page.goto('/content');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const last = page.locator('main .settings-stack > *').last();
    await last.waitFor();
    // Scrolled all the way down, the last block ends above the bar. Measured again until it
    // holds: blocks that arrive after the scroll make the page longer.
    const tabsTop = (await tabs.boundingBox())!.y;
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          await page.evaluate(() => new Promise(requestAnimationFrame));
          const lastBox = (await last.boundingBox())!;
          return lastBox.y + lastBox.height - tabsTop;
        },
        { timeout: 15_000 },
      )
      .toBeLessThanOrEqual(0);
    await ctx.close();
  });

  it('shows no tab bar on desktop', async () => {
    const { ctx, page } = await open();
    await page.goto('/feed');
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
    await nav.waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(1);
    await ctx.close();
  });
});

describe('the Japanese font', () => {
  async function fontRequests(language: 'en' | 'ja'): Promise<string[]> {
    const ctx = await newContext(browser);
    await ctx.addInitScript((lng) => localStorage.setItem('otakura.language', lng), language);
    const page = await ctx.newPage();
    const urls: string[] = [];
    page.on('request', (req: Request) => urls.push(req.url()));
    await page.goto('/login');
    await page.getByRole('button', { name: language === 'en' ? 'Login' : 'ログイン' }).waitFor();
    await page.evaluate(() => document.fonts.ready);
    await page.waitForLoadState('networkidle');
    await ctx.close();
    return urls.filter((u) => /noto-sans-jp|fonts-jp/i.test(u));
  }

  it('is not fetched on /login in English, and is in Japanese', async () => {
    expect(await fontRequests('en')).toEqual([]);
    const ja = await fontRequests('ja');
    expect(ja.some((u) => /\.css(\?|$)/.test(u))).toBe(true);
    expect(ja.some((u) => /noto-sans-jp.*\.woff2/.test(u))).toBe(true);
  });
});

describe('accessibility (axe: no serious or critical violations)', () => {
  it.each([
    ['dark', 'desktop'],
    ['light', 'phone'],
  ] as const)('the post page, %s, %s', async (theme, viewport) => {
    const { ctx, page, userId } = await open({ theme, viewport });
    const { postId } = await postWithOthersComments(ctx, userId);
    await openPost(page, postId);
    expect(await seriousViolations(page)).toEqual([]);
    // One landmark named 'Comments'.
    expect(await page.getByRole('region', { name: 'Comments' }).count()).toBeLessThanOrEqual(1);
    await ctx.close();
  });

  it('keyboard users reach a comment’s options, which show on focus', async () => {
    const { ctx, page, userId } = await open();
    const { postId } = await postWithOthersComments(ctx, userId);
    await openPost(page, postId);
    const button = commentsOf(page)
      .locator('article.comment')
      .first()
      .getByRole('button', { name: 'Comment options' });
    await page.mouse.move(0, 0);
    expect(await button.evaluate((el) => getComputedStyle(el).opacity)).toBe('0');
    await button.focus();
    await expect.poll(() => button.evaluate((el) => getComputedStyle(el).opacity), POLL).toBe('1');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Comment options' }).waitFor();
    await ctx.close();
  });
});

describe('pictures (light and dark, desktop and phone)', () => {
  it.each(VARIANTS)(
    'profile, comment options, report dialog, bottom bar and /content ($viewport, $theme)',
    async ({ viewport, theme }) => {
      const { ctx, page, userId } = await open({ viewport, theme });
      const { postId, others } = await postWithOthersComments(ctx, userId);
      const target = others[0]!;
      const suffix = `${viewport}-${theme}`;

      await page.goto(`/user/${target.author.id}`);
      const block = page.getByRole('button', { name: `Block @${target.author.username}` });
      await block.waitFor();
      await settle(page);
      await captureScreen(page, `hardening-profile-${suffix}`, { expectVisible: block });
      await block.click();
      const confirm = page.getByRole('alertdialog', { name: `Block @${target.author.username}?` });
      await confirm.waitFor();
      await settle(page, 250);
      await captureScreen(page, `hardening-block-confirm-${suffix}`, { expectVisible: confirm });
      await confirm.getByRole('button', { name: 'Cancel' }).click();

      await openPost(page, postId);
      const options = await openOptions(page, target.body.slice(0, 40));
      await settle(page, 250);
      await captureScreen(page, `hardening-comment-options-${suffix}`, { expectVisible: options });
      await options
        .getByRole('button', { name: /^Report Comment$|^Reported$/ })
        .first()
        .waitFor();
      const reportButton = options.getByRole('button', { name: 'Report Comment' });
      if ((await reportButton.count()) > 0 && (await reportButton.isEnabled())) {
        await reportButton.click();
        const dialog = page.getByRole('dialog', { name: 'Report comment' });
        await dialog.getByRole('radio', { name: 'Other' }).check();
        await dialog.getByLabel('Tell us more (optional)').fill('Same link in every thread');
        await settle(page, 250);
        await captureScreen(page, `hardening-report-${suffix}`, { expectVisible: dialog });
        await dialog.getByRole('button', { name: 'Cancel' }).click();
      } else {
        await page.keyboard.press('Escape');
      }

      if (viewport === 'phone') {
        await page.goto('/feed');
        const tabs = page.getByRole('navigation', { name: 'Main' });
        await tabs.waitFor();
        await settle(page);
        await captureScreen(page, `hardening-tabbar-${suffix}`, { expectVisible: tabs });
      }

      await page.goto('/content');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await settle(page);
      await captureScreen(page, `hardening-content-${suffix}`, { axe: true });
      await ctx.close();
    },
  );
});
