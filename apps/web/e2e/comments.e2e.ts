import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  captureScreen,
  DEMO as DEMO_ACCOUNT,
  launchBrowser,
  screenshot,
  signedInPage,
  type Theme,
  type Viewport,
} from './browser';

/** Seeded demo accounts share one password (apps/server/src/seed/demo-seed.ts). */
const DEMO = DEMO_ACCOUNT.email;
const MIKA = 'mika_draws@otakura.local';
const REPORT_MESSAGE =
  'Comment reported successfully. Please give our team 24 hours to work on the request.';

interface ApiComment {
  id: string;
  author: { id: string; username: string };
  body: string;
  deleted: boolean;
  reportedByMe: boolean;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A page signed in as `email` through the API (browser.ts keeps one session per account). */
const signedInContext = (email: string, opts: { viewport?: Viewport; theme?: Theme } = {}) =>
  signedInPage(browser, { ...opts, email });

/** A post from the feed that has someone else's live comment (to report, share). */
async function findPost(
  ctx: BrowserContext,
  viewerId: string,
): Promise<{ postId: string; others: ApiComment[] }> {
  const feed = (await (await ctx.request.get('/api/feed?tab=all&limit=50')).json()) as {
    items: { id: string; commentCount: number }[];
  };
  // Few enough comments to fit the first page, so new ones show at the end without 'Load more'.
  for (const post of feed.items.filter((p) => p.commentCount > 1 && p.commentCount < 20)) {
    const list = (await (
      await ctx.request.get(`/api/posts/${post.id}/comments?limit=100`)
    ).json()) as { items: ApiComment[] };
    const others = list.items.filter(
      (c) => !c.deleted && c.author.id !== viewerId && !c.reportedByMe && c.body.length < 200,
    );
    if (others.length >= 2) return { postId: post.id, others };
  }
  throw new Error('No post with comments by others in the demo feed');
}

const comments = (page: Page) => page.locator('section.comments').first();
const commentArticle = (page: Page, text: string): Locator =>
  comments(page).locator('article.comment', { hasText: text }).first();

async function openPost(page: Page, postId: string) {
  await page.goto(`/post/${postId}`);
  try {
    await comments(page).getByRole('heading', { name: 'Comments' }).waitFor();
    await comments(page).locator('article.comment').first().waitFor();
  } catch (error) {
    await screenshot(page, 'comments-open-post-failed');
    throw error;
  }
}

async function openOptions(page: Page, text: string) {
  const row = commentArticle(page, text);
  await row.hover();
  await row.getByRole('button', { name: 'Comment options' }).click();
  return page.getByRole('dialog', { name: 'Comment options' });
}

describe('comments in the browser', () => {
  it('comment, reply, edit, delete (tombstone) and report another user’s comment', async () => {
    const { ctx, page, userId } = await signedInContext(DEMO);
    const { postId, others } = await findPost(ctx, userId);
    await openPost(page, postId);

    const stamp = Date.now().toString(36);
    const text = `E2E comment ${stamp}`;
    const composer = comments(page).getByRole('textbox', { name: 'Add a comment' });
    const send = comments(page).getByRole('button', { name: 'Comment', exact: true }).last();
    expect(await send.isDisabled()).toBe(true);
    await composer.fill(text);
    await send.click();
    await commentArticle(page, text).getByRole('button', { name: 'Comment options' }).waitFor();

    // Reply (Ctrl+Enter sends).
    const reply = `E2E reply ${stamp}`;
    await commentArticle(page, text).getByRole('button', { name: 'Reply' }).click();
    const replyBox = comments(page).getByRole('textbox', { name: /^Reply to @/ });
    await replyBox.fill(reply);
    await replyBox.press('Control+Enter');
    const replyRow = commentArticle(page, reply);
    await replyRow.getByRole('button', { name: 'Comment options' }).waitFor();
    expect(await replyRow.textContent()).toContain('@demo');

    // Edit the reply.
    const edited = `E2E reply edited ${stamp}`;
    await (await openOptions(page, reply)).getByRole('button', { name: 'Edit Comment' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Comment' });
    const editBox = editDialog.getByRole('textbox');
    expect(await editBox.inputValue()).toBe(reply);
    await editBox.fill('');
    expect(await editDialog.getByRole('button', { name: 'Edit', exact: true }).isDisabled()).toBe(
      true,
    );
    await editBox.fill(edited);
    await editDialog.getByRole('button', { name: 'Edit', exact: true }).click();
    await commentArticle(page, edited).waitFor();
    expect(await commentArticle(page, edited).textContent()).toContain('edited');

    // Delete the first comment: it stays as the system user's tombstone, the reply keeps its place.
    await (await openOptions(page, text)).getByRole('button', { name: 'Delete Comment' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete Comment' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await comments(page).getByText(text, { exact: true }).waitFor({ state: 'detached' });
    const tombstones = comments(page).locator('article.comment', {
      hasText: 'User deleted this comment :(',
    });
    await tombstones.last().waitFor();
    const tomb = tombstones.last();
    expect(await tomb.getByText('system').count()).toBe(1);
    expect(await tomb.getByRole('button').count()).toBe(0);
    await commentArticle(page, edited).waitFor();

    // Report someone else's comment.
    const target = others[0]!;
    const snippet = target.body.slice(0, 40);
    const options = await openOptions(page, snippet);
    expect(await options.getByRole('button', { name: 'Edit Comment' }).count()).toBe(0);
    await options.getByRole('button', { name: 'Report Comment' }).click();
    const report = page.getByRole('dialog', { name: 'Report comment' });
    await report.getByRole('radio', { name: 'Spam' }).check();
    await report.getByRole('button', { name: 'Report', exact: true }).click();
    await report.getByText(REPORT_MESSAGE).waitFor();
    await report.getByRole('button', { name: 'Done' }).click();

    // After a reload, all of it is what the server holds.
    await page.reload();
    await commentArticle(page, edited).waitFor();
    expect(await comments(page).getByText(text, { exact: true }).count()).toBe(0);
    await ctx.close();
  }, 120_000);

  it('shows a comment written in another browser within seconds, without a reload', async () => {
    const a = await signedInContext(DEMO);
    const b = await signedInContext(MIKA);
    const { postId } = await findPost(a.ctx, a.userId);
    await Promise.all([openPost(a.page, postId), openPost(b.page, postId)]);
    // Let B's socket subscribe to the post.
    await b.page.waitForTimeout(1000);

    const text = `Live from A ${Date.now().toString(36)}`;
    await comments(a.page).getByRole('textbox', { name: 'Add a comment' }).fill(text);
    await comments(a.page).getByRole('button', { name: 'Comment', exact: true }).last().click();
    const started = Date.now();
    await comments(b.page).getByText(text).waitFor({ timeout: 5000 });
    const seenAfterMs = Date.now() - started;
    expect(seenAfterMs).toBeLessThan(5000);

    // And an edit from A reaches B too.
    const edited = `${text} (edited live)`;
    await (await openOptions(a.page, text)).getByRole('button', { name: 'Edit Comment' }).click();
    const box = a.page.getByRole('dialog', { name: 'Edit Comment' }).getByRole('textbox');
    await box.fill(edited);
    await box.press('Control+Enter');
    await comments(b.page).getByText(edited).waitFor({ timeout: 5000 });
    const arrived = comments(b.page).getByText(edited);
    await arrived.scrollIntoViewIfNeeded();
    await captureScreen(b.page, 'comments-live-desktop-dark', { expectVisible: arrived });

    await a.ctx.close();
    await b.ctx.close();
  }, 90_000);

  for (const viewport of ['desktop', 'phone'] as const) {
    for (const theme of ['dark', 'light'] as const) {
      it(`looks right: panel, options and report modal (${viewport}, ${theme})`, async () => {
        const { ctx, page, userId } = await signedInContext(DEMO, { viewport, theme });
        const { postId, others } = await findPost(ctx, userId);
        await openPost(page, postId);
        await comments(page).scrollIntoViewIfNeeded();
        await comments(page).getByRole('heading', { name: 'Comments' }).scrollIntoViewIfNeeded();
        await page.waitForTimeout(300);
        await captureScreen(page, `comments-panel-${viewport}-${theme}`, {
          expectVisible: comments(page).getByRole('heading', { name: 'Comments' }),
          axe: true,
        });

        const snippet = others[1]!.body.slice(0, 40);
        const options = await openOptions(page, snippet);
        await options.getByRole('button', { name: 'Share Comment' }).waitFor();
        await page.waitForTimeout(300);
        await captureScreen(page, `comments-options-${viewport}-${theme}`, {
          expectVisible: options,
          axe: true,
        });

        await options.getByRole('button', { name: 'Report Comment' }).click();
        const report = page.getByRole('dialog', { name: 'Report comment' });
        await report.getByRole('button', { name: 'Report', exact: true }).waitFor();
        await page.waitForTimeout(300);
        await captureScreen(page, `comments-report-${viewport}-${theme}`, {
          expectVisible: report,
          axe: true,
        });
        await report.getByRole('button', { name: 'Cancel' }).click();
        await ctx.close();
      });
    }
  }
});
