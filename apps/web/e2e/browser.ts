import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

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

export type Viewport = 'desktop' | 'phone';
export const viewports: Record<Viewport, { width: number; height: number }> = {
  desktop: { width: 1366, height: 900 },
  phone: { width: 360, height: 780 },
};

export async function newContext(
  browser: Browser,
  opts: { viewport?: Viewport; theme?: 'dark' | 'light' } = {},
): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    baseURL: baseUrl,
    viewport: viewports[opts.viewport ?? 'desktop'],
    isMobile: opts.viewport === 'phone',
    hasTouch: opts.viewport === 'phone',
    deviceScaleFactor: 1,
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
