/**
 * Two web builds side by side on one page, interleaved, so that a busy or drifting machine
 * weighs on both alike: `npx tsx bench/web-ab.run.ts --a DIR --b DIR [--page /feed]
 * [--runs 5] [--data DIR]`. DIR is a web build (`npm run build -w @otakura/web`, or
 * `vite build --outDir DIR` of another checkout).
 *
 * Two servers (web-server.ts) serve the two builds on ports 3190 and 3191, each with its own
 * copy of one demo world (`--data`, seeded on first use and kept, default /tmp/otk-ab-data; B
 * runs on a fresh copy of it, DIR-b), so both answer the same data. Each run measures A then B,
 * or B then A (alternating), with Lighthouse mobile as the web suite runs it
 * (web-lighthouse.ts). Prints every run and the medians of score, TBT, LCP, FCP and CLS.
 */
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { runLighthouse, type LighthouseFigures } from './web-lighthouse';
import { startDemoServer, type DemoServer } from './web-server';

function flag(name: string, fallback?: string): string {
  const i = process.argv.indexOf(`--${name}`);
  const v = i > 0 ? process.argv[i + 1] : fallback;
  if (v === undefined) throw new Error(`--${name} is required`);
  return v;
}

const builds = { A: path.resolve(flag('a')), B: path.resolve(flag('b')) };
const pagePath = flag('page', '/feed');
const runs = Number(flag('runs', '5'));
const data = path.resolve(flag('data', '/tmp/otk-ab-data'));
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs: a whole number ≥ 1');
for (const dir of Object.values(builds))
  if (!existsSync(path.join(dir, 'index.html'))) throw new Error(`${dir}: no index.html`);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const line = (f: LighthouseFigures) =>
  `score ${f.score}, TBT ${f.tbtMs.toFixed(0)} ms, LCP ${(f.lcpMs / 1000).toFixed(2)} s, FCP ${(f.fcpMs / 1000).toFixed(2)} s, CLS ${f.cls.toFixed(3)}`;

// A's copy is seeded on first use (and kept); B gets a fresh copy of it while no server runs.
mkdirSync(data, { recursive: true });
console.log(`demo world in ${data} (seeded on first use)`);
await (await startDemoServer({ port: 3190, dataDir: data, webDist: builds.A })).stop();
const copyB = `${data}-b`;
rmSync(copyB, { recursive: true, force: true });
cpSync(data, copyB, { recursive: true });

const servers: Record<'A' | 'B', DemoServer | undefined> = { A: undefined, B: undefined };
try {
  servers.A = await startDemoServer({ port: 3190, dataDir: data, webDist: builds.A });
  servers.B = await startDemoServer({ port: 3191, dataDir: copyB, webDist: builds.B });
  const results: Record<'A' | 'B', LighthouseFigures[]> = { A: [], B: [] };
  const headers = (s: DemoServer): Record<string, string> =>
    pagePath === '/login' ? {} : { cookie: s.cookie };
  // Warm both (first reads of the files and the page's data), unmeasured.
  for (const s of [servers.A, servers.B])
    await fetch(`${s.base}${pagePath}`, { headers: headers(s) });
  for (let run = 1; run <= runs; run++) {
    for (const key of run % 2 ? (['A', 'B'] as const) : (['B', 'A'] as const)) {
      const s = servers[key]!;
      const f = await runLighthouse(`${s.base}${pagePath}`, headers(s));
      results[key].push(f);
      console.log(`run ${run} ${key}: ${line(f)}`);
    }
  }
  for (const key of ['A', 'B'] as const) {
    const rs = results[key];
    console.log(
      `${key} (${builds[key]}), median of ${runs}: score ${median(rs.map((r) => r.score))}, TBT ${median(rs.map((r) => r.tbtMs)).toFixed(0)} ms, LCP ${(median(rs.map((r) => r.lcpMs)) / 1000).toFixed(2)} s, FCP ${(median(rs.map((r) => r.fcpMs)) / 1000).toFixed(2)} s, CLS ${median(rs.map((r) => r.cls)).toFixed(3)}`,
    );
  }
} finally {
  await servers.A?.stop();
  await servers.B?.stop();
}
