import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from 'playwright-core';
import { expect } from 'vitest';
import { seriousViolations } from './a11y';

export const baseUrl = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
const screensDir = path.resolve(import.meta.dirname, '../../../e2e-screens');

/** Debian's Chromium, headless, with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export type Viewport = 'desktop' | 'tablet' | 'phone';
export const viewports: Record<Viewport, { width: number; height: number }> = {
  desktop: { width: 1366, height: 900 },
  tablet: { width: 900, height: 1100 },
  phone: { width: 360, height: 780 },
};

export async function newContext(
  browser: Browser,
  opts: {
    viewport?: Viewport;
    theme?: 'dark' | 'light';
    /** prefers-reduced-motion: pictures need not wait on autoplaying clips. */
    reducedMotion?: boolean;
  } = {},
): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    baseURL: baseUrl,
    viewport: viewports[opts.viewport ?? 'desktop'],
    isMobile: opts.viewport === 'phone',
    hasTouch: opts.viewport === 'phone',
    deviceScaleFactor: 1,
    ...(opts.reducedMotion ? { reducedMotion: 'reduce' as const } : {}),
  });
  if (opts.theme) {
    await ctx.addInitScript((theme) => {
      if (!localStorage.getItem('otakura.theme')) localStorage.setItem('otakura.theme', theme);
    }, opts.theme);
  }
  return ctx;
}

/** Saves a screenshot to e2e-screens/<name>.png for people to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screensDir, { recursive: true });
  await page.screenshot({ path: path.join(screensDir, `${name}.png`), fullPage: false });
}

// ---- Shared journey helpers (sessions, waiting, screens) ------------------------------------

export type Theme = 'dark' | 'light';
export type Cookies = Awaited<ReturnType<BrowserContext['cookies']>>;

/** The seeded demo account (README, apps/server/src/seed/demo-seed.ts): verified, complete profile. */
export const DEMO = { email: 'demo@otakura.local', password: 'otakura-demo' } as const;
/** The password of every seeded account. */
export const SEED_PASSWORD = DEMO.password;

/** Every viewport × theme a screen is pictured in. */
export const VARIANTS: ReadonlyArray<{ viewport: Viewport; theme: Theme }> = [
  { viewport: 'desktop', theme: 'dark' },
  { viewport: 'desktop', theme: 'light' },
  { viewport: 'phone', theme: 'dark' },
  { viewport: 'phone', theme: 'light' },
];

/**
 * Pages load slowly on a busy 2-core machine: give polls time (a promo code took over 15 s to
 * apply beside the PostgreSQL suite once).
 */
export const POLL = { timeout: 30_000 };

/** Session cookies per email: each account signs in once per file (sign-in is rate limited per email). */
const sessions = new Map<string, Cookies>();

/** Remembers a session made elsewhere (a journey through the login form) for signIn to reuse. */
export function keepSession(cookies: Cookies, email: string = DEMO.email): void {
  sessions.set(email, cookies);
}

/**
 * Signs the context in through the API (the login form has its own journeys) and returns the
 * cookies; later calls for the same email reuse them.
 */
export async function signIn(
  ctx: BrowserContext,
  email: string = DEMO.email,
  password: string = SEED_PASSWORD,
): Promise<Cookies> {
  const known = sessions.get(email);
  if (known) {
    await ctx.addCookies(known);
    return known;
  }
  const res = await ctx.request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers: { Origin: baseUrl },
  });
  if (!res.ok()) throw new Error(`sign-in ${email}: ${res.status()} ${await res.text()}`);
  const cookies = await ctx.cookies();
  sessions.set(email, cookies);
  return cookies;
}

/** Signs in through the login form (once per email and file, like signIn) and lands on /feed. */
export async function signInWithForm(
  browser: Browser,
  email: string = DEMO.email,
  password: string = SEED_PASSWORD,
): Promise<Cookies> {
  const ctx = await newContext(browser);
  try {
    const page = await ctx.newPage();
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/feed');
    const cookies = await ctx.cookies();
    sessions.set(email, cookies);
    return cookies;
  } finally {
    await ctx.close();
  }
}

/** A new context and page signed in as `email` (the demo user by default). */
export async function signedInPage(
  browser: Browser,
  opts: { viewport?: Viewport; theme?: Theme; email?: string } = {},
): Promise<{ ctx: BrowserContext; page: Page; userId: string }> {
  const ctx = await newContext(browser, opts);
  await signIn(ctx, opts.email);
  const page = await ctx.newPage();
  const me = await getJson<{ id: string }>(ctx, '/api/me');
  return { ctx, page, userId: me.id };
}

