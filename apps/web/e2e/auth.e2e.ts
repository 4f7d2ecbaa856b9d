import { createHmac } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  captureScreen,
  launchBrowser,
  newContext,
  viewports,
  waitForMailLink,
  type Viewport,
} from './browser';

/**
 * The identity journey in a real browser against a real server: sign up → the verification mail
 * from the outbox → verified (the modal goes away by itself) → required details → feed → two-factor
 * on → log out → log in again with the code. Screenshots of each auth screen, both themes, desktop
 * and phone, land in e2e-screens/.
 */

const THEMES = ['dark', 'light'] as const;
const VIEWPORTS: Viewport[] = ['desktop', 'phone'];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// ---- TOTP (RFC 6238), to answer the two-factor step like an authenticator app ------------------

function base32Decode(input: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of input.replace(/=+$/, '').toUpperCase()) {
    const v = alphabet.indexOf(c);
    if (v >= 0) bits += v.toString(2).padStart(5, '0');
  }
  const bytes = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

function totp(secret: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const h = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = h[h.length - 1]! & 0x0f;
  const code = (h.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(code).padStart(6, '0');
}

/** A code with at least 5 s left in its window (so it is still valid when it arrives). */
async function freshTotp(secret: string): Promise<string> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 5_000) await new Promise((r) => setTimeout(r, left + 200));
  return totp(secret);
}

// ---- Helpers ----------------------------------------------------------------------------------

async function setTheme(page: Page, theme: 'dark' | 'light') {
  await page.evaluate((t) => localStorage.setItem('otakura.theme', t), theme);
  await page.reload();
  await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme);
}

/** Every theme × viewport of the current screen, named `<name>-<viewport>-<theme>`; `subject` is what it shows. */
async function shootAll(page: Page, name: string, subject: Locator) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewports[viewport]);
    for (const theme of THEMES) {
      await setTheme(page, theme);
      await subject.waitFor();
      // Let entrance animations finish.
      await page.waitForTimeout(300);
      await captureScreen(page, `${name}-${viewport}-${theme}`, {
        expectVisible: subject,
        axe: true,
      });
    }
  }
  await page.setViewportSize(viewports.desktop);
  await setTheme(page, 'dark');
}

const unique = Date.now().toString(36);
const account = {
  name: 'Aiko Tanaka',
  username: `aiko_${unique}`,
  email: `aiko.${unique}@example.com`,
  password: 'sakura-blossom-2026',
};

/** A 600×400 PNG drawn in the page, uploaded as the avatar and the banner. */
async function uploadPicture(page: Page, endpoint: string) {
  const status = await page.evaluate(async (url) => {
    const canvas = document.createElement('canvas');
    canvas.width = 600;
    canvas.height = 400;
    const g = canvas.getContext('2d')!;
    const grad = g.createLinearGradient(0, 0, 600, 400);
    grad.addColorStop(0, '#ff5c9a');
    grad.addColorStop(1, '#7aa2ff');
    g.fillStyle = grad;
    g.fillRect(0, 0, 600, 400);
    const blob = await new Promise<Blob>((resolve) =>
      canvas.toBlob((b) => resolve(b!), 'image/png'),
    );
    const form = new FormData();
    form.append('file', blob, 'picture.png');
    const res = await fetch(url, { method: 'POST', body: form });
    return res.status;
  }, endpoint);
  expect(status).toBe(200);
}

// ---- The journey ------------------------------------------------------------------------------

