import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  captureScreen,
  decodeEml,
  launchBrowser,
  settle,
  viewports,
  type Theme,
  type Viewport,
} from './browser';

/**
 * An imported demo export can be signed into after a reset (issue 12, docs/import-firebase.md).
 * Its own world: the fixture export of the first build and its files are imported with
 * `npm run import-firebase`'s CLI into a fresh data folder, then a second server is started on
 * it (it seeds nothing: the database is not empty), so the shared e2e world stays as it is.
 * An imported account's sign-in is refused with the reset message; "Forgot password" mails a
 * link; the new password signs in and the imported posts show on the profile.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const MESSAGE =
  'Your account came over from the first version of the site, and its password could not come with it. Use "Forgot password" to set a new one.';
const NEW_PASSWORD = 'lantern-light-2026';

let dir: string;
let dataDir: string;
let server: ChildProcess | undefined;
let serverLog = '';
let url: string;
let browser: Browser;

function runTsx(script: string, args: string[], env: Record<string, string> = {}): string {
  const r = spawnSync('npx', ['tsx', script, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: '', ...env },
  });
  if (r.status !== 0) throw new Error(`${script} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

beforeAll(async () => {
  const webDist = process.env.E2E_WEB_DIST_DIR;
  if (!webDist) throw new Error('E2E_WEB_DIST_DIR is not set (run through npm run test:e2e)');
  dir = mkdtempSync(path.join(tmpdir(), 'otakura-e2e-import-'));
  dataDir = path.join(dir, 'data');
  runTsx('apps/server/src/cli/import-firebase/fixtures/make-files.ts', [path.join(dir, 'files')]);
  const out = runTsx(
    'apps/server/src/cli/import-firebase.ts',
    [
      'apps/server/src/cli/import-firebase/fixtures/export.json',
      path.join(dir, 'files'),
      '--report',
      path.join(dir, 'report.json'),
    ],
    { DATA_DIR: dataDir },
  );
  expect(out).toMatch(/the-posts\s+11\s+6\s+0\s+5/);

  const port = await freePort();
  url = `http://localhost:${port}`;
  server = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: webDist,
    },
  });
  server.stdout!.on('data', (d) => (serverLog += d));
  server.stderr!.on('data', (d) => (serverLog += d));
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (server.exitCode !== null || Date.now() > deadline)
      throw new Error(`The import world's server did not start:\n${serverLog}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A context on the import world's server, in a viewport and theme. */
async function context(viewport: Viewport, theme: Theme): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    baseURL: url,
    viewport: viewports[viewport],
    isMobile: viewport === 'phone',
    hasTouch: viewport === 'phone',
    deviceScaleFactor: 1,
  });
  await ctx.addInitScript((t) => localStorage.setItem('otakura.theme', t), theme);
  return ctx;
}

async function tryToSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** The reset link mailed to `to`, from the import world's outbox. */
async function resetLink(to: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const pattern = /https?:\/\/[^\s"<>]+\/api\/auth\/reset-password\/[^\s"<>]+/;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (existsSync(outbox)) {
      for (const file of readdirSync(outbox).filter((f) => f.endsWith('.eml'))) {
        const text = decodeEml(readFileSync(path.join(outbox, file), 'utf8'));
        const match = text.includes(to) ? pattern.exec(text) : null;
        if (match) return match[0].replace(/&amp;/g, '&');
      }
    }
    if (Date.now() > deadline) throw new Error(`No reset mail to ${to}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('an imported export', () => {
  it('can be signed into after a reset, and shows the imported posts on the profile', async () => {
    const email = 'aiko@first-build.example';
    const ctx = await context('desktop', 'dark');
    const page = await ctx.newPage();

    await tryToSignIn(page, email, 'my-firebase-password');
    const alert = page.getByRole('alert').filter({ hasText: MESSAGE });
    await alert.waitFor();
    expect(page.url()).toMatch(/\/login$/);
    await settle(page);
    await captureScreen(page, 'import-signin-reset-desktop-dark', {
      expectVisible: alert,
      axe: true,
    });

    await page.getByRole('link', { name: 'Forgot password' }).click();
    await page.waitForURL('**/forgotPassword');
    // The link navigates in the page: wait for the new form before typing into it.
    await page.getByRole('button', { name: 'Forgot Password' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Forgot Password' }).click();
    await page
      .getByText("If an account exists for that email, we've sent a link to reset the password.")
      .waitFor({ timeout: 60_000 });

    const link = await resetLink(email);
    await page.goto(link.replace(/^https?:\/\/[^/]+/, url));
    await page.waitForURL(/\/reset-password\?token=/);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForURL('**/login');

    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/feed');

    await page.goto('/profile');
    await page.getByRole('heading', { level: 1, name: '@aiko_draws' }).waitFor();
    await page.getByText('Hello from the first build').first().waitFor();
    await page.getByText('Two skies').first().waitFor();
    await settle(page);
    await captureScreen(page, 'import-profile-desktop-dark', {
      expectVisible: page.getByText('Hello from the first build').first(),
    });
    await ctx.close();
  }, 300_000);

  it('tells every imported account to reset, in both themes at desktop and phone width', async () => {
    // One failed sign-in per account (three are free before any delay): ben, chloe, dana.
    const variants: Array<{ email: string; viewport: Viewport; theme: Theme }> = [
      { email: 'ben@first-build.example', viewport: 'desktop', theme: 'light' },
      { email: 'chloe@first-build.example', viewport: 'phone', theme: 'dark' },
      { email: 'dana@first-build.example', viewport: 'phone', theme: 'light' },
    ];
    for (const v of variants) {
      const ctx = await context(v.viewport, v.theme);
      const page = await ctx.newPage();
      await tryToSignIn(page, v.email, 'whatever-it-was');
      const alert = page.getByRole('alert').filter({ hasText: MESSAGE });
      await alert.waitFor();
      await page.waitForFunction((t) => document.documentElement.dataset.theme === t, v.theme);
      await settle(page);
      await captureScreen(page, `import-signin-reset-${v.viewport}-${v.theme}`, {
        expectVisible: alert,
        axe: true,
      });
      await ctx.close();
    }
  }, 300_000);
});
