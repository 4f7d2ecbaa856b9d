import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, launchBrowser, newContext, screenshot, type Viewport } from './browser';

/** The seeded demo account (README): verified, with a complete profile. */
const DEMO = 'demo@otakura.local';
const PASSWORD = 'otakura-demo';

interface Profile {
  id: string;
  username: string;
  followerCount: number;
  followingCount: number;
  isFollowing: boolean;
  bannerUrl: string | null;
}

type Theme = 'dark' | 'light';
const VARIANTS: Array<{ viewport: Viewport; theme: Theme }> = [
  { viewport: 'desktop', theme: 'dark' },
  { viewport: 'desktop', theme: 'light' },
  { viewport: 'phone', theme: 'dark' },
  { viewport: 'phone', theme: 'light' },
];

let browser: Browser;
/** The demo session, signed in once through the login form (sign-in is rate limited per email). */
let demoCookies: Awaited<ReturnType<BrowserContext['cookies']>> = [];
let demo: Profile;
let other: Profile;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function demoContext(opts: { viewport?: Viewport; theme?: Theme } = {}) {
  const ctx = await newContext(browser, opts);
  await ctx.addCookies(demoCookies);
  const page = await ctx.newPage();
  return { ctx, page };
}

async function getJson<T>(ctx: BrowserContext, url: string): Promise<T> {
  const res = await ctx.request.get(url);
  if (!res.ok()) throw new Error(`GET ${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Waits for fonts and the images on screen (lazy ones below stay unloaded), at most 5 s. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const onScreen = (img: HTMLImageElement) => {
      const r = img.getBoundingClientRect();
      return r.bottom > 0 && r.top < window.innerHeight && r.width > 0;
    };
    const images = Promise.all(
      [...document.images]
        .filter((img) => !img.complete && onScreen(img))
        .map(
          (img) =>
            new Promise((r) => {
              img.addEventListener('load', r, { once: true });
              img.addEventListener('error', r, { once: true });
            }),
        ),
    );
    await Promise.race([
      Promise.all([document.fonts.ready, images]),
      new Promise((r) => setTimeout(r, 5000)),
    ]);
  });
  await page.waitForTimeout(300);
}

const screensDir = path.resolve(import.meta.dirname, '../../../e2e-screens');

/** The whole page, top to bottom (long pages such as /your-account). */
async function fullScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(screensDir, `${name}.png`), fullPage: true });
}

/** Pages load slowly on a busy 2-core machine: give polls time. */
const POLL = { timeout: 15_000 };

const counts = (page: Page) => page.getByRole('list', { name: 'Profile counts' });

async function followerCount(page: Page): Promise<number> {
  const text = await counts(page)
    .getByRole('button', { name: /Followers/ })
    .textContent();
  return Number(/\d+/.exec(text ?? '')?.[0]);
}

/** ALTCHA v1: find n with SHA-256(salt + n) === challenge (what the sign-up page does in a worker). */
async function solvedChallenge(ctx: BrowserContext): Promise<string> {
  const c = await getJson<{
    algorithm: string;
    challenge: string;
    maxnumber: number;
    salt: string;
    signature: string;
  }>(ctx, '/api/challenge');
  for (let n = 0; n <= c.maxnumber; n++) {
    if (
      createHash('sha256')
        .update(c.salt + n)
        .digest('hex') === c.challenge
    ) {
      const { algorithm, challenge, salt, signature } = c;
      return Buffer.from(
        JSON.stringify({ algorithm, challenge, number: n, salt, signature }),
      ).toString('base64');
    }
  }
  throw new Error('challenge has no solution');
}

/** The verification link of the newest outbox mail to `email` (the server writes .eml files there). */
async function verificationLink(email: string): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  for (let i = 0; i < 50; i++) {
    if (existsSync(outbox)) {
      const files = readdirSync(outbox).sort().reverse();
      for (const f of files) {
        // Undo quoted-printable soft breaks and escapes before looking for the link.
        const text = readFileSync(path.join(outbox, f), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/gi, '=');
        if (!text.includes(email)) continue;
        const link = /https?:\/\/[^\s"'<>]*verify-email[^\s"'<>]*/.exec(text)?.[0];
        if (link) return link.replace(/&amp;/g, '&');
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no verification mail for ${email} in ${outbox}`);
}

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
    await page.getByLabel('Email').fill(DEMO);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/feed');
    demoCookies = await ctx.cookies();

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
    await screenshot(page, 'profile-upload-preview-desktop-dark');
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
    await screenshot(page, 'profile-upload-progress-desktop-dark');
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
      await page.getByRole('heading', { level: 1, name: `@${demo.username}` }).waitFor();
      await settle(page);
      await screenshot(page, `profile-${suffix}`);

      await page.getByRole('button', { name: 'Upload profile picture' }).click();
      await page.getByRole('dialog', { name: 'Upload profile picture' }).waitFor();
      await settle(page);
      await screenshot(page, `profile-upload-modal-${suffix}`);
      await page.keyboard.press('Escape');

      await page.goto(`/user/${other.id}`);
      await page.getByRole('heading', { level: 1, name: `@${other.username}` }).waitFor();
      await settle(page);
      await screenshot(page, `user-${suffix}`);

      await page.goto('/your-account');
      await page
        .getByRole('region', { name: 'Account Statistics' })
        .locator('dd')
        .first()
        .waitFor();
      await page.getByRole('region', { name: 'User Achievements' }).getByRole('list').waitFor();
      await settle(page);
      await fullScreenshot(page, `your-account-${suffix}`);
      await ctx.close();
    },
    120_000,
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
      await page.getByRole('heading', { level: 1, name: 'Finish your profile' }).waitFor();
      expect(await page.getByText('0 of 4 done').isVisible()).toBe(true);
      await settle(page);
      await screenshot(page, `required-details-${viewport}-${theme}`);
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
  }, 120_000);
});
