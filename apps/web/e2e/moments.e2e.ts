/**
 * Comments pinned to a moment (issue 12, docs/moments.md), in a real browser on the seeded world:
 * a comment posted at 0:12 through the player shows as a marker on the timeline and in the list
 * once playback passes 0:12; "Discuss ep n (k)" opens the episode's comments; the reader counts
 * comments beside the page. Screenshots of each screen in both themes at desktop and phone
 * widths, axe clean.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  captureScreen,
  getJson,
  launchBrowser,
  POLL,
  settle,
  signedInPage,
  VARIANTS,
} from './browser';

interface MediaRow {
  id: string;
  kind: 'video' | 'manga' | 'sequence';
  title: string;
}
interface EpisodeRow {
  id: string;
  number: number;
  durationSeconds: number | null;
}
interface IssueRow {
  id: string;
  number: number;
  pageCount: number;
}
interface MediaPage {
  episodes: EpisodeRow[];
  volumes: Array<{ issues: IssueRow[] }>;
}

let browser: Browser;
/** Circuit Dojo: the demo account has watched episodes 1–3; episode 1 has no moment at 0:12. */
let show: MediaRow;
let episode: EpisodeRow;
/** Starlight Relay: its episode 1 has the seeded moment at 0:12. */
let relay: MediaRow;
let relayEpisode: EpisodeRow;
/** Its episode 2: the demo account is 40 % in, so the later moments come covered. */
let relayEpisode2: EpisodeRow;
let manga: MediaRow;
let chapter: IssueRow;

async function series(page: { ctx: Parameters<typeof getJson>[0] }, title: string) {
  const list = await getJson<{ items: MediaRow[] }>(
    page.ctx,
    `/api/media?q=${encodeURIComponent(title)}`,
  );
  const found = list.items.find((m) => m.title === title);
  if (!found) throw new Error(`the demo world has no ${title}`);
  return found;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const { ctx } = await signedInPage(browser);
  show = await series({ ctx }, 'Circuit Dojo');
  relay = await series({ ctx }, 'Starlight Relay');
  manga = await series({ ctx }, 'Lighthouse Letters');
  episode = (await getJson<MediaPage>(ctx, `/api/media-pages/${show.id}`)).episodes.find(
    (e) => e.number === 1,
  )!;
  const relayEpisodes = (await getJson<MediaPage>(ctx, `/api/media-pages/${relay.id}`)).episodes;
  relayEpisode = relayEpisodes.find((e) => e.number === 1)!;
  relayEpisode2 = relayEpisodes.find((e) => e.number === 2)!;
  chapter = (await getJson<MediaPage>(ctx, `/api/media-pages/${manga.id}`)).volumes[0]!.issues[0]!;
  await ctx.close();
});
afterAll(async () => {
  await browser?.close();
});