/** GET as the context's session; throws with the answer when it is not 2xx. */
export async function getJson<T>(ctx: BrowserContext, url: string): Promise<T> {
  const res = await ctx.request.get(url);
  if (!res.ok()) throw new Error(`GET ${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Settles a page for a picture: fonts in, the images on screen decoded (lazy ones below stay
 * unloaded), at most 5 s; then `ms` for entrance animations.
 */
export async function settle(page: Page, ms = 300): Promise<void> {
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
  await page.waitForTimeout(ms);
}

/**
 * Scrolls down most of a screen at a time, as a reader does, until `target` is in the page: a
 * feed renders the cards below the first screen as the reader comes near them (PostGrid), so a
 * card far down is not there until then. Throws after `timeout` ms.
 */
export async function scrollToFind(page: Page, target: Locator, timeout = 30_000): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      await target.first().waitFor({ state: 'attached', timeout: 1000 });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await page.evaluate(() => window.scrollBy(0, Math.round(window.innerHeight * 0.8)));
  }
}

/** A string as a literal inside a RegExp. */
export function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** ALTCHA v1, solved like the sign-up page's worker does: the x-altcha header value. */
export async function solvedChallenge(ctx: BrowserContext): Promise<string> {
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

/** The text of an .eml with quoted-printable soft breaks and escapes undone. */
export function decodeEml(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Waits for a mail to `to` in DATA_DIR/outbox whose text matches `pattern`, and returns the match. */
export async function waitForMailLink(
  to: string,
  pattern: RegExp,
  timeoutMs = 15_000,
): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (run through npm run test:e2e)');
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (existsSync(outbox)) {
      for (const file of readdirSync(outbox)
        .filter((f) => f.endsWith('.eml'))
        .sort()
        .reverse()) {
        const text = decodeEml(readFileSync(path.join(outbox, file), 'utf8'));
        if (!text.includes(to)) continue;
        const match = pattern.exec(text);
        if (match) return match[0].replace(/&amp;/g, '&');
      }
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${to} matching ${pattern}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** How far the page is wider than the window, in CSS pixels (0 when nothing scrolls sideways). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return Math.max(0, root.scrollWidth - window.innerWidth);
  });
}

export interface CaptureOptions {
  /** What the picture is about: each must be visible and at least partly in the window. */
  expectVisible?: Locator | Locator[];
  /** A whole screen: axe-core finds no serious or critical violation (optionally some parts excluded). */
  axe?: boolean | { exclude: string[] };
  /** The whole page, top to bottom, instead of the window. */
  fullPage?: boolean;
}

/**
 * Saves e2e-screens/<name>.png and asserts what the picture is for: nothing wider than the
 * window (360 px phones included), the subject visible in it, and for whole screens no serious
 * accessibility violation.
 */
export async function captureScreen(
  page: Page,
  name: string,
  opts: CaptureOptions = {},
): Promise<void> {
  const view = page.viewportSize();
  for (const subject of [opts.expectVisible ?? []].flat()) {
    await subject.waitFor({ state: 'visible' });
    // Polled: a live update (a notification arriving, say) may move the subject for a moment.
    await expect
      .poll(
        async () => {
          const box = await subject.boundingBox();
          if (!box) return 'no box';
          if (!view || opts.fullPage) return 'ok';
          const inWindow =
            box.x < view.width &&
            box.x + box.width > 0 &&
            box.y < view.height &&
            box.y + box.height > 0;
          return inWindow
            ? 'ok'
            : `outside the window at ${Math.round(box.x)},${Math.round(box.y)}`;
        },
        { ...POLL, message: `${name}: ${subject} is in the window` },
      )
      .toBe('ok');
  }
  mkdirSync(screensDir, { recursive: true });
  await page.screenshot({ path: path.join(screensDir, `${name}.png`), fullPage: !!opts.fullPage });
  expect(await horizontalOverflow(page), `${name}: no horizontal scroll`).toBe(0);
  if (opts.axe) {
    const exclude = typeof opts.axe === 'object' ? opts.axe.exclude : [];
    expect(await seriousViolations(page, { exclude }), `${name}: axe`).toEqual([]);
  }
}