describe('accounts in the browser', () => {
  it('shows the public auth screens in both themes on desktop and phone', async () => {
    for (const viewport of VIEWPORTS) {
      for (const theme of THEMES) {
        const ctx = await newContext(browser, { viewport, theme });
        const page = await ctx.newPage();

        for (const [path, name, subject] of [
          ['/login', 'login', page.getByRole('button', { name: 'Login' })],
          ['/signUp', 'signup', page.getByRole('button', { name: 'Sign Up' })],
          ['/forgotPassword', 'forgot', page.getByRole('button', { name: 'Forgot Password' })],
          [
            '/reset-password?error=TOKEN_EXPIRED',
            'reset-expired',
            page.getByRole('link', { name: 'Ask for a new link' }),
          ],
        ] as const) {
          await page.goto(path);
          await subject.waitFor();
          await captureScreen(page, `auth-${name}-${viewport}-${theme}`, {
            expectVisible: subject,
            axe: true,
          });
        }
        await ctx.close();
      }
    }
  }, 300_000);

  it('shows a wrong password in the error area and stays on /login', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'Sorry, that email or password is incorrect.' })
        .waitFor(),
    ).resolves.toBeUndefined();
    expect(new URL(page.url()).pathname).toBe('/login');
    await captureScreen(page, 'auth-login-error-desktop-dark', {
      expectVisible: page
        .getByRole('alert')
        .filter({ hasText: 'Sorry, that email or password is incorrect.' }),
      axe: true,
    });
    await ctx.close();
  });

  it('signs up, verifies by mail, fills the details, turns on two-factor, logs out and in again', async () => {
    const ctx: BrowserContext = await newContext(browser, { theme: 'dark' });
    const page = await ctx.newPage();

    // Sign up (the proof-of-work check is solved in the background).
    await page.goto('/signUp');
    await page.getByLabel('Full name').fill(account.name);
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign Up' }).click();

    // The same answer a taken email gets: check the inbox; nobody is signed in yet.
    const checkInbox = page.getByRole('heading', { name: 'Check your inbox', level: 1 });
    await checkInbox.waitFor({ timeout: 30_000 });
    await captureScreen(page, 'auth-signup-check-inbox-desktop-dark', {
      expectVisible: checkInbox,
    });

    // Logged in before verifying: the modal blocks the app.
    await page.getByRole('link', { name: 'Back to login' }).click();
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/feed', { timeout: 30_000 });
    const modal = page.getByRole('dialog', { name: 'Verify Your Email Address' });
    await modal.waitFor();
    await page.keyboard.press('Escape');
    expect(await modal.isVisible()).toBe(true);

    // The sign-up mail went out moments ago: the automatic send sent nothing, and the resend
    // button waits with a countdown.
    const countdown = modal.getByRole('button', { name: /^Resend in \d:\d\d$/ });
    await countdown.waitFor();
    expect(await countdown.isDisabled()).toBe(true);
    await shootAll(page, 'auth-verify-modal', modal);
    await captureScreen(page, 'auth-verify-modal-wait-desktop-dark', { expectVisible: countdown });

    // The link from the outbox, opened in another tab: this tab's modal goes away by itself.
    const link = await waitForMailLink(
      account.email,
      /https?:\/\/[^\s"<>]+\/api\/auth\/verify-email\?token=[^\s"<>]+/,
    );
    const other = await ctx.newPage();
    await other.goto(link.replace(/^https?:\/\/[^/]+/, baseUrl));
    await other.waitForURL('**/feed');
    await other.close();
    await page.bringToFront();
    await modal.waitFor({ state: 'detached', timeout: 15_000 });

    // Required details (the profile work's screen): filled through the API.
    const details = await page.evaluate(async () => {
      const res = await fetch('/api/me/profile', {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ bio: 'Here for the seasonal anime.', birthday: 'May 03, 1995' }),
      });
      return res.status;
    });
    expect(details).toBe(200);
    await uploadPicture(page, '/api/me/avatar');
    await uploadPicture(page, '/api/me/banner');
    const me = await page.evaluate(async () => (await fetch('/api/me')).json());
    expect(me.requiredDetailsMissing).toEqual([]);
    await page.goto('/feed');
    await page.getByRole('heading', { name: 'Feed', level: 1 }).waitFor({ state: 'attached' });
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Two-factor: password → QR code and key → a code from "the app" → backup codes.
    await page.goto('/security');
    await page.getByRole('heading', { name: 'Security', level: 1 }).waitFor();
    await page.getByText('This device').waitFor();
    await shootAll(page, 'auth-security', page.getByText('This device'));

    await page.getByRole('button', { name: 'Enable two-factor' }).click();
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    const qr = page.getByRole('img', { name: /QR code/ });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const secret = ((await page.locator('.security-secret__value').textContent()) ?? '').replace(
      /\s+/g,
      '',
    );
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    await captureScreen(page, 'auth-security-2fa-scan-desktop-dark', {
      expectVisible: qr,
      axe: true,
    });
    await page.setViewportSize(viewports.phone);
    await captureScreen(page, 'auth-security-2fa-scan-phone-dark', { axe: true });
    await page.setViewportSize(viewports.desktop);

    await page.getByLabel('Authentication code').fill(await freshTotp(secret));
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    const codes = page.getByRole('list', { name: 'Backup codes' });
    await codes.waitFor();
    expect(await codes.getByRole('listitem').count()).toBeGreaterThanOrEqual(8);
    await captureScreen(page, 'auth-security-2fa-codes-desktop-dark', {
      expectVisible: codes,
      axe: true,
    });
    await page.getByRole('button', { name: 'I saved my codes' }).click();
    await page.getByText('Two-factor authentication is on.').first().waitFor();
    await setTheme(page, 'light');
    await page.getByText('This device').waitFor();
    await captureScreen(page, 'auth-security-2fa-on-desktop-light', {
      expectVisible: page.getByText('Two-factor authentication is on.').first(),
      axe: true,
    });
    await setTheme(page, 'dark');

    // Log out from the sidebar.
    await page.getByRole('button', { name: 'Logout' }).first().click();
    const question = page.getByRole('alertdialog', { name: 'Are you sure you want to log out?' });
    await question.waitFor();
    await question.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');

    // Log in again: password, then the code.
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Login' }).click();
    const twoFactor = page.getByRole('heading', { name: 'Two-factor authentication', level: 1 });
    await twoFactor.waitFor();
    await captureScreen(page, 'auth-login-2fa-desktop-dark', {
      expectVisible: twoFactor,
      axe: true,
    });
    // A new time window, so this code is not the one that turned two-factor on.
    await new Promise((r) => setTimeout(r, 30_000 - (Date.now() % 30_000) + 500));
    await page.getByLabel('Authentication code').fill(await freshTotp(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/feed');
    await page.getByRole('heading', { name: 'Feed', level: 1 }).waitFor({ state: 'attached' });
    expect(await page.getByRole('dialog').count()).toBe(0);
    await ctx.close();
  }, 360_000);

  it('resets a forgotten password from the mailed link', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto('/forgotPassword');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Forgot Password' }).click();
    await page
      .getByText("If an account exists for that email, we've sent a link to reset the password.")
      .waitFor({ timeout: 30_000 });
    await captureScreen(page, 'auth-forgot-sent-desktop-dark', {
      expectVisible: page.getByText(
        "If an account exists for that email, we've sent a link to reset the password.",
      ),
      axe: true,
    });

    const link = await waitForMailLink(
      account.email,
      /https?:\/\/[^\s"<>]+\/api\/auth\/reset-password\/[^\s"<>]+/,
    );
    await page.goto(link.replace(/^https?:\/\/[^/]+/, baseUrl));
    await page.waitForURL(/\/reset-password\?token=/);
    await page.getByLabel('New password', { exact: true }).fill('new-sakura-2026');
    await page.getByLabel('Confirm new password').fill('new-sakura-2026');
    await captureScreen(page, 'auth-reset-desktop-dark', {
      expectVisible: page.getByRole('button', { name: 'Reset Password' }),
      axe: true,
    });
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForURL('**/login');
    await page
      .getByText('Your password has been changed. Log in with your new password.')
      .waitFor();

    // The old password no longer works; the new one does (then the code is asked).
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Sorry, that email or password is incorrect.' })
      .waitFor();
    await page.getByLabel('Password', { exact: true }).fill('new-sakura-2026');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Two-factor authentication', level: 1 }).waitFor();
    await ctx.close();
  }, 60_000);
});
