import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import {
  baseUrl,
  captureScreen,
  DEMO,
  getJson,
  launchBrowser,
  POLL,
  settle,
  signedInPage,
  VARIANTS,
} from './browser';

/*
 * The moderation area (issue 09): the queue, a case, people and the audit log pictured for staff
 * in every variant, a case closed through the UI, and a plain user kept out. The seed's staff
 * accounts are used (E2E_ADMIN_EMAIL / E2E_MODERATOR_EMAIL name others); the open reports are
 * made here by the demo user, so the queue never depends on the seed's reports.
 */
const ADMIN = process.env.E2E_ADMIN_EMAIL ?? 'admin@otakura.local';
const MODERATOR = process.env.E2E_MODERATOR_EMAIL ?? 'moderator@otakura.local';

interface Summary {
  id: string;
  username: string;
}
interface Post {
  id: string;
  title: string;
  author: Summary;
}
interface Comment {
  id: string;
  author: Summary;
  deleted?: boolean;
  deletedAt?: string | null;
}
interface Case {
  targetType: string;
  targetId: string;
  status: 'open' | 'closed';
}

let browser: Browser;
let staffIds: string[] = [];
/** A user the demo user reported, whose case the UI test dismisses. */
let reportedUser: Summary;

async function post(ctx: BrowserContext, url: string, data: unknown): Promise<void> {
  const res = await ctx.request.post(url, { data, headers: { Origin: baseUrl } });
  if (!res.ok()) throw new Error(`POST ${url}: ${res.status()} ${await res.text()}`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  for (const email of [ADMIN, MODERATOR]) {
    const { ctx } = await signedInPage(browser, { email });
    staffIds.push((await getJson<{ id: string }>(ctx, '/api/me')).id);
    await ctx.close();
  }
  staffIds = [...new Set(staffIds)];

  // Open reports from the demo user: a post, a comment and a user, none of them staff's.
  const { ctx, userId } = await signedInPage(browser);
  const feed = await getJson<{ items: Post[] }>(ctx, '/api/feed?tab=all&sort=new&limit=50');
  const others = feed.items.filter(
    (p) => p.author.id !== userId && !staffIds.includes(p.author.id),
  );
  const reportedPost = others[0];
  if (!reportedPost) throw new Error('the demo world needs a post by someone else');
  await post(ctx, `/api/posts/${reportedPost.id}/report`, { reason: 'spam' });
  let commentDone = false;
  for (const p of others) {
    const comments = await getJson<{ items: Comment[] }>(
      ctx,
      `/api/posts/${p.id}/comments?limit=100`,
    );
    const c = comments.items.find(
      (x) => x.author.id !== userId && !staffIds.includes(x.author.id) && !x.deletedAt,
    );
    if (c) {
      await post(ctx, `/api/comments/${c.id}/report`, {
        reason: 'other',
        details: 'Keeps insulting people in this thread.',
      });
      commentDone = true;
      break;
    }
  }
  if (!commentDone) throw new Error('the demo world needs a comment by someone else');
  reportedUser =
    others.map((p) => p.author).find((a) => a.id !== reportedPost.author.id) ?? reportedPost.author;
  await post(ctx, `/api/users/${reportedUser.id}/report`, { reason: 'harassment' });
  await ctx.close();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('moderation area', () => {
  it('keeps a plain user out: no Moderation link, and the staff-only page at /moderation', async () => {
    const { ctx, page } = await signedInPage(browser, { email: DEMO.email });
    await page.goto('/feed');
    const settings = page.getByRole('navigation', { name: 'Settings' }).first();
    await settings.getByRole('link', { name: 'Your Account' }).waitFor();
    expect(await settings.getByRole('link', { name: /Moderation/ }).count()).toBe(0);
    expect(await settings.getByRole('link', { name: 'Admin' }).count()).toBe(0);
    await page.goto('/moderation');
    await page
      .getByRole('heading', { level: 1, name: 'This page is for moderators and admins.' })
      .waitFor();
    const res = await ctx.request.get('/api/moderation/queue');
    expect(res.status()).toBe(403);
    await ctx.close();
  });

  it('shows staff the Moderation link with the open count; the Admin link to admins only', async () => {
    const { ctx, page } = await signedInPage(browser, { email: MODERATOR });
    await page.goto('/moderation');
    const settings = page.getByRole('navigation', { name: 'Settings' }).first();
    const link = settings.getByRole('link', { name: /^Moderation\s*\d+ open reports?$/ });
    await link.waitFor();
    const modIsAdmin = MODERATOR === ADMIN;
    expect(await settings.getByRole('link', { name: 'Admin' }).count()).toBe(modIsAdmin ? 1 : 0);
    await ctx.close();

    const admin = await signedInPage(browser, { email: ADMIN });
    await admin.page.goto('/moderation');
    await admin.page
      .getByRole('navigation', { name: 'Settings' })
      .first()
      .getByRole('link', { name: 'Admin' })
      .waitFor();
    await admin.ctx.close();
  });

  for (const { viewport, theme } of VARIANTS) {
    it(`pictures the queue, a reason dialog, a case, people and the audit log (${viewport}, ${theme})`, async () => {
      const { ctx, page } = await signedInPage(browser, { viewport, theme, email: ADMIN });
      const v = `${viewport}-${theme}`;

      await page.goto('/moderation');
      const list = page.getByRole('region', { name: 'Reports' });
      await list.getByRole('article').first().waitFor();
      await settle(page, 400);
      await captureScreen(page, `moderation-queue-${v}`, {
        expectVisible: page.getByRole('heading', { level: 1, name: 'Moderation' }),
        axe: true,
      });

      const first = list.getByRole('article').first();
      await first.getByRole('button', { name: 'Dismiss' }).click();
      const dialog = page.getByRole('dialog', { name: 'Dismiss the reports?' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Dismiss' }).click();
      await dialog.getByText('Please give a reason.').waitFor();
      await settle(page, 250);
      await captureScreen(page, `moderation-reason-dialog-${v}`, {
        expectVisible: dialog.getByLabel('Reason'),
        axe: true,
      });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });

      await first.getByRole('link', { name: 'Open case' }).click();
      await page.waitForURL('**/moderation/case/**');
      await page.getByRole('heading', { level: 1, name: 'Report' }).waitFor();
      await page.getByRole('article').first().waitFor({ timeout: 60_000 });
      await settle(page, 300);
      await captureScreen(page, `moderation-case-${v}`, {
        expectVisible: page.getByRole('heading', { level: 1, name: 'Report' }),
        axe: true,
      });

      await page
        .getByRole('navigation', { name: 'Moderation sections' })
        .getByRole('link', { name: 'People' })
        .click();
      await page.waitForURL('**/moderation/people');
      const people = page.getByRole('region', { name: 'People' });
      await people.getByRole('listitem').first().waitFor();
      await settle(page, 300);
      await captureScreen(page, `moderation-people-${v}`, {
        expectVisible: page.getByRole('searchbox', { name: 'Search people' }),
        axe: true,
      });

      await page
        .getByRole('navigation', { name: 'Moderation sections' })
        .getByRole('link', { name: 'Audit log' })
        .click();
      await page.waitForURL('**/moderation/audit');
      await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
      await page
        .getByRole('region', { name: 'Audit log entries' })
        .or(page.getByRole('heading', { name: 'No actions match.' }))
        .first()
        .waitFor();
      await settle(page, 300);
      await captureScreen(page, `moderation-audit-${v}`, {
        expectVisible: page.getByLabel('Action', { exact: true }),
        axe: true,
      });
      await ctx.close();
    });
  }

  it('dismisses a case with a reason on its page; it closes and lands in the audit log', async () => {
    const { ctx, page } = await signedInPage(browser, { email: MODERATOR });
    const open = await getJson<{ items: Case[] }>(
      ctx,
      '/api/moderation/queue?status=open&type=user&limit=50',
    );
    const target =
      open.items.find((c) => c.targetId === reportedUser.id) ??
      (await getJson<{ items: Case[] }>(ctx, '/api/moderation/queue?status=open&limit=1')).items[0];
    if (!target) throw new Error('no open case to dismiss');
    await page.goto(`/moderation/case/${target.targetType}/${target.targetId}`);
    const card = page.getByRole('article').first();
    await card.getByRole('button', { name: 'Dismiss' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dismiss the reports?' });
    await dialog.getByLabel('Reason').fill('Checked it: nothing against the rules.');
    await dialog.getByRole('button', { name: 'Dismiss' }).click();
    await page.getByText('Reports dismissed').first().waitFor();
    await card.getByText(/^Dismissed by @/).waitFor();
    expect(await card.getByRole('button', { name: 'Dismiss' }).count()).toBe(0);
    await expect
      .poll(
        async () =>
          (
            await getJson<Case>(
              ctx,
              `/api/moderation/cases/${target.targetType}/${target.targetId}`,
            )
          ).status,
        POLL,
      )
      .toBe('closed');

    await page.goto('/moderation/audit');
    await page.getByRole('checkbox', { name: 'Only my actions' }).check();
    const row = page
      .getByTestId('audit-entry')
      .filter({ hasText: 'Checked it: nothing against the rules.' })
      .first();
    await row.waitFor();
    expect(await row.textContent()).toContain('Dismissed reports');
    await ctx.close();
  });
});
