/**
 * `npm run bench -- --suite web`: Lighthouse (mobile, default simulated throttling) on the
 * built web app, against the ceiling of this machine measured in the same run.
 *
 * - The app: the built `apps/server/dist/server.js` serving `apps/web/dist` (both built by
 *   `npm run build` first when missing; nothing is rebuilt otherwise), NODE_ENV=production,
 *   embedded PGlite in its own DATA_DIR (/tmp/otk-lh-*) with the demo seed (the first start
 *   seeds it), port 3180 (`--web-port`).
 * - The pages: /login signed out, /feed signed in as the demo user (the session cookie goes
 *   with every request through Lighthouse's extraHeaders).
 * - The baseline: a minimal static HTML page (a heading and a line of text, 300 bytes) served
 *   by this process on port + 1 — what Lighthouse scores on this machine for a page that costs
 *   nothing. Each round runs baseline, /login, /feed one after another; a fresh Chromium per run.
 * - Images: feed image bytes at phone width against the originals (`web-images.ts`), once.
 *
 * - Production's shape: the same two pages through nginx running the shipped deploy/nginx.conf
 *   with TLS and HTTP/2 (a self-signed certificate made for the run; src/test/proxy-cluster.ts),
 *   as docs/production.md deploys the app. The app's own server speaks HTTP/1.1, where a
 *   browser opens at most 6 connections to an origin; under Lighthouse's 150 ms round trip a
 *   page of ~60 chunks waits in that queue. Skipped, and said so, when nginx is not installed.
 *
 * Flags: --web-port 3180, --web-data DIR (reuse or create that DATA_DIR and keep it; without
 * it a fresh /tmp/otk-lh-* is seeded and removed), --web-dist DIR (serve another build of the
 * web app, e.g. `vite build --outDir`, to compare two builds on the same machine and data),
 * --no-nginx (the direct pages only). OTK_LH_REPORTS=DIR keeps every run's whole Lighthouse
 * report and trace there, to read long tasks and the network waterfall.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describeImages, measureFeedImages, type ImageFigures } from './web-images';
import { startNginx, type RunningNginx } from '../src/test/proxy-cluster';
import { runLighthouse, type LighthouseFigures } from './web-lighthouse';
import { intFlag, type Suite } from './suite';
import { ensureBuilt, repoDir, startDemoServer, type DemoServer } from './web-server';
const GOAL_SCORE = 95;
const GOAL_IMAGE_RATIO = 3;

const BASELINE_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<meta name="description" content="Baseline"><title>Baseline</title></head>' +
  '<body><h1>Baseline</h1><p>A static page that costs nothing: the ceiling of this machine.</p></body></html>';

type PageName = 'baseline' | 'login' | 'feed' | 'loginNginx' | 'feedNginx';
const DIRECT: PageName[] = ['baseline', 'login', 'feed'];
const NGINX: PageName[] = ['loginNginx', 'feedNginx'];
const LABEL: Record<PageName, string> = {
  baseline: 'baseline (static)',
  login: '/login',
  feed: '/feed',
  loginNginx: '/login behind nginx (HTTPS, HTTP/2)',
  feedNginx: '/feed behind nginx (HTTPS, HTTP/2)',
};

function mmm(xs: number[]): { min: number; median: number; max: number } {
  const s = [...xs].sort((a, b) => a - b);
  return { min: s[0]!, median: s[Math.floor((s.length - 1) / 2)]!, max: s[s.length - 1]! };
}

const kb = (b: number) => `${(b / 1024).toFixed(1)}`;
const sec = (msv: number) => (msv / 1000).toFixed(2);

function cell(xs: number[], fmt: (v: number) => string): string {
  const m = mmm(xs);
  return xs.length > 1 ? `${fmt(m.median)} (${fmt(m.min)}–${fmt(m.max)})` : fmt(m.median);
}

export default {
  name: 'web',
  title: 'Web: Lighthouse mobile and feed images',
  async run(options, log) {
    const port = intFlag(options.extra, 'web-port', 3180);
    const keepFlag = options.extra['web-data'];
    const keep = typeof keepFlag === 'string';
    const distFlag = options.extra['web-dist'];
    const webDist =
      typeof distFlag === 'string' ? path.resolve(distFlag) : path.join(repoDir, 'apps/web/dist');
    ensureBuilt(log, webDist);

    const dataDir = keep ? path.resolve(keepFlag) : mkdtempSync('/tmp/otk-lh-');
    mkdirSync(dataDir, { recursive: true });
    let server: DemoServer | undefined;
    let baseline: Server | undefined;
    let nginx: RunningNginx | undefined;
    try {
      log(`server starting in ${dataDir} (the first start seeds the demo world)`);
      server = await startDemoServer({ port, dataDir, webDist });
      const { base, cookie } = server;
      log(`server ready, demo signed in, after ${server.readySeconds.toFixed(1)} s`);

      baseline = createServer((_req, res) => {
        res.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-cache',
        });
        res.end(BASELINE_HTML);
      });
      const baselineServer = baseline;
      await new Promise<void>((resolve) => baselineServer.listen(port + 1, '127.0.0.1', resolve));

      let nginxNote = '';
      if (options.extra['no-nginx']) nginxNote = 'skipped (--no-nginx)';
      else {
        try {
          nginx = await startNginx({ upstreamPorts: [port, port], tls: true });
          log(`nginx (deploy/nginx.conf, HTTPS and HTTP/2) at ${nginx.url}`);
        } catch (error) {
          nginxNote = `skipped: ${error instanceof Error ? error.message : String(error)}`;
          log(`production shape ${nginxNote}`);
        }
      }
      const front = nginx?.url ?? '';
      const urls: Record<PageName, { url: string; headers: Record<string, string> }> = {
        baseline: { url: `http://127.0.0.1:${port + 1}/`, headers: {} },
        login: { url: `${base}/login`, headers: {} },
        feed: { url: `${base}/feed`, headers: { cookie } },
        loginNginx: { url: `${front}/login`, headers: {} },
        feedNginx: { url: `${front}/feed`, headers: { cookie } },
      };
      const pages = nginx ? [...DIRECT, ...NGINX] : DIRECT;
      // Warm the server (first reads of the files and the feed query), unmeasured.
      for (const p of ['login', 'feed'] as const) {
        await fetch(urls[p].url, { headers: urls[p].headers });
        await fetch(`${base}/api/feed`, { headers: { cookie } });
      }

      const runs: Record<PageName, LighthouseFigures[]> = {
        baseline: [],
        login: [],
        feed: [],
        loginNginx: [],
        feedNginx: [],
      };
      for (let round = 1; round <= options.rounds; round++) {
        for (const p of pages) {
          const t = Date.now();
          const r = await runLighthouse(urls[p].url, urls[p].headers, {
            insecure: NGINX.includes(p),
          });
          runs[p].push(r);
          log(
            `round ${round} ${p}: score ${r.score}, FCP ${sec(r.fcpMs)} s, LCP ${sec(r.lcpMs)} s, TBT ${r.tbtMs.toFixed(0)} ms, CLS ${r.cls.toFixed(3)}, SI ${sec(r.siMs)} s; JS ${kb(r.bytes.script)} kB, CSS ${kb(r.bytes.stylesheet)} kB, fonts ${kb(r.bytes.font)} kB, images ${kb(r.bytes.image)} kB (${((Date.now() - t) / 1000).toFixed(0)} s)`,
          );
          if (round === 1 && p !== 'baseline' && !NGINX.includes(p)) {
            log(`  LCP element: ${r.lcpElement ?? '-'}`);
            log(
              `  opportunities: ${r.opportunities.map((o) => `${o.id} ${o.savingsMs.toFixed(0)} ms`).join(', ') || 'none'}`,
            );
          }
        }
      }

      log('feed images at phone width…');
      const images: ImageFigures = await measureFeedImages(base, cookie);
      log(
        `images: ${images.loaded}/${images.imagePosts} image posts of ${images.posts}, served ${kb(images.servedBytes)} kB (≤ 640 px: ${images.chose640}, wider: ${images.choseLarge}; AVIF ${images.choseAvif}); originals PNG ${kb(images.originalPngBytes)} kB (${images.ratioPng.toFixed(1)}×), JPEG q90 ${kb(images.originalJpegBytes)} kB (${images.ratioJpeg.toFixed(1)}×); shown ${images.displayedWidth.toFixed(0)} px wide; AVIF ${kb(images.avifBytes)} kB of it`,
      );

      const css = firstLoadCss(webDist);
      log(
        `first-load CSS: ${css.files} files + inline, ${kb(css.raw)} kB raw, ${kb(css.gzip)} kB gzip`,
      );
      const markdown = render(runs, images, css, options.rounds, nginxNote);
      return { markdown, json: { runs, images, css } };
    } finally {
      await nginx?.stop();
      await server?.stop();
      await new Promise((resolve) => (baseline ? baseline.close(resolve) : resolve(undefined)));
      if (!keep) rmSync(dataDir, { recursive: true, force: true });
    }
  },
} satisfies Suite;

function render(
  runs: Record<PageName, LighthouseFigures[]>,
  images: ImageFigures,
  css: { files: number; raw: number; gzip: number },
  rounds: number,
  nginxNote: string,
): string {
  const lines: string[] = [];
  lines.push(
    `Lighthouse 12.8.2 (Node API), Debian's Chromium headless, mobile form factor, default simulated throttling (150 ms RTT, 1.6 Mbps, CPU ×4), performance category; ${rounds} runs per page, a fresh browser per run. The app: \`apps/server/dist/server.js\` (NODE_ENV=production, embedded PGlite, demo seed) serving the built web app; /feed signed in as the demo user. **Baseline**: a 300-byte static HTML page (heading and one line) served in the same run — the best this machine scores under the same throttling. Rows *behind nginx*: the same server through the shipped deploy/nginx.conf with TLS and HTTP/2 (self-signed certificate), as production serves it; the direct rows are HTTP/1.1, at most 6 connections per origin. Cells: median (min–max).`,
  );
  lines.push('');
  lines.push(
    '| page | score | FCP s | LCP s | TBT ms | CLS | SI s | JS kB | CSS kB | fonts kB | images kB | total kB | requests |',
  );
  lines.push('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const p of [...DIRECT, ...NGINX]) {
    const r = runs[p];
    if (r.length === 0) continue;
    const col = (f: (x: LighthouseFigures) => number, fmt: (v: number) => string) =>
      cell(r.map(f), fmt);
    lines.push(
      `| ${LABEL[p]} | ${col((x) => x.score, String)} | ${col((x) => x.fcpMs, sec)} | ${col((x) => x.lcpMs, sec)} | ${col(
        (x) => x.tbtMs,
        (v) => v.toFixed(0),
      )} | ${col(
        (x) => x.cls,
        (v) => v.toFixed(3),
      )} | ${col((x) => x.siMs, sec)} | ${kb(mmm(r.map((x) => x.bytes.script)).median)} | ${kb(mmm(r.map((x) => x.bytes.stylesheet)).median)} | ${kb(mmm(r.map((x) => x.bytes.font)).median)} | ${kb(mmm(r.map((x) => x.bytes.image)).median)} | ${kb(mmm(r.map((x) => x.bytes.total)).median)} | ${mmm(r.map((x) => x.requests.total)).median} |`,
    );
  }
  lines.push('');
  lines.push(
    'Against the baseline, per round (page ÷ baseline of the same round; min / median / max):',
  );
  lines.push('');
  lines.push('| page | score ÷ baseline | LCP ÷ baseline | TBT − baseline ms |');
  lines.push('| --- | --- | --- | --- |');
  for (const p of ['login', 'feed', 'loginNginx', 'feedNginx'] as const) {
    if (runs[p].length === 0) continue;
    const ratio = (f: (x: LighthouseFigures) => number) =>
      runs[p].map((x, i) => f(x) / f(runs.baseline[i]!));
    const fmt = (m: { min: number; median: number; max: number }, d: (v: number) => string) =>
      `${d(m.min)} / ${d(m.median)} / ${d(m.max)}`;
    lines.push(
      `| ${LABEL[p]} | ${fmt(mmm(ratio((x) => x.score)), (v) => v.toFixed(2))} | ${fmt(mmm(ratio((x) => x.lcpMs)), (v) => `${v.toFixed(1)}×`)} | ${fmt(mmm(runs[p].map((x, i) => x.tbtMs - runs.baseline[i]!.tbtMs)), (v) => v.toFixed(0))} |`,
    );
  }
  lines.push('');
  const goal = (p: 'login' | 'feed' | 'loginNginx' | 'feedNginx') => {
    if (runs[p].length === 0) return `${LABEL[p]}: not measured (${nginxNote})`;
    const s = mmm(runs[p].map((x) => x.score));
    const cls = Math.max(...runs[p].map((x) => x.cls));
    return `${LABEL[p]}: median score ${s.median} (${s.median >= GOAL_SCORE ? 'meets' : 'misses'} ≥ ${GOAL_SCORE}; baseline ${mmm(runs.baseline.map((x) => x.score)).median}), CLS max ${cls.toFixed(3)} (${cls < 0.0005 ? 'meets' : 'misses'} 0)`;
  };
  lines.push(
    `**Goals**: ${goal('login')}; ${goal('feed')}; ${goal('loginNginx')}; ${goal('feedNginx')}. First-load CSS (the stylesheets and inline styles of the served build's index.html, on every page; route chunks add their own): ${css.files} files, ${kb(css.raw)} kB raw, **${kb(css.gzip)} kB gzip** (${css.gzip <= 40 * 1024 ? 'meets' : 'misses'} ≤ 40 kB).`,
  );
  lines.push('');
  const lcp = (p: 'login' | 'feed') => runs[p][0]?.lcpElement?.replace(/\s+/g, ' ').slice(0, 80);
  const opp = (p: 'login' | 'feed') =>
    (runs[p][0]?.opportunities ?? [])
      .slice(0, 4)
      .map((o) => `${o.id} ${o.savingsMs.toFixed(0)} ms`)
      .join(', ') || 'none';
  lines.push(
    `LCP element (round 1): /login \`${lcp('login') ?? '-'}\`, /feed \`${lcp('feed') ?? '-'}\`. Lighthouse's largest opportunities (round 1): /login ${opp('login')}; /feed ${opp('feed')}.`,
  );
  lines.push('');
  lines.push(describeImages(images, GOAL_IMAGE_RATIO));
  return lines.join('\n');
}

/** Gzip bytes (level 9) of the stylesheets index.html links: the CSS every first load gets. */
function firstLoadCss(dist: string): { files: number; raw: number; gzip: number } {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const hrefs = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]*href="([^"]+)"/g)].map(
    (m) => m[1]!,
  );
  const inline = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
  const texts = [...hrefs.map((h) => readFileSync(path.join(dist, h), 'utf8')), ...inline];
  const all = texts.join('\n');
  return {
    files: hrefs.length,
    raw: Buffer.byteLength(all),
    gzip: gzipSync(all, { level: 9 }).length,
  };
}
