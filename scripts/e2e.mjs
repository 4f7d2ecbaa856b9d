// Browser journeys: builds the app, starts it on a free port with a fresh data
// folder (demo world seeded), runs apps/web/e2e with playwright-core driving
// Debian's Chromium, then stops the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`Chromium not found at ${chromium}. Install it with: apt-get install -y chromium`);
  process.exit(1);
}

const run = (cmd, args, env = {}) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
// A private build per run: the served files never change under the browser, even when
// someone rebuilds apps/web/dist meanwhile.
const webDist = mkdtempSync(path.join(tmpdir(), 'otakura-e2e-web-'));
run('npm', ['run', 'build', '-w', '@otakura/web', '--', '--outDir', webDist, '--emptyOutDir']);
run('npm', ['run', 'build', '-w', '@otakura/server']);

const port = await new Promise((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const p = s.address().port;
    s.close(() => resolve(p));
  });
});
const dataDir = mkdtempSync(path.join(tmpdir(), 'otakura-e2e-'));
const baseUrl = `http://localhost:${port}`;
const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
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
let serverLog = '';
server.stdout.on('data', (d) => (serverLog += d));
server.stderr.on('data', (d) => (serverLog += d));

const stop = () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(webDist, { recursive: true, force: true });
};
const deadline = Date.now() + 180_000;
for (;;) {
  try {
    const r = await fetch(`${baseUrl}/api/health`);
    if (r.ok) break;
  } catch {
    /* not up yet */
  }
  if (server.exitCode !== null || Date.now() > deadline) {
    console.error('The server did not start:\n' + serverLog);
    stop();
    process.exit(1);
  }
  await new Promise((r) => setTimeout(r, 500));
}
console.log(`Server up at ${baseUrl}`);

const r = spawnSync(
  'npx',
  ['vitest', 'run', '--config', 'apps/web/e2e/vitest.e2e.config.ts', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_BASE_URL: baseUrl,
      CHROMIUM_PATH: chromium,
      E2E_DATA_DIR: dataDir,
      // The built web app, for journeys that start a server of their own (import.e2e.ts).
      E2E_WEB_DIST_DIR: webDist,
    },
  },
);
if (r.status !== 0) console.error('\nServer log:\n' + serverLog.slice(-5000));
stop();
process.exit(r.status ?? 1);
