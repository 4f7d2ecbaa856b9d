import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import {
  baseUrl,
  captureScreen,
  getJson,
  launchBrowser,
  POLL,
  settle,
  signedInPage,
  VARIANTS,
} from './browser';

/** Another seeded account (shares the demo password): it likes and follows the demo user. */
const MIKA = 'mika_draws@otakura.local';

interface ApiPost {
  id: string;
  title: string;
  author: { id: string; username: string };
}
interface ApiNotification {
  id: string;
  type: string;
  subtype: string | null;
  read: boolean;
}

let browser: Browser;
let demoId: string;
/** The title of the demo user's post Mika likes (made in beforeAll). */
let likedTitle: string;

async function send(ctx: BrowserContext, method: 'PUT' | 'DELETE', url: string) {
  const res = await ctx.request.fetch(url, { method, headers: { Origin: baseUrl } });
  if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  const demo = await signedInPage(browser);
  demoId = demo.userId;
  // A post of the demo user's own, new in this run: Mika's like on it is a notification of its
  // own at the top, whichever journeys ran in this world before (a like on an older post would
  // join that post's group wherever it sits in the list).
  const feed = await getJson<{ items: { community: { id: string } }[] }>(
    demo.ctx,
    '/api/feed?tab=all&sort=new&limit=20',
  );
  const communityId = feed.items[0]?.community.id;
  if (!communityId) throw new Error('the demo feed needs a post in a community');
  likedTitle = `Notified ${Date.now().toString(36)}`;
  const created = await demo.ctx.request.post('/api/posts', {
    data: { title: likedTitle, communityId },
    headers: { Origin: baseUrl },
  });
  if (!created.ok())
    throw new Error(`POST /api/posts: ${created.status()} ${await created.text()}`);
  const post = (await created.json()) as ApiPost;
  await demo.ctx.close();

  // Mika likes it and follows the demo user again: fresh notifications (an unfollow then a
  // follow is a new follow).
  const mika = await signedInPage(browser, { email: MIKA });
  await send(mika.ctx, 'PUT', `/api/posts/${post.id}/like`);
  await send(mika.ctx, 'DELETE', `/api/users/${demoId}/follow`);
  await send(mika.ctx, 'PUT', `/api/users/${demoId}/follow`);
  await mika.ctx.close();
});
afterAll(async () => {
  await browser?.close();
});

