import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  captureScreen,
  getJson,
  launchBrowser,
  POLL,
  settle,
  signedInPage,
  VARIANTS,
  type Theme,
  type Viewport,
} from './browser';

/*
 * The media administration, as an admin: a manga with a volume, an issue and two pages made
 * through the screens and read in the reader; a video entry with one episode and its clip; every
 * screen pictured in both themes at desktop and phone with axe.
 *
 * The admin account: the seed's `admin@otakura.local` (E2E_ADMIN_EMAIL to use another account
 * granted with `npm run admin -- grant <email>` against the server's DATA_DIR).
 */
const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? 'admin@otakura.local';

interface FileSpec {
  name: string;
  mimeType: string;
  buffer: Buffer;
}
interface MediaRow {
  id: string;
  kind: 'video' | 'manga' | 'sequence';
  title: string;
  coverUrl: string | null;
}
interface MediaPage {
  episodes: Array<{ id: string; videoUrl: string | null; durationSeconds: number | null }>;
  volumes: Array<{ id: string; issues: Array<{ id: string; pageCount: number }> }>;
  issues: Array<{ id: string; pageCount: number }>;
}
interface IssueDetail {
  pages: Array<{ id: string; url: string }>;
}

let browser: Browser;
let clip: FileSpec;
let pictures: FileSpec[];
let cover: FileSpec;
const stamp = Date.now().toString(36);
const created: { manga?: string; video?: string; issue?: string } = {};

async function bytes(ctx: BrowserContext, url: string): Promise<Buffer> {
  const res = await ctx.request.get(url);
  if (!res.ok()) throw new Error(`GET ${url}: ${res.status()}`);
  return Buffer.from(await res.body());
}

/**
 * The same clip with its top-level boxes reordered so `moov` follows `mdat` (what an encoder
 * without faststart writes). Only the order matters here: the server reads the box order.
 */
function moovLast(mp4: Buffer): Buffer {
  const boxes: Array<{ type: string; bytes: Buffer }> = [];
  for (let at = 0; at + 8 <= mp4.length;) {
    const size = mp4.readUInt32BE(at);
    if (size < 8) throw new Error('the fixture uses an MP4 box size this helper does not read');
    boxes.push({
      type: mp4.toString('latin1', at + 4, at + 8),
      bytes: mp4.subarray(at, at + size),
    });
    at += size;
  }
  const moov = boxes.filter((b) => b.type === 'moov');
  return Buffer.concat([...boxes.filter((b) => b.type !== 'moov'), ...moov].map((b) => b.bytes));
}