/** Pauses the player's video and puts it at `seconds` (as a drag of the seek bar would). */
async function pauseAt(page: Page, seconds: number): Promise<void> {
  const video = page.locator('[role="dialog"] video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), POLL)
    .toBeGreaterThan(0);
  await video.evaluate(async (v: HTMLVideoElement, at: number) => {
    v.pause();
    v.currentTime = at;
    await new Promise((r) => v.addEventListener('seeked', r, { once: true }));
  }, seconds);
}

const videoTime = (page: Page) =>
  page.locator('[role="dialog"] video').evaluate((v: HTMLVideoElement) => v.currentTime);

describe('comments pinned to a moment', () => {
  it('a comment posted at 0:12 shows on the timeline, and in the list once playback passes it', async () => {
    const { ctx, page } = await signedInPage(browser);
    await page.goto(`/media/${show.id}?episode=${episode.id}`);
    const player = page.getByRole('dialog');
    await player.waitFor();
    const markers = player.getByRole('group', { name: 'Comments on the timeline' });
    await markers.waitFor(POLL);
    const before = await markers.getByRole('button', { name: /at 0:12$/ }).count();
    expect(before).toBe(0);

    await pauseAt(page, 12.4);
    const text = `Moment at twelve ${Date.now().toString(36)}`;
    const composer = player.getByRole('textbox', { name: 'Comment at 0:12' });
    await composer.fill(text);
    await composer.press('Enter');
    await expect.poll(() => composer.inputValue(), POLL).toBe('');
    await markers.getByRole('button', { name: 'Comment at 0:12' }).waitFor(POLL);

    // Back before the moment: the list does not show it; playing past 0:12 brings it in.
    await pauseAt(page, 2);
    const panel = player.getByRole('complementary', { name: /Moments/ });
    await expect.poll(() => panel.getByText(text).count(), POLL).toBe(0);
    await page.locator('[role="dialog"] video').evaluate((v: HTMLVideoElement) => v.play());
    await expect
      .poll(() => videoTime(page), { timeout: 60_000, interval: 250 })
      .toBeGreaterThan(12.5);
    const item = panel.locator('article', { hasText: text });
    await item.waitFor(POLL);
    // A marker is a button that seeks: back to 0:12 from wherever playback is.
    await pauseAt(page, 1);
    await markers.getByRole('button', { name: 'Comment at 0:12' }).click();
    await expect.poll(() => videoTime(page), POLL).toBeCloseTo(12, 0);
    await ctx.close();
  }, 180_000);

  it('"Discuss ep 1 (n)" opens the comments about the episode', async () => {
    const { ctx, page } = await signedInPage(browser);
    await page.goto(`/media/${relay.id}?episode=${relayEpisode.id}`);
    const player = page.getByRole('dialog');
    await player.waitFor();
    const discuss = player.getByRole('button', { name: /^Discuss ep 1 \(\d+\)$/ });
    await discuss.waitFor(POLL);
    const count = Number(/\((\d+)\)/.exec((await discuss.textContent()) ?? '')![1]);
    expect(count).toBeGreaterThanOrEqual(7);
    await discuss.click();
    const modal = page.getByRole('dialog', { name: 'Ep 1 discussion' });
    await modal.waitFor();
    await modal
      .getByText('The baton pass at 0:12 is animated on ones. Look at the sleeves!')
      .waitFor(POLL);
    await modal.getByText('Such a strong first episode. The pacing never lets up.').waitFor();
    await ctx.close();
  }, 120_000);

  it('the reader counts the comments beside the page and opens them', async () => {
    const { ctx, page } = await signedInPage(browser);
    await page.goto(`/media/${manga.id}?issue=${chapter.id}`);
    const reader = page.getByRole('dialog');
    await reader.waitFor();
    await page
      .getByRole('img', { name: /^Page \d+$/ })
      .first()
      .waitFor(POLL);
    await page.keyboard.press('Home');
    const count = reader.getByRole('button', { name: '1 comment on this page' });
    await count.waitFor(POLL);
    await count.click();
    const modal = page.getByRole('dialog', { name: 'Page 1 comments' });
    await modal
      .getByText('That cover! The lighthouse in the fog is framed perfectly.')
      .waitFor(POLL);
    await ctx.close();
  }, 120_000);

  it('lays the list under the video at tablet width', async () => {
    const { ctx, page } = await signedInPage(browser, { viewport: 'tablet', theme: 'dark' });
    await page.goto(`/media/${relay.id}?episode=${relayEpisode.id}`);
    const player = page.getByRole('dialog');
    await player.waitFor();
    await player.getByRole('group', { name: 'Comments on the timeline' }).waitFor(POLL);
    await pauseAt(page, 13);
    const panel = player.getByRole('complementary', { name: /Moments/ });
    await panel
      .getByText('The baton pass at 0:12 is animated on ones. Look at the sleeves!')
      .waitFor(POLL);
    const video = await player.locator('video').boundingBox();
    const list = await panel.boundingBox();
    expect(list!.y).toBeGreaterThanOrEqual(video!.y + video!.height - 1);
    const dialog = await player.boundingBox();
    expect(dialog!.y + dialog!.height).toBeLessThanOrEqual(1100);
    await settle(page, 300);
    await captureScreen(page, 'moments-player-tablet-dark', { expectVisible: panel, axe: true });
    await ctx.close();
  }, 120_000);

  for (const { viewport, theme } of VARIANTS) {
    it(`screenshots the moments (${viewport}, ${theme})`, async () => {
      const { ctx, page } = await signedInPage(browser, { viewport, theme });
      const tag = `${viewport}-${theme}`;
      await page.goto(`/media/${relay.id}?episode=${relayEpisode.id}`);
      const player = page.getByRole('dialog');
      await player.waitFor();
      await player.getByRole('group', { name: 'Comments on the timeline' }).waitFor(POLL);
      await pauseAt(page, 22);
      const panel = player.getByRole('complementary', { name: /Moments/ });
      await panel.getByText('The music drops out right here and it hits so hard.').waitFor(POLL);
      await page.mouse.move(10, 10);
      await settle(page, 400);
      await captureScreen(page, `moments-player-${tag}`, { expectVisible: panel, axe: true });

      await panel.getByRole('button', { name: /^Discuss ep 1/ }).click();
      const modal = page.getByRole('dialog', { name: 'Ep 1 discussion' });
      await modal.getByText('Such a strong first episode. The pacing never lets up.').waitFor(POLL);
      await settle(page, 300);
      await captureScreen(page, `moments-discuss-${tag}`, { expectVisible: modal, axe: true });
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });

      // Episode 2, 16 s in (the saved position follows the player): the moments before show,
      // the later ones and the whole-episode comment arrive covered, with Reveal.
      await page.goto(`/media/${relay.id}?episode=${relayEpisode2.id}`);
      await page.getByRole('dialog').waitFor();
      await pauseAt(page, 16);
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /^Discuss ep 2/ })
        .click();
      const covered = page.getByRole('dialog', { name: 'Ep 2 discussion' });
      await covered
        .getByText(/^Spoiler at 0:\d\d, you haven't watched that far yet$/)
        .first()
        .waitFor(POLL);
      await settle(page, 300);
      await captureScreen(page, `moments-covered-${tag}`, { expectVisible: covered, axe: true });
      await page.keyboard.press('Escape');
      await covered.waitFor({ state: 'detached' });

      await page.goto(`/media/${manga.id}?issue=${chapter.id}`);
      const reader = page.getByRole('dialog');
      await reader.waitFor();
      await page
        .getByRole('img', { name: /^Page \d+$/ })
        .first()
        .waitFor(POLL);
      // Forward whatever the direction an earlier journey left: page 3 has two comments.
      await page.keyboard.press('Home');
      await page.keyboard.press('PageDown');
      await page.keyboard.press('PageDown');
      const count = reader.getByRole('button', { name: /comments? on this page$/ });
      await count.waitFor(POLL);
      await settle(page, 400);
      await captureScreen(page, `moments-reader-${tag}`, { expectVisible: count, axe: true });
      await count.click();
      const pageModal = page.getByRole('dialog', { name: /^Page \d+ comments$/ });
      await pageModal.getByRole('textbox', { name: /^Comment on page \d+$/ }).waitFor(POLL);
      await settle(page, 300);
      await captureScreen(page, `moments-page-comments-${tag}`, {
        expectVisible: pageModal,
        axe: true,
      });
      await ctx.close();
    }, 180_000);
  }
});
