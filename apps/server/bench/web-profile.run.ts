/**
 * Where a page's load spends the main thread, function by function: `npx tsx
 * bench/web-profile.run.ts [--dist ../web/dist] [--page /feed] [--loads 3] [--data DIR]
 * [--min-burst 8]`.
 *
 * Serves the build on a demo world (web-server.ts; `--data` is seeded on first use and kept,
 * default /tmp/otk-profile-data) and loads the page `--loads` times, each in a fresh Chromium
 * as Lighthouse does (nothing warm: no code cache, no `Intl` data), at Lighthouse's phone size,
 * signed in as the demo user unless the page is /login. The CPU is not slowed. Chromium's
 * sampling profiler (CDP, a sample every 0.1 ms) records each load until 2.5 s after `load`;
 * samples are mapped to their sources through the build's source maps.
 *
 * Prints, averaged over the loads: the busy time, the self time by source file (a package's
 * files under `nm/`) and by function; then, for the first load, each burst of work of at
 * least `--min-burst` ms (samples without an idle gap of 0.3 ms, roughly one task), with its
 * largest self times and the outermost calls it ran. The bursts are unthrottled: Lighthouse's
 * simulation counts each task at 4× its time, less 50 ms, as blocking (docs/web-performance.md).
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM } from './web-lighthouse';
import { startDemoServer } from './web-server';

const { values: flags } = parseArgs({
  options: {
    dist: { type: 'string', default: path.resolve(import.meta.dirname, '../../web/dist') },
    page: { type: 'string', default: '/feed' },
    loads: { type: 'string', default: '3' },
    data: { type: 'string', default: '/tmp/otk-profile-data' },
    'min-burst': { type: 'string', default: '8' },
  },
});
const dist = path.resolve(flags.dist);
const pagePath = flags.page;
const loads = Number(flags.loads);
const dataDir = path.resolve(flags.data);
const minBurstMs = Number(flags['min-burst']);
if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist}: no index.html`);
if (!Number.isInteger(loads) || loads < 1) throw new Error('--loads: a whole number ≥ 1');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** "nm/zod/v4/core/core.js:50 init", "src/lib/i18n.ts:98", or the chunk and function. */
function makeLabeller() {
  const maps = new Map<string, TraceMap | null>();
  const cache = new Map<ProfileNode, string>();
  const mapFor = (url: string) => {
    if (!maps.has(url)) {
      const file = path.join(dist, new URL(url).pathname + '.map');
      maps.set(url, existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null);
    }
    return maps.get(url)!;
  };
  return (node: ProfileNode): { source: string; label: string } => {
    const { url, functionName, lineNumber, columnNumber } = node.callFrame;
    let label = cache.get(node);
    if (label === undefined) {
      label = functionName || '(anonymous)';
      if (url.startsWith('http') && url.endsWith('.js')) {
        const map = mapFor(url);
        const pos = map && originalPositionFor(map, { line: lineNumber + 1, column: columnNumber });
        label = pos?.source
          ? `${pos.source
              .replace(/^.*node_modules\//, 'nm/')
              .replace(
                /^(\.\.\/)+(.*\/)?(?=(src|packages)\/)/,
                '',
              )}:${pos.line}${pos.name ? ` ${pos.name}` : ''}`
          : `${path.basename(new URL(url).pathname)} ${functionName}`;
      }
      cache.set(node, label);
    }
    return { source: label.replace(/:\d+.*$/, ''), label };
  };
}

const IDLE = new Set(['(idle)', '(program)']);
const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
const top = (m: Map<string, number>, n: number, per = 1) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${(v / per).toFixed(1).padStart(7)} ms  ${k}`)
    .join('\n');

async function profileOnce(base: string, cookie: string): Promise<CpuProfile> {
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    if (pagePath !== '/login')
      await context.addCookies(
        cookie.split('; ').map((c) => {
          const [name, ...value] = c.split('=');
          return { name: name!, value: value.join('='), url: base };
        }),
      );
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await page.goto(base + pagePath, { waitUntil: 'load' });
    // The page's work after `load` (its data, the renders, idle callbacks) is part of the load.
    await page.waitForTimeout(2500);
    const { profile } = await cdp.send('Profiler.stop');
    return profile as unknown as CpuProfile;
  } finally {
    await browser?.close();
  }
}

mkdirSync(dataDir, { recursive: true });
const server = await startDemoServer({ port: 3300, dataDir, webDist: dist });
const label = makeLabeller();
const bySource = new Map<string, number>();
const byFunction = new Map<string, number>();
let busy = 0;
let first: CpuProfile | undefined;
try {
  for (let i = 0; i < loads; i++) {
    const profile = await profileOnce(server.base, server.cookie);
    first ??= profile;
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    profile.samples.forEach((id, k) => {
      const node = nodes.get(id)!;
      const ms = (profile.timeDeltas[k + 1] ?? 0) / 1000;
      if (IDLE.has(node.callFrame.functionName)) return;
      const { source, label: fn } = label(node);
      busy += ms;
      add(bySource, source, ms);
      add(byFunction, fn, ms);
    });
  }
} finally {
  await server.stop();
}

console.log(`${pagePath}, ${loads} loads of ${dist}: busy ${(busy / loads).toFixed(0)} ms a load`);
console.log(`--- self time by source, a load\n${top(bySource, 30, loads)}`);
console.log(`--- self time by function, a load\n${top(byFunction, 30, loads)}`);

// The first load's bursts of work.
const profile = first!;
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
interface Burst {
  start: number;
  end: number;
  self: Map<string, number>;
  outer: Map<string, number>;
}
const bursts: Burst[] = [];
let current: Burst | undefined;
let t = profile.startTime;
profile.samples.forEach((id, k) => {
  t += profile.timeDeltas[k]!;
  const dt = profile.timeDeltas[k + 1] ?? 0;
  const node = nodes.get(id)!;
  if (IDLE.has(node.callFrame.functionName)) {
    if (current && t - current.end > 300) current = undefined;
    return;
  }
  if (!current) bursts.push((current = { start: t, end: t, self: new Map(), outer: new Map() }));
  current.end = t + dt;
  add(current.self, label(node).source, dt / 1000);
  // The outermost three calls (below the root) of this sample's stack.
  const stack: number[] = [];
  for (let x: number | undefined = id; x !== undefined && parent.has(x); x = parent.get(x))
    stack.push(x);
  const outer = stack
    .slice(-3)
    .reverse()
    .map((x) => label(nodes.get(x)!).label);
  add(current.outer, outer.join(' > '), dt / 1000);
});
console.log(`--- the first load's bursts of ≥ ${minBurstMs} ms (ms from the profile's start)`);
for (const b of bursts) {
  const ms = (b.end - b.start) / 1000;
  if (ms < minBurstMs) continue;
  console.log(`@${((b.start - profile.startTime) / 1000).toFixed(0)} ms: ${ms.toFixed(1)} ms`);
  console.log(`  self:  ${top(b.self, 5).replace(/\n/g, '\n         ')}`);
  console.log(`  calls: ${top(b.outer, 3).replace(/\n/g, '\n         ')}`);
}