describe('notifications', () => {
  it('lists the demo user’s notifications with the bell’s unread count, in both themes at desktop and phone', async () => {
    for (const { viewport, theme } of VARIANTS) {
      const { ctx, page } = await signedInPage(browser, { viewport, theme });
      const unread = await getJson<{ unread: number }>(ctx, '/api/notifications/unread-count');
      expect(unread.unread).toBeGreaterThan(0);
      await page.goto('/notifications');
      await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
      const bell = page.getByRole('link', { name: /^Notifications, \d+ unread$/ });
      await expect.poll(() => bell.count(), POLL).toBe(1);
      const liked = page
        .getByRole('link', { name: new RegExp(`Mika.* liked your post.*${likedTitle}`) })
        .first();
      const followed = page.getByRole('link', { name: /followed you/ }).first();
      await settle(page);
      await captureScreen(page, `notifications-${viewport}-${theme}`, {
        expectVisible: [bell, liked, followed],
        axe: true,
      });
      await ctx.close();
    }
  });

  it('opens a notification at its link and marks it read; Mark all as read empties the badge', async () => {
    const { ctx, page } = await signedInPage(browser);
    await page.goto('/notifications');
    const first = page.getByRole('link', { name: /liked your post/ }).first();
    await first.waitFor();
    const href = await first.getAttribute('href');
    await first.click();
    await page.waitForURL(`**${href}`);
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();

    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByRole('link', { name: 'Notifications', exact: true }).waitFor();
    await expect
      .poll(
        async () =>
          (await getJson<{ unread: number }>(ctx, '/api/notifications/unread-count')).unread,
        POLL,
      )
      .toBe(0);
    const all = await getJson<{ items: ApiNotification[] }>(ctx, '/api/notifications?limit=20');
    expect(all.items.every((n) => n.read)).toBe(true);
    await ctx.close();
  });

  it('puts a new notification on the bell live', async () => {
    const { page } = await signedInPage(browser, { viewport: 'phone' });
    await page.goto('/feed');
    await page.getByRole('link', { name: /^Notifications/ }).waitFor();

    const mika = await signedInPage(browser, { email: MIKA });
    await send(mika.ctx, 'DELETE', `/api/users/${demoId}/follow`);
    await send(mika.ctx, 'PUT', `/api/users/${demoId}/follow`);
    await mika.ctx.close();

    const bell = page.getByRole('link', { name: /^Notifications, \d+ unread$/ });
    await bell.waitFor({ timeout: 15_000 });
    await settle(page);
    await captureScreen(page, 'notifications-bell-phone-live', { expectVisible: bell });
    await page.context().close();
  });

  it('reports someone else’s post from its actions and sees the confirmation', async () => {
    const { ctx, page } = await signedInPage(browser);
    const feed = await getJson<{ items: ApiPost[] }>(ctx, '/api/feed?tab=all&sort=new&limit=30');
    const post = feed.items.find((p) => p.author.id !== demoId);
    if (!post) throw new Error('the feed needs a post by someone else');
    await page.goto(`/post/${post.id}`);
    await page.getByRole('heading', { level: 1, name: post.title }).waitFor();
    await page.getByRole('button', { name: 'Report post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report post' });
    await dialog.getByRole('radio', { name: 'Spam' }).check();
    await dialog.getByRole('button', { name: 'Report', exact: true }).click();
    const done = dialog.getByText(
      'Post reported successfully. Please give our team 24 hours to work on the request.',
    );
    await done.waitFor();
    await captureScreen(page, 'report-post-desktop-dark', { expectVisible: done, axe: true });
    await ctx.close();
  });

  it('reports another person from their profile and a shop item from its page', async () => {
    const { ctx, page } = await signedInPage(browser);
    const mika = await signedInPage(browser, { email: MIKA });
    await mika.ctx.close();
    await page.goto(`/user/${mika.userId}`);
    await page.getByRole('button', { name: 'Report', exact: true }).click();
    let dialog = page.getByRole('dialog', { name: 'Report user' });
    await dialog.getByRole('radio', { name: 'Spam' }).check();
    await dialog.getByRole('button', { name: 'Report', exact: true }).click();
    await dialog
      .getByText(
        'User reported successfully. Please give our team 24 hours to work on the request.',
      )
      .waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();

    const items = await getJson<{ items: { id: string }[] }>(ctx, '/api/shop/items?limit=50');
    let itemId: string | null = null;
    for (const { id } of items.items) {
      const item = await getJson<{ seller: { id: string } }>(ctx, `/api/shop/items/${id}`);
      if (item.seller.id !== demoId) {
        itemId = id;
        break;
      }
    }
    if (!itemId) throw new Error('the shop needs an item sold by someone else');
    await page.goto(`/item/${itemId}`);
    await page.getByRole('button', { name: 'Report', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Report item' });
    await dialog.getByRole('radio', { name: 'Other' }).check();
    await dialog
      .getByRole('textbox', { name: 'Tell us more (optional)' })
      .fill('Looks counterfeit');
    await dialog.getByRole('button', { name: 'Report', exact: true }).click();
    const done = dialog.getByText(
      'Item reported successfully. Please give our team 24 hours to work on the request.',
    );
    await done.waitFor();
    await captureScreen(page, 'report-item-desktop-dark', { expectVisible: done, axe: true });
    await ctx.close();
  });

  it('shows the push row in the Content settings, in words that match this browser', async () => {
    for (const viewport of ['desktop', 'phone'] as const) {
      const { ctx, page } = await signedInPage(browser, { viewport, theme: 'light' });
      await page.goto('/content');
      const push = page.getByRole('switch', { name: 'Push notifications on this device' });
      await push.waitFor();
      await expect
        .poll(
          async () =>
            push
              .getAttribute('aria-describedby')
              .then((id) => page.locator(`[id="${id}"]`).textContent()),
          POLL,
        )
        .not.toMatch(/^Checking/);
      await push.scrollIntoViewIfNeeded();
      await settle(page);
      await captureScreen(page, `settings-push-${viewport}-light`, {
        expectVisible: push,
        axe: true,
      });
      await ctx.close();
    }
  });
});
