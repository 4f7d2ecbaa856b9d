// Browser journeys: builds the app once, then runs apps/web/e2e with playwright-core driving
// Debian's Chromium in lanes. Each lane is a server of its own on a free port with a fresh data
// folder (demo world seeded), and one vitest run over its share of the journey files, one file
// at a time. Lanes run side by side: one journey leaves about a third of a 2-core machine idle
// (browser waits, settling pictures), and worlds of their own keep them out of each other's
// carts, feeds and rate limits.
//
//   npm run test:e2e                      every journey, E2E_LANES lanes (default 2)
//   npm run test:e2e -- auth.e2e.ts -t …  the named files / vitest filters, in one lane
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const e2eDir = path.join(root, 'apps/web/e2e');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Seconds each journey file takes alone (2026-11-29: two 2-lane runs on 2 cores, each file's
 * mean ÷ 1.5, what a lane beside another costs): only for sharing the files out evenly, longest
 * first, so a stale or missing figure costs balance, never a journey.
 */
const SECONDS = {
  'media.e2e.ts': 58,
  'posts.e2e.ts': 57,
  'profile.e2e.ts': 57,
  'hardening-ui.e2e.ts': 56,
  'moments.e2e.ts': 52,
  'admin.e2e.ts': 49,
  'auth.e2e.ts': 48,
  'merch.e2e.ts': 44,
  'media-admin.e2e.ts': 40,
  'moderation.e2e.ts': 38,
  'settings.e2e.ts': 33,
  'purchase.e2e.ts': 32,
  'comments.e2e.ts': 29,
  'spoilers.e2e.ts': 29,
  'import.e2e.ts': 26,
  'feed-modal.e2e.ts': 25,
  'notifications.e2e.ts': 25,
  'communities.e2e.ts': 19,
  'shop.e2e.ts': 17,
  'moderation-journey.e2e.ts': 16,
  'legal.e2e.ts': 14,
  'accessibility.e2e.ts': 12,
  'dialogs.e2e.ts': 11,
  'live.e2e.ts': 5,
  'shell.e2e.ts': 4,
  'mobile.e2e.ts': 3,
};
const UNKNOWN_SECONDS = 30;

/** Deals `files` into `lanes` lists, each file to the lane with the least work so far. */
export function shareOut(files, lanes, seconds = SECONDS) {
  const weight = (f) => seconds[f] ?? UNKNOWN_SECONDS;
  const out = Array.from({ length: lanes }, () => ({ files: [], total: 0 }));
  for (const f of [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lane = out.reduce((min, l) => (l.total < min.total ? l : min));
    lane.files.push(f);
    lane.total += weight(f);
  }
  return out.filter((l) => l.files.length > 0);
}

const run = (cmd, args, env = {}) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => resolve(p));
    });
  });

/** Starts a server on a fresh data folder; resolves once /api/health answers. */
async function startServer(webDist, name) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'otakura-e2e-'));
  const baseUrl = `http://localhost:${port}`;
  const child = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: webDist,
    },
  });
  const server = { name, baseUrl, dataDir, child, log: '' };
  child.stdout.on('data', (d) => (server.log += d));
  child.stderr.on('data', (d) => (server.log += d));
  // Two worlds seed at once on a loaded machine: generous.
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      const r = await fetch(`${baseUrl}/api/health`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`The server of ${name} did not start:\n${server.log}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  console.log(`${name}: server up at ${baseUrl}`);
  return server;
}

const stopServer = (server) =>
  new Promise((resolve) => {
    const done = () => {
      rmSync(server.dataDir, { recursive: true, force: true });
      resolve();
    };
    if (server.child.exitCode !== null) return done();
    server.child.once('exit', done);
    server.child.kill('SIGTERM');
  });

/** One vitest run against `server`; its output is passed through line by line, prefixed. */
function runVitest(server, args, webDist, prefix) {
  return new Promise((resolve) => {
    const child = spawn(
      'npx',
      ['vitest', 'run', '--config', 'apps/web/e2e/vitest.e2e.config.ts', ...args],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          E2E_BASE_URL: server.baseUrl,
          CHROMIUM_PATH: chromium,
          E2E_DATA_DIR: server.dataDir,
          // The built web app, for journeys that start a server of their own (import.e2e.ts).
          E2E_WEB_DIST_DIR: webDist,
        },
      },
    );
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = '';
      from.on('data', (d) => {
        const lines = (rest + d).split('\n');
        rest = lines.pop();
        for (const line of lines) to.write(prefix + line + '\n');
      });
      from.on('end', () => rest && to.write(prefix + rest + '\n'));
    }
    child.on('close', (code) => resolve(code ?? 1));
  });
}

async function main() {
  // Checked here, not at import: `npm test` imports shareOut on machines with no browser.
  if (!existsSync(chromium)) {
    console.error(
      `Chromium not found at ${chromium}. Install it with: apt-get install -y chromium`,
    );
    process.exit(1);
  }
  // A private build per run: the served files never change under the browser, even when
  // someone rebuilds apps/web/dist meanwhile.
  const webDist = mkdtempSync(path.join(tmpdir(), 'otakura-e2e-web-'));
  run('npm', ['run', 'build', '-w', '@otakura/web', '--', '--outDir', webDist, '--emptyOutDir']);
  run('npm', ['run', 'build', '-w', '@otakura/server']);

  const args = process.argv.slice(2);
  const files = readdirSync(e2eDir).filter((f) => f.endsWith('.e2e.ts'));
  const lanes =
    args.length > 0
      ? [{ files: [], args }]
      : shareOut(files, Math.max(1, Number(process.env.E2E_LANES ?? 2) || 1)).map((l) => ({
          ...l,
          args: l.files,
        }));
  if (lanes.length > 1) {
    lanes.forEach((l, i) =>
      console.log(`lane ${i + 1} (~${l.total} s alone): ${l.files.join(', ')}`),
    );
  }

  const servers = [];
  let failed = false;
  try {
    const started = await Promise.allSettled(
      lanes.map((_, i) => startServer(webDist, `lane ${i + 1}`)),
    );
    for (const s of started) if (s.status === 'fulfilled') servers.push(s.value);
    const notStarted = started.find((s) => s.status === 'rejected');
    if (notStarted) throw notStarted.reason;
    const codes = await Promise.all(
      lanes.map((l, i) =>
        runVitest(servers[i], l.args, webDist, lanes.length > 1 ? `[lane ${i + 1}] ` : ''),
      ),
    );
    codes.forEach((code, i) => {
      if (code === 0) return;
      failed = true;
      console.error(`\nlane ${i + 1} failed (exit ${code}). Its server's log:\n`);
      console.error(servers[i].log.slice(-5000));
    });
    if (lanes.length > 1) {
      console.log(
        `\nlanes: ${codes.map((c, i) => `lane ${i + 1} ${c === 0 ? 'passed' : 'FAILED'}`).join(', ')}`,
      );
    }
  } catch (e) {
    failed = true;
    console.error(e instanceof Error ? e.message : e);
  } finally {
    await Promise.all(servers.map(stopServer));
    rmSync(webDist, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