beforeAll(async () => {
  browser = await launchBrowser();
  const { ctx } = await signedInPage(browser, { email: ADMIN_EMAIL });
  const me = await getJson<{ role: string }>(ctx, '/api/me');
  if (me.role !== 'admin') throw new Error(`${ADMIN_EMAIL} is not an admin (${me.role})`);
  // Fixtures from the demo world: a seeded clip (MP4, faststart) and two manga pages.
  const list = await getJson<{ items: MediaRow[] }>(ctx, '/api/media?limit=100');
  const video = list.items.find((m) => m.kind === 'video')!;
  const manga = list.items.find((m) => m.kind === 'manga' && m.coverUrl)!;
  const videoPage = await getJson<MediaPage>(ctx, `/api/media-pages/${video.id}`);
  const episode = videoPage.episodes.find((e) => e.videoUrl)!;
  clip = { name: 'clip.mp4', mimeType: 'video/mp4', buffer: await bytes(ctx, episode.videoUrl!) };
  const mangaPage = await getJson<MediaPage>(ctx, `/api/media-pages/${manga.id}`);
  const issue = mangaPage.volumes.flatMap((v) => v.issues).find((i) => i.pageCount >= 2)!;
  const detail = await getJson<IssueDetail>(ctx, `/api/issues/${issue.id}`);
  pictures = await Promise.all(
    detail.pages.slice(0, 2).map(async (p, i) => ({
      name: `page-${i + 1}.webp`,
      mimeType: 'image/webp',
      buffer: await bytes(ctx, p.url),
    })),
  );
  cover = { name: 'cover.webp', mimeType: 'image/webp', buffer: await bytes(ctx, manga.coverUrl!) };
  await ctx.close();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

function mediaIdOf(page: Page): string {
  const m = /\/admin\/media\/([0-9a-f-]{36})/.exec(page.url());
  if (!m) throw new Error(`not on an entry's editor: ${page.url()}`);
  return m[1]!;
}

async function createEntry(page: Page, kind: 'Video' | 'Manga', title: string): Promise<string> {
  await page.goto('/admin/media');
  await page.getByRole('link', { name: 'New entry' }).first().click();
  await page.waitForURL('**/admin/media/new');
  const form = page.getByRole('form', { name: 'Entry details' });
  await form.waitFor(POLL);
  await form.getByRole('radio', { name: new RegExp(`^${kind}`) }).check(POLL);
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Author', { exact: true }).fill('E2E Studio');
  await page.getByLabel('Keywords', { exact: true }).fill('e2e, admin');
  await page.getByRole('button', { name: 'Create entry' }).click();
  await page.waitForURL(/\/admin\/media\/[0-9a-f-]{36}\?tab=pictures/, POLL);
  return mediaIdOf(page);
}

describe('media administration', () => {
  it('makes a manga with a volume, an issue and two pages, reorders them, and reads it', async () => {
    const { ctx, page } = await signedInPage(browser, { email: ADMIN_EMAIL });
    const title = `E2E Manga ${stamp}`;
    const mediaId = await createEntry(page, 'Manga', title);
    created.manga = mediaId;

    // The cover: real progress then the picture.
    const coverCard = page.getByRole('group', { name: 'Cover' });
    await page.getByTestId('media-cover-input').setInputFiles(cover);
    await page.getByText('Cover saved.', { exact: true }).waitFor(POLL);
    await coverCard.getByRole('img', { name: `Cover of ${title}` }).waitFor(POLL);
    await expect
      .poll(async () => (await getJson<MediaRow>(ctx, `/api/media/${mediaId}`)).coverUrl, POLL)
      .not.toBeNull();

    await page.getByRole('tab', { name: 'Volumes and issues' }).click();
    await page.getByLabel('Volume title', { exact: true }).fill('The first light');
    await page.getByRole('button', { name: 'Add volume', exact: true }).click();
    // The new volume opens its Add issue form.
    await page.getByLabel('Issue title', { exact: true }).fill('Chapter one');
    await page.getByRole('button', { name: 'Add issue', exact: true }).click();

    // The new issue opens its pages: two files, each with its own request.
    const pagesRegion = page.getByRole('region', { name: /^Pages of Issue 1/ });
    await pagesRegion.waitFor(POLL);
    await pagesRegion.locator('input[type="file"]').setInputFiles(pictures);
    await pagesRegion.getByText('2 pages', { exact: true }).waitFor(POLL);
    await expect.poll(() => pagesRegion.getByText('Added', { exact: true }).count(), POLL).toBe(2);

    const units = await getJson<MediaPage>(ctx, `/api/media-pages/${mediaId}`);
    const issueId = units.volumes[0]!.issues[0]!.id;
    created.issue = issueId;
    const before = (await getJson<IssueDetail>(ctx, `/api/issues/${issueId}`)).pages.map(
      (p) => p.id,
    );
    expect(before).toHaveLength(2);

    // Reorder with the keyboard-reachable button; the server keeps the new order.
    const order = page.waitForResponse(
      (r) => r.url().endsWith('/pages/order') && r.request().method() === 'PUT',
    );
    await pagesRegion.getByRole('button', { name: 'Move page 1 later' }).click();
    expect((await order).status()).toBe(200);
    await expect
      .poll(
        async () =>
          (await getJson<IssueDetail>(ctx, `/api/issues/${issueId}`)).pages.map((p) => p.id),
        POLL,
      )
      .toEqual([before[1], before[0]]);

    // The reader opens the new issue with its pages.
    await page.goto(`/media/${mediaId}?issue=${issueId}`);
    const reader = page.getByRole('dialog');
    await reader.waitFor(POLL);
    await page
      .getByRole('img', { name: /^Page \d+$/ })
      .first()
      .waitFor(POLL);
    await expect
      .poll(
        async () =>
          (
            await reader
              .getByRole('status')
              .filter({ hasText: / of \d+$/ })
              .first()
              .textContent()
          )?.trim(),
        POLL,
      )
      .toMatch(/of 2$/);
    await settle(page);
    await captureScreen(page, 'admin-media-manga-reader', { expectVisible: reader, axe: true });
    await ctx.close();
  }, 240_000);

  it('makes a video entry with one episode and its clip', async () => {
    const { ctx, page } = await signedInPage(browser, { email: ADMIN_EMAIL });
    const mediaId = await createEntry(page, 'Video', `E2E Video ${stamp}`);
    created.video = mediaId;
    await page.getByRole('tab', { name: 'Episodes' }).click();
    await page.getByLabel('Episode title', { exact: true }).fill('Pilot');
    await page.getByRole('button', { name: 'Add episode', exact: true }).click();

    // The new episode opens ready for its video.
    const upload = page.getByRole('button', { name: 'Upload video' });
    await upload.waitFor(POLL);
    await page.locator('input[type="file"][accept^="video"]').setInputFiles(clip);
    await page.getByText('Uploaded clip.mp4.').waitFor({ timeout: 60_000 });
    // The seeded clip is faststart: no warning note.
    expect(await page.getByText(/keeps its index \(moov\)/).count()).toBe(0);
    await expect
      .poll(async () => {
        const units = await getJson<MediaPage>(ctx, `/api/media-pages/${mediaId}`);
        return units.episodes.length === 1 && !!units.episodes[0]!.videoUrl;
      }, POLL)
      .toBe(true);
    const units = await getJson<MediaPage>(ctx, `/api/media-pages/${mediaId}`);
    expect(units.episodes[0]!.durationSeconds).toBeGreaterThan(0);

    // Replacing it with an MP4 whose index comes last: kept, and the server's Warning is shown.
    await page.getByRole('button', { name: 'Replace video' }).waitFor(POLL);
    await page.locator('input[type="file"][accept^="video"]').setInputFiles({
      name: 'late-index.mp4',
      mimeType: 'video/mp4',
      buffer: moovLast(clip.buffer),
    });
    await page.getByText('Uploaded late-index.mp4.').waitFor({ timeout: 60_000 });
    await page.getByText(/keeps its index \(moov\) after the media data/).waitFor(POLL);
    await page.getByText(/Episode 1 · Pilot/).waitFor(POLL);
    await ctx.close();
  }, 240_000);

  it('pictures every screen in both themes at desktop and phone, with axe', async () => {
    expect(created.manga && created.video && created.issue).toBeTruthy();
    for (const { viewport, theme } of VARIANTS) {
      const tag = `${viewport}-${theme}`;
      const { ctx, page } = await signedInPage(browser, {
        email: ADMIN_EMAIL,
        viewport: viewport as Viewport,
        theme: theme as Theme,
      });

      await page.goto('/admin/media');
      const list = page.getByRole('list', { name: 'Media entries' });
      await list.waitFor(POLL);
      await settle(page);
      await captureScreen(page, `admin-media-list-${tag}`, { expectVisible: list, axe: true });

      await page.goto('/admin/media/new');
      const form = page.getByRole('form', { name: 'Entry details' });
      await form.waitFor(POLL);
      await page.getByRole('button', { name: 'Create entry' }).click();
      await page.getByText('Please enter a title.').waitFor(POLL);
      await settle(page);
      await captureScreen(page, `admin-media-new-${tag}`, { expectVisible: form, axe: true });

      await page.goto(`/admin/media/${created.manga}`);
      await page.getByLabel('Title', { exact: true }).waitFor(POLL);
      await settle(page);
      await captureScreen(page, `admin-media-details-${tag}`, {
        expectVisible: page.getByRole('form', { name: 'Entry details' }),
        axe: true,
      });

      await page.goto(`/admin/media/${created.manga}?tab=pictures`);
      const coverCard = page.getByRole('group', { name: 'Cover' });
      await coverCard.waitFor(POLL);
      await settle(page);
      await captureScreen(page, `admin-media-pictures-${tag}`, {
        expectVisible: coverCard,
        axe: true,
      });

      await page.goto(`/admin/media/${created.manga}?tab=content`);
      const pagesButton = page.getByRole('button', { name: /^Pages Issue 1/ });
      await pagesButton.click(POLL);
      const grid = page.getByRole('list', { name: /in reading order/ });
      await grid.waitFor(POLL);
      await grid.scrollIntoViewIfNeeded();
      await settle(page);
      await captureScreen(page, `admin-media-pages-${tag}`, { expectVisible: grid, axe: true });

      await page.getByRole('button', { name: 'Delete page 2' }).click();
      const confirm = page.getByRole('alertdialog');
      await confirm.waitFor(POLL);
      await settle(page);
      await captureScreen(page, `admin-media-page-delete-${tag}`, {
        expectVisible: confirm,
        axe: true,
      });
      await confirm.getByRole('button', { name: 'Cancel' }).click();

      await page.goto(`/admin/media/${created.video}?tab=content`);
      await page.getByRole('button', { name: 'Edit Episode 1' }).click(POLL);
      const videoButton = page.getByRole('button', { name: 'Replace video' });
      await videoButton.waitFor(POLL);
      await videoButton.scrollIntoViewIfNeeded();
      await settle(page);
      await captureScreen(page, `admin-media-episodes-${tag}`, {
        expectVisible: videoButton,
        axe: true,
      });
      await ctx.close();
    }
  }, 600_000);
});
