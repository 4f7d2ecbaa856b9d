/**
 * The feed's layout work in a slowed-down browser, against a server already running with the
 * demo seed: `npx tsx bench/web-feed-layout.run.ts [--base http://127.0.0.1:3190] [--runs 2]`.
 *
 * Debian's Chromium (playwright-core) opens /feed as the demo user with the CPU slowed 4× (CDP
 * `Emulation.setCPUThrottlingRate`), at a 360 px phone and a 1366 px desktop, then scrolls two
 * more pages in. Per visit it prints Chromium's own counters (CDP `Performance.getMetrics`:
 * layouts, style recalculations, layout and script time), the time from the feed's first answer
 * to the first card painted, and the long tasks after that answer. The counts do not depend on
 * the machine; the times do (compare builds side by side, docs/posts-and-feed.md). It was an
 * end-to-end journey until 2026-11-29; as a measurement it asserted nothing, so it lives here.
 */
import { chromium, type BrowserContext } from 'playwright-core';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/seed/content';
import { CHROMIUM } from './web-lighthouse';

interface FeedLayoutSample {
  layoutCount: number;
  recalcStyleCount: number;
  layoutMs: number;
  scriptMs: number;
  /** ms from the feed's first answer (responseEnd) to the first card in the DOM, then a frame. */
  firstCardAfterAnswer: number | null;
  /** Long tasks (ms) from the feed's answer on (the first page and two appended pages). */
  longTasks: number[];
  cards: number;
}

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
}

const VIEWPORTS = {
  phone: { width: 360, height: 780, isMobile: true },
  desktop: { width: 1366, height: 900, isMobile: false },
} as const;

/**
 * Runs in the page before its scripts (browser JavaScript, as text: this package has no DOM
 * types): records long tasks, and the first frame after the first card is in the DOM.
 */
const RECORDER = `
  window.__perf = { longTasks: [], firstCard: null };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      window.__perf.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const observer = new MutationObserver(() => {
    if (window.__perf.firstCard !== null) return;
    if (!document.querySelector('article[data-post-id]')) return;
    observer.disconnect();
    window.__perf.firstCard = -1;
    requestAnimationFrame(() => setTimeout(() => (window.__perf.firstCard = performance.now()), 0));
  });
  document.addEventListener('DOMContentLoaded', () =>
    observer.observe(document.body, { childList: true, subtree: true }),
  );
`;

/** The record, as JSON: from the feed's first answer (responseEnd) on. */
const READ_RECORD = `(() => {
  const feed = performance.getEntriesByType('resource').filter((e) => /\\/api\\/feed\\?/.test(e.name));
  const answer = feed[0] ? feed[0].responseEnd : null;
  const p = window.__perf;
  return JSON.stringify({
    firstCardAfterAnswer:
      answer !== null && p.firstCard !== null && p.firstCard > 0 ? Math.round(p.firstCard - answer) : null,
    longTasks: p.longTasks
      .filter((t) => answer === null || t.start + t.duration >= answer)
      .map((t) => Math.round(t.duration)),
    cards: document.querySelectorAll('article[data-post-id]').length,
  });
})()`;

async function measureFeed(ctx: BrowserContext): Promise<FeedLayoutSample> {
  await ctx.addInitScript(RECORDER);
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Performance.enable');
  await page.goto('/feed');
  await page.locator('article[data-post-id]').first().waitFor({ timeout: 60_000 });
  // Two more pages appended by scrolling.
  for (let i = 0; i < 2; i++) {
    const before = await page.locator('article[data-post-id]').count();
    await page.mouse.wheel(0, 20_000);
    await page
      .waitForFunction(
        `document.querySelectorAll('article[data-post-id]').length > ${before}`,
        null,
        {
          timeout: 30_000,
        },
      )
      .catch(() => undefined);
  }
  // Lets the last page's rows and images finish their work before the counters are read.
  await page.waitForTimeout(1500);
  const result = JSON.parse(String(await page.evaluate(READ_RECORD))) as Pick<
    FeedLayoutSample,
    'firstCardAfterAnswer' | 'longTasks' | 'cards'
  >;
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
  return {
    ...result,
    layoutCount: metric('LayoutCount'),
    recalcStyleCount: metric('RecalcStyleCount'),
    layoutMs: Math.round(metric('LayoutDuration') * 1000),
    scriptMs: Math.round(metric('ScriptDuration') * 1000),
  };
}

const base = flag('base', 'http://127.0.0.1:3190');
const runs = Number(flag('runs', '2'));
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs: a whole number ≥ 1');

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
});
try {
  const signIn = await browser.newContext({ baseURL: base });
  const res = await signIn.request.post('/api/auth/sign-in/email', {
    data: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
    headers: { origin: base },
  });
  if (!res.ok()) throw new Error(`demo sign-in: ${res.status()} ${await res.text()}`);
  const cookies = await signIn.cookies();
  await signIn.close();

  const out: Record<string, FeedLayoutSample[]> = {};
  for (const [name, v] of Object.entries(VIEWPORTS)) {
    out[name] = [];
    for (let run = 0; run < runs; run++) {
      const ctx = await browser.newContext({
        baseURL: base,
        viewport: { width: v.width, height: v.height },
        isMobile: v.isMobile,
        hasTouch: v.isMobile,
        deviceScaleFactor: 1,
      });
      await ctx.addCookies(cookies);
      const sample = await measureFeed(ctx);
      await ctx.close();
      if (sample.cards === 0) throw new Error(`${name}: the feed showed no card`);
      out[name].push(sample);
      console.log(`${name} run ${run + 1}: ${JSON.stringify(sample)}`);
    }
  }
  console.log(JSON.stringify(out, null, 2));
} finally {
  await browser.close();
}
