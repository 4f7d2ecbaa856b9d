import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  baseUrl,
  DEMO,
  getJson,
  launchBrowser,
  newContext,
  POLL,
  screenshot,
  signIn,
  signedInPage,
} from './browser';

/*
 * Live updates between two people: the demo user watches the feed, a community page and a
 * profile page in one browser context while another seeded user (Mika) posts, likes and deletes
 * through the API in a second context. Nothing on the watcher's page is reloaded.
 */

const AUTHOR_EMAIL = 'mika_draws@otakura.local';
const STAMP = Date.now().toString(36).slice(-5);

let browser: Browser;
let watcher: { ctx: BrowserContext; page: Page; userId: string };
let author: { ctx: BrowserContext; userId: string; username: string };
let communityId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  watcher = await signedInPage(browser, { email: DEMO.email });
  trackLiveSocket(watcher.page);
  // The feed's All tab, newest first: every new post belongs there.
  await watcher.ctx.addInitScript(() => {
    localStorage.setItem('otakura.feed.tab', 'all');
    localStorage.setItem('otakura.feed.sort', 'new');
  });
  const ctx = await newContext(browser);
  await signIn(ctx, AUTHOR_EMAIL);
  const me = await getJson<{ id: string; username: string }>(ctx, '/api/me');
  author = { ctx, userId: me.id, username: me.username };
  // A community with posts (the admin journey may have made an empty one that sorts first).
  const feed = await getJson<{ items: { community: { id: string } }[] }>(
    ctx,
    '/api/feed?tab=all&sort=new&limit=50',
  );
  const withPosts = feed.items[0]?.community.id;
  if (!withPosts) throw new Error('the demo feed needs a post in a community');
  communityId = withPosts;
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

/** A write as the author, through the API (Origin as the site's own pages send it). */
async function authorWrite(method: 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown) {
  const res = await author.ctx.request.fetch(url, {
    method,
    data,
    headers: { Origin: baseUrl },
  });
  if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
  return res.status() === 204 ? undefined : ((await res.json()) as unknown);
}

async function createPost(title: string): Promise<string> {
  const post = (await authorWrite('POST', '/api/posts', { title, communityId })) as { id: string };
  return post.id;
}

function card(page: Page, postId: string) {
  return page.locator(`[data-post-id="${postId}"]`).first();
}

/** Topics the server confirmed on the watcher's newest live socket (read from its frames). */
let confirmed = new Set<string>();

function trackLiveSocket(page: Page) {
  page.on('websocket', (ws) => {
    if (!ws.url().endsWith('/api/live')) return;
    const topics = new Set<string>();
    confirmed = topics;
    ws.on('framereceived', ({ payload }) => {
      try {
        const message = JSON.parse(String(payload)) as { type?: string; topics?: string[] };
        if (message.type === 'subscribed') message.topics?.forEach((t) => topics.add(t));
      } catch {
        /* not ours */
      }
    });
  });
}

/** Waits until the server confirmed `topic` on the watcher's socket: from then on, events come. */
async function liveReady(topic: string) {
  await expect.poll(() => confirmed.has(topic), POLL).toBe(true);
}

/** The author likes the post; the watcher's card shows '1 like' without a reload. */
async function expectLiveLike(page: Page, postId: string) {
  // The card on screen watches its post:{id} topic.
  await liveReady(`post:${postId}`);
  await authorWrite('PUT', `/api/posts/${postId}/like`);
  // The card reads "1" and, for screen readers, "1 like" (it read "0" / "0 likes" before).
  await expect.poll(() => card(page, postId).textContent(), POLL).toContain('1 like');
}

/** The author deletes the post; the watcher's card goes away without a reload. */
async function expectLiveDelete(page: Page, postId: string) {
  await authorWrite('DELETE', `/api/posts/${postId}`);
  await expect.poll(() => card(page, postId).count(), POLL).toBe(0);
}

describe('live: another user’s posts appear, change and go away without a reload', () => {
  it('on the feed: the new-posts pill brings the post in; its like count and deletion follow', async () => {
    const { page } = watcher;
    await page.goto('/feed');
    await page.locator('[data-post-id]').first().waitFor(POLL);
    await liveReady('feed');

    const title = `Live feed ${STAMP}`;
    const postId = await createPost(title);
    const pill = page.getByRole('button', { name: /new posts?/ });
    await pill.waitFor(POLL);
    await screenshot(page, 'live-feed-pill-desktop-dark');
    await pill.click();
    await card(page, postId).waitFor(POLL);
    await expect.poll(() => card(page, postId).textContent(), POLL).toContain(title);

    await expectLiveLike(page, postId);
    await screenshot(page, 'live-feed-liked-desktop-dark');
    await expectLiveDelete(page, postId);
  }, 120_000);

  it('on a community page: the post goes on top of the grid, then its like and deletion', async () => {
    const { page } = watcher;
    await page.goto(`/community/${communityId}`);
    await page.getByRole('heading', { level: 1 }).waitFor(POLL);
    await page.locator('[data-post-id]').first().waitFor(POLL);
    await liveReady(`community:${communityId}`);

    const title = `Live community ${STAMP}`;
    const postId = await createPost(title);
    await card(page, postId).waitFor(POLL);
    await expect.poll(() => card(page, postId).textContent(), POLL).toContain(title);
    await screenshot(page, 'live-community-new-post-desktop-dark');

    await expectLiveLike(page, postId);
    await expectLiveDelete(page, postId);
  }, 120_000);

  it('on a profile page: the author’s post appears, then its like and deletion', async () => {
    const { page } = watcher;
    await page.goto(`/user/${author.userId}`);
    await page.getByRole('heading', { level: 1, name: `@${author.username}` }).waitFor(POLL);
    await page.locator('[data-post-id]').first().waitFor(POLL);
    await liveReady(`profile:${author.userId}`);

    const title = `Live profile ${STAMP}`;
    const postId = await createPost(title);
    await card(page, postId).waitFor(POLL);
    await expect.poll(() => card(page, postId).textContent(), POLL).toContain(title);
    await screenshot(page, 'live-profile-new-post-desktop-dark');

    await expectLiveLike(page, postId);
    await expectLiveDelete(page, postId);
  }, 120_000);
});
