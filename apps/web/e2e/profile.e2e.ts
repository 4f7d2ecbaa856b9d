import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  baseUrl,
  captureScreen,
  DEMO,
  getJson,
  keepSession,
  launchBrowser,
  newContext,
  POLL,
  settle,
  signedInPage,
  solvedChallenge,
  VARIANTS,
  waitForMailLink,
  type Theme,
  type Viewport,
} from './browser';

interface Profile {
  id: string;
  username: string;
  followerCount: number;
  followingCount: number;
  isFollowing: boolean;
  bannerUrl: string | null;
}

let browser: Browser;
let demo: Profile;
let other: Profile;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A page signed in as the demo user (the session of the first test's form sign-in). */
const demoContext = (opts: { viewport?: Viewport; theme?: Theme } = {}) =>
  signedInPage(browser, opts);

const counts = (page: Page) => page.getByRole('list', { name: 'Profile counts' });

async function followerCount(page: Page): Promise<number> {
  const text = await counts(page)
    .getByRole('button', { name: /Followers/ })
    .textContent();
  return Number(/\d+/.exec(text ?? '')?.[0]);
}

/** The verification link of the newest outbox mail to `email`. */
const verificationLink = (email: string) =>
  waitForMailLink(email, /https?:\/\/[^\s"'<>]*verify-email[^\s"'<>]*/, 10_000);

/**
 * A real PNG of a few MB (a palette gradient with film grain, which does not compress), so a
 * throttled upload takes long enough to watch its progress.
 */
function grainyPng(width: number, height: number): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let seed = 42;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return (seed >>> 24) - 128;
  };
  const from = [255, 92, 154];
  const to = [122, 162, 255];
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const t = (x / width) * 0.8 + (y / height) * 0.2;
      for (let c = 0; c < 3; c++) {
        const v = from[c]! + (to[c]! - from[c]!) * t + noise() / 5;
        raw[row + 1 + x * 3 + c] = Math.max(0, Math.min(255, Math.round(v * 0.85)));
      }
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('profiles and account', () => {
  it('signs the demo user in and shows their own profile with counts, bio and birthday', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/feed');
    // Later pages reuse this session (sign-in is rate limited per email).
    keepSession(await ctx.cookies());

    demo = await getJson<Profile>(ctx, '/api/me');
    await page.goto('/profile');
    await page.getByRole('heading', { level: 1, name: `@${demo.username}` }).waitFor();
    // Complete profile: no set-once inputs, and no Follow button on one's own profile.
    expect(await page.getByPlaceholder('Enter a bio!').count()).toBe(0);
    expect(await page.getByPlaceholder('month dd, yyyy').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Follow/ }).count()).toBe(0);
    expect(await followerCount(page)).toBe(demo.followerCount);

    // Own id under /user/ goes to /profile.
    await page.goto(`/user/${demo.id}`);
    await page.waitForURL('**/profile');
    await ctx.close();
  });

  it("opens another user's profile and follows and unfollows them, the counts moving both ways", async () => {
    const { ctx, page } = await demoContext();
    const feed = await getJson<{ items: Array<{ author: { id: string } }> }>(
      ctx,
      '/api/feed?tab=all&limit=50',
    );
    const authorId = feed.items.map((p) => p.author.id).find((id) => id !== demo.id);
    if (!authorId) throw new Error('no other author in the demo feed');
    other = await getJson<Profile>(ctx, `/api/users/${authorId}`);

    await page.goto(`/user/${other.id}`);
    await page.getByRole('heading', { level: 1, name: `@${other.username}` }).waitFor();
    const before = await followerCount(page);
    const myFollowingBefore = (await getJson<Profile>(ctx, '/api/me')).followingCount;
    const first = other.isFollowing ? 'Unfollow' : 'Follow';
    const second = other.isFollowing ? 'Follow' : 'Unfollow';
    const delta = other.isFollowing ? -1 : 1;

    await page.getByRole('button', { name: `${first} @${other.username}` }).click();
    await expect.poll(() => followerCount(page), POLL).toBe(before + delta);
    await expect
      .poll(async () => (await getJson<Profile>(ctx, `/api/users/${other.id}`)).isFollowing, POLL)
      .toBe(!other.isFollowing);
    expect((await getJson<Profile>(ctx, '/api/me')).followingCount).toBe(myFollowingBefore + delta);

    // The followers list shows the change too.
    await counts(page)
      .getByRole('button', { name: /Followers/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Followers' });
    await dialog.waitFor();
    const listed = dialog.getByRole('link', { name: new RegExp(`@${demo.username}$`) });
    await expect.poll(() => listed.count(), POLL).toBe(other.isFollowing ? 0 : 1);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: `${second} @${other.username}` }).click();
    await expect.poll(() => followerCount(page), POLL).toBe(before);
    await expect
      .poll(async () => (await getJson<Profile>(ctx, `/api/users/${other.id}`)).isFollowing, POLL)
      .toBe(other.isFollowing);
    await ctx.close();
  });

  it('shows a not-found state for an unknown user', async () => {
    const { ctx, page } = await demoContext();
    await page.goto('/user/00000000-0000-7000-8000-00000000beef');
    await page.getByRole('heading', { name: "This user doesn't exist" }).waitFor();
    await ctx.close();
  });

  it('uploads a new banner with a preview and an honest progress bar, and the profile shows it', async () => {
    const { ctx, page } = await demoContext();
    const bytes = grainyPng(1800, 600);

    await page.goto('/profile');
    await page.getByRole('button', { name: 'Upload banner picture' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload banner picture' });
    await dialog.waitFor();

    // A file that is not an image is refused at once, before any upload.
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await expect
      .poll(() => dialog.getByRole('alert').textContent(), POLL)
      .toContain('not an image');

    await dialog.locator('input[type=file]').setInputFiles({
      name: 'banner.png',
      mimeType: 'image/png',
      buffer: bytes,
    });
    await dialog.getByRole('img', { name: 'Preview' }).waitFor();
    await settle(page);
    await captureScreen(page, 'profile-upload-preview-desktop-dark', {
      expectVisible: dialog.getByRole('img', { name: 'Preview' }),
    });
    const before = (await getJson<Profile>(ctx, '/api/me')).bannerUrl;

    // A slow uplink (about six seconds for this file), so the real progress can be watched.
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: Math.floor(bytes.length / 6),
    });
    await dialog.getByRole('button', { name: 'Save' }).click();
    const bar = dialog.getByRole('progressbar', { name: 'Upload progress' });
    await bar.waitFor();
    // Somewhere in the middle: the bar shows the bytes really sent so far.
    await expect
      .poll(async () => Number((await bar.getAttribute('aria-valuenow')) ?? 0), POLL)
      .toBeGreaterThanOrEqual(25);
    const shown = Number(await bar.getAttribute('aria-valuenow'));
    expect(shown).toBeLessThan(100);
    await captureScreen(page, 'profile-upload-progress-desktop-dark', { expectVisible: bar });
    await dialog.waitFor({ state: 'detached', timeout: 60_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    const after = (await getJson<Profile>(ctx, '/api/me')).bannerUrl;
    expect(after).not.toBe(before);
    await expect
      .poll(() => page.locator('.profile__banner-img').getAttribute('src'), POLL)
      .toBe(after);
    await ctx.close();
  }, 120_000);

  it('shows real Account Statistics on /your-account', async () => {
    const { ctx, page } = await demoContext();
    const stats = await getJson<{ posts: number; likesGiven: number }>(ctx, '/api/me/stats');
    await page.goto('/your-account');
    const section = page.getByRole('region', { name: 'Account Statistics' });
    await expect
      .poll(() => section.locator('dt', { hasText: 'Posts' }).locator('+ dd').textContent(), POLL)
      .toBe(stats.posts.toLocaleString('en-US'));
    expect(await page.getByRole('region', { name: 'User Achievements' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Delete Account' }).isVisible()).toBe(true);
    await ctx.close();
  });

  it.each(VARIANTS)(
    'makes screenshots of /profile, /user/:id, the upload modal and /your-account ($viewport, $theme)',
    async ({ viewport, theme }) => {
      const { ctx, page } = await demoContext({ viewport, theme });
      const suffix = `${viewport}-${theme}`;

      await page.goto('/profile');
      const own = page.getByRole('heading', { level: 1, name: `@${demo.username}` });
      await own.waitFor();
      await settle(page);
      await captureScreen(page, `profile-${suffix}`, { expectVisible: own, axe: true });

      await page.getByRole('button', { name: 'Upload profile picture' }).click();
      const upload = page.getByRole('dialog', { name: 'Upload profile picture' });
      await upload.waitFor();
      await settle(page);
      await captureScreen(page, `profile-upload-modal-${suffix}`, {
        expectVisible: upload,
        axe: true,
      });
      await page.keyboard.press('Escape');

      await page.goto(`/user/${other.id}`);
      const theirs = page.getByRole('heading', { level: 1, name: `@${other.username}` });
      await theirs.waitFor();
      await settle(page);
      await captureScreen(page, `user-${suffix}`, { expectVisible: theirs, axe: true });

      await page.goto('/your-account');
      await page
        .getByRole('region', { name: 'Account Statistics' })
        .locator('dd')
        .first()
        .waitFor();
      await page.getByRole('region', { name: 'User Achievements' }).getByRole('list').waitFor();
      await settle(page);
      await captureScreen(page, `your-account-${suffix}`, {
        expectVisible: page.getByRole('region', { name: 'Account Statistics' }),
        axe: true,
        fullPage: true,
      });
      await ctx.close();
    },
    240_000,
  );

  it('shows a new user the required-details screen instead of the feed, fillable right there', async () => {
    const ctx = await newContext(browser);
    const stamp = Date.now().toString(36);
    const email = `newbie-${stamp}@example.test`;
    const res = await ctx.request.post('/api/auth/sign-up/email', {
      data: {
        name: 'Nova Newbie',
        username: `nova_${stamp}`,
        email,
        password: 'correct horse battery',
      },
      headers: { Origin: baseUrl, 'x-altcha': await solvedChallenge(ctx) },
    });
    if (!res.ok()) throw new Error(`sign-up: ${res.status()} ${await res.text()}`);
    // Verify the address, as the mailed link does, so the verification modal stays away.
    await ctx.request.get(await verificationLink(email));
    const cookies = await ctx.cookies();
    await ctx.close();

    for (const { viewport, theme } of VARIANTS) {
      const c = await newContext(browser, { viewport, theme });
      await c.addCookies(cookies);
      const page = await c.newPage();
      await page.goto('/feed');
      const finish = page.getByRole('heading', { level: 1, name: 'Finish your profile' });
      await finish.waitFor();
      expect(await page.getByText('0 of 4 done').isVisible()).toBe(true);
      await settle(page);
      await captureScreen(page, `required-details-${viewport}-${theme}`, {
        expectVisible: finish,
        axe: true,
      });
      await c.close();
    }

    // Fill two details on the screen itself: the steps tick off.
    const c = await newContext(browser);
    await c.addCookies(cookies);
    const page = await c.newPage();
    await page.goto('/feed');
    const birthday = page.getByPlaceholder('month dd, yyyy');
    await birthday.fill('May 23, 1995');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('1 of 4 done').waitFor();
    await page.getByPlaceholder('Enter a bio!').fill('New here. I like mecha.');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('2 of 4 done').waitFor();
    await c.close();
  }, 240_000);
});
