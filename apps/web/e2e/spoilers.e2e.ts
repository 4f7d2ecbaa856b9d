/**
 * The spoiler shield (issue 12, docs/spoiler-shield.md) in a real browser on the seeded world:
 * the demo account is at episode 3 of Circuit Dojo, so the community's "episode 5" post is
 * covered with "Spoiler for Circuit Dojo ep 5 — you're at ep 3"; Reveal shows it for this visit
 * only; watching episode 5 in the player (past 90 %) lifts the cover on the page left open,
 * live. Screenshots of the covered card, the composer's picker and the setting in both themes
 * at desktop and phone widths (docs/screenshots/spoiler-*.png), axe clean.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  captureScreen,
  getJson,
  launchBrowser,
  POLL,
  scrollToFind,
  settle,
  signedInPage,
  VARIANTS,
} from './browser';

interface MediaRow {
  id: string;
  title: string;
}
interface EpisodeRow {
  id: string;
  number: number;
  durationSeconds: number | null;
}
interface PostRow {
  id: string;
  title: string;
  community: { id: string; name: string };
}

const EP5_TITLE = 'Episode 5 "Overclock" — that final round!';
const EP5_TEXT = 'Kenji burning out his own servos';
const EP7_TITLE = 'Episode 7 — Tournament Eve ending discussion';

let browser: Browser;
let show: MediaRow;
let episode5: EpisodeRow;
/** The series' own community, where the tagged posts are. */
let communityId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const { ctx } = await signedInPage(browser);
  const list = await getJson<{ items: MediaRow[] }>(ctx, '/api/media?q=Circuit%20Dojo');
  show = list.items.find((m) => m.title === 'Circuit Dojo')!;
  expect(show).toBeTruthy();
  const units = await getJson<{ episodes: EpisodeRow[] }>(ctx, `/api/media-pages/${show.id}`);
  episode5 = units.episodes.find((e) => e.number === 5)!;
  const feed = await getJson<{ items: PostRow[] }>(ctx, '/api/feed?tab=all&limit=50');
  const post = feed.items.find((p) => p.title === EP5_TITLE);
  if (!post) throw new Error('the demo world has no episode 5 post');
  communityId = post.community.id;
  await ctx.close();
});
afterAll(async () => {
  await browser?.close();
});

const card = (page: Page, title: string) => page.getByRole('article', { name: title });

describe('the spoiler shield', () => {
  // Pictures first: the journey below moves the demo account past episode 5.
  for (const { viewport, theme } of VARIANTS) {
    it(`screenshots the covered card, the picker and the setting (${viewport}, ${theme})`, async () => {
      const { ctx, page } = await signedInPage(browser, { viewport, theme });
      const tag = `${viewport}-${theme}`;
      await page.goto(`/community/${communityId}`);
      const covered = card(page, EP5_TITLE);
      await scrollToFind(page, covered);
      await covered.getByText("Spoiler for Circuit Dojo ep 5 — you're at ep 3").waitFor(POLL);
      await covered.scrollIntoViewIfNeeded();
      await settle(page, 400);
      await captureScreen(page, `spoiler-cover-${tag}`, { expectVisible: covered, axe: true });

      await page.goto('/create-post');
      await page.getByRole('button', { name: /Community/ }).click();
      await page.getByRole('combobox', { name: /Search/ }).fill('Circuit Dojo');
      const option = page
        .getByRole('listbox', { name: 'Community' })
        .getByRole('option', { name: /Circuit Dojo/ });
      await option.first().click();
      // The series' own community offers its series.
      await page.getByText(/people who have not reached that point of Circuit Dojo/).waitFor(POLL);
      await page.getByRole('button', { name: 'Tag a spoiler' }).click();
      const picker = page.getByRole('group', { name: 'Spoiler tag' });
      await picker.getByText('Circuit Dojo').waitFor();
      await picker.getByRole('spinbutton', { name: 'Number' }).fill('5');
      await picker.scrollIntoViewIfNeeded();
      await settle(page, 300);
      await captureScreen(page, `spoiler-composer-${tag}`, { expectVisible: picker, axe: true });

      await page.goto('/content');
      const setting = page.getByRole('switch', { name: 'Blur thumbnails of unwatched episodes' });
      await setting.waitFor(POLL);
      await setting.scrollIntoViewIfNeeded();
      await settle(page, 300);
      await captureScreen(page, `spoiler-settings-${tag}`, { expectVisible: setting, axe: true });
      await ctx.close();
    }, 180_000);
  }

  it('covers the episode 5 post for a viewer at episode 3; Reveal shows it for this visit only', async () => {
    const { ctx, page } = await signedInPage(browser);
    await page.goto(`/community/${communityId}`);
    const post = card(page, EP5_TITLE);
    await post.getByText("Spoiler for Circuit Dojo ep 5 — you're at ep 3").waitFor(POLL);
    expect(await post.getByText(EP5_TEXT).count()).toBe(0);
    // No spoiler text reached the page at all.
    expect(await page.content()).not.toContain(EP5_TEXT);

    await post.getByRole('button', { name: 'Reveal' }).click();
    await post.getByText(EP5_TEXT).waitFor(POLL);
    expect(await post.getByText(/Spoiler for Circuit Dojo/).count()).toBe(0);

    // Not remembered by the server: a new visit shows the cover again.
    await page.reload();
    await card(page, EP5_TITLE)
      .getByText(/you're at ep 3/)
      .waitFor(POLL);
    await ctx.close();
  }, 120_000);

  it('lifts the cover live once the viewer has watched episode 5 in the player', async () => {
    const { ctx, page } = await signedInPage(browser);
    await page.goto(`/community/${communityId}`);
    const post = card(page, EP5_TITLE);
    await post.getByText("Spoiler for Circuit Dojo ep 5 — you're at ep 3").waitFor(POLL);

    // Episode 5 in another tab: near the end, then play past 90 %.
    const player = await ctx.newPage();
    await player.goto(`/media/${show.id}?episode=${episode5.id}`);
    await player.getByRole('dialog').waitFor();
    const video = player.locator('[role="dialog"] video');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), POLL)
      .toBeGreaterThan(0);
    await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      v.currentTime = Math.max(0, v.duration * 0.85);
      await new Promise((r) => v.addEventListener('seeked', r, { once: true }));
      await v.play();
    });
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime / v.duration), {
        timeout: 60_000,
        interval: 250,
      })
      .toBeGreaterThan(0.93);
    // Closing the player sends its last heartbeat (the watched position) at once.
    await player.keyboard.press('Escape');

    // The page left open reads its posts again on `media.progress`: the cover is gone.
    await post.getByText(EP5_TEXT).waitFor({ timeout: 45_000 });
    expect(await post.getByText(/Spoiler for Circuit Dojo ep 5/).count()).toBe(0);
    // Further episodes stay covered, now from episode 5.
    await card(page, EP7_TITLE)
      .getByText("Spoiler for Circuit Dojo ep 7 — you're at ep 5")
      .waitFor(POLL);
    await ctx.close();
  }, 180_000);
});
