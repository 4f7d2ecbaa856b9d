/**
 * The built app as the web benches run it: `apps/server/dist/server.js` serving a web build,
 * NODE_ENV=production, embedded PGlite in `dataDir` with the demo seed (the first start seeds
 * it), signed in as the demo user. Used by the web suite (web.suite.ts) and the A/B runner
 * (web-ab.run.ts).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, openSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/seed/content';

export const serverDir = path.resolve(import.meta.dirname, '..');
export const repoDir = path.resolve(serverDir, '../..');

/** Builds the server and the web app (`npm run build`) when either is missing. */
export function ensureBuilt(log: (line: string) => void, webDist: string): void {
  const server = path.join(serverDir, 'dist/server.js');
  const web = path.join(webDist, 'index.html');
  if (existsSync(server) && existsSync(web)) return;
  log('dist missing: npm run build');
  const r = spawnSync('npm', ['run', 'build'], { cwd: repoDir, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`npm run build failed (${r.status})`);
}

async function waitFor<T>(
  what: string,
  proc: ChildProcess,
  timeoutMs: number,
  attempt: () => Promise<T | undefined>,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    try {
      const v = await attempt();
      if (v !== undefined) return v;
    } catch {
      // not ready yet
    }
    await sleep(500);
  }
  throw new Error(`${what}: not ready within ${timeoutMs / 1000} s`);
}

/**
 * The environment of the built server as the benches run it: production, embedded PGlite in
 * `dataDir`, quiet logs, a fresh secret, and the address taken from X-Forwarded-For (TRUST_PROXY)
 * so that each sign-in can name its own and stay under the sign-in rate limit.
 */
export function benchServerEnv(opts: {
  port: number;
  dataDir: string;
  seedDemo: boolean;
  webDist?: string;
}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(opts.port),
    DATA_DIR: opts.dataDir,
    DATABASE_URL: '',
    PUBLIC_URL: `http://127.0.0.1:${opts.port}`,
    SEED_DEMO: String(opts.seedDemo),
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    AUTH_SECRET: randomBytes(32).toString('hex'),
    ...(opts.webDist ? { WEB_DIST_DIR: opts.webDist } : {}),
  };
}

export interface DemoServer {
  base: string;
  /** The demo user's session cookie (`name=value; …`). */
  cookie: string;
  /** Seconds from spawn to the demo sign-in. */
  readySeconds: number;
  stop(): Promise<void>;
}

/** Starts the server on 127.0.0.1:`port`; resolves once the demo user could sign in. */
export async function startDemoServer(opts: {
  port: number;
  dataDir: string;
  webDist: string;
}): Promise<DemoServer> {
  const base = `http://127.0.0.1:${opts.port}`;
  const out = openSync(path.join(opts.dataDir, 'server.log'), 'a');
  const proc = spawn(process.execPath, ['dist/server.js'], {
    cwd: serverDir,
    stdio: ['ignore', out, out],
    env: benchServerEnv({
      port: opts.port,
      dataDir: opts.dataDir,
      seedDemo: true,
      webDist: opts.webDist,
    }),
  });
  const stop = async () => {
    if (proc.exitCode !== null) return;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000)]);
    if (proc.exitCode === null) proc.kill('SIGKILL');
  };
  try {
    const started = Date.now();
    await waitFor('health', proc, 180_000, async () =>
      (await fetch(`${base}/api/health`)).ok ? true : undefined,
    );
    // The demo user exists once the seed is done.
    const cookie = await waitFor('demo sign-in', proc, 300_000, async () => {
      const res = await fetch(`${base}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: base,
          'x-forwarded-for': `10.91.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
        },
        body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
      });
      if (!res.ok) return undefined;
      return res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0]!)
        .join('; ');
    });
    return { base, cookie, readySeconds: (Date.now() - started) / 1000, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
