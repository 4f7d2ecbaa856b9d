/**
 * Several real server processes (the built `apps/server/dist/server.js`) behind a real nginx
 * that runs the shipped `deploy/nginx.conf`, all on loopback: the setup of
 * `proxy-cluster.test.ts` (issue 11, docs/production.md).
 *
 * - `ensureServerBuild()` builds dist/server.js with the server's build script when it is
 *   missing or older than any source file (CI runs the PostgreSQL pass before its builds).
 * - `startNginx()` runs nginx in the foreground in a temp prefix (pid, logs, temp paths inside
 *   it) with the shipped site file, its upstream ports, listen lines and certificates swapped
 *   for loopback ones. nginx missing is an error, never a skip.
 * - `startServerProcess()` spawns one app process and waits until it answers.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const serverDir = path.join(repoRoot, 'apps/server');
export const serverBundle = path.join(serverDir, 'dist/server.js');

/** A port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds dist/server.js (`npm run build -w @otakura/server`) when missing or stale. */
export function ensureServerBuild(): void {
  const sources = Math.max(
    newestMtime(path.join(serverDir, 'src')),
    newestMtime(path.join(repoRoot, 'packages/shared/src')),
    statSync(path.join(serverDir, 'build.mjs')).mtimeMs,
  );
  if (existsSync(serverBundle) && statSync(serverBundle).mtimeMs >= sources) return;
  const r = spawnSync(process.execPath, ['build.mjs'], { cwd: serverDir, encoding: 'utf8' });
  if (r.status !== 0)
    throw new Error(`building the server failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
}

/** The nginx binary, or an error that says how to install it. */
export function findNginx(): string {
  for (const candidate of [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx']) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  throw new Error(
    'nginx is not installed: the multi-process test runs the shipped deploy/nginx.conf. ' +
      'Install it with `apt-get install -y nginx` (or set NGINX_PATH).',
  );
}

/** A throwaway self-signed certificate for 127.0.0.1 in `dir` (the `openssl` command). */
function selfSignedCertificate(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  const r = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
    ].concat(['-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert]),
    { encoding: 'utf8' },
  );
  if (r.status !== 0)
    throw new Error(`openssl could not make a test certificate (${r.status}): ${r.stderr}`);
  return { cert, key };
}

/** Replaces `from` in `text`, failing when it is not there (the shipped file changed). */
function swap(text: string, from: string | RegExp, to: string): string {
  const next = text.replace(from, to);
  if (next === text) throw new Error(`deploy/nginx.conf no longer contains ${String(from)}`);
  return next;
}

/**
 * The shipped site file for loopback: `upstreamPorts` replace 3001 and 3002, the HTTPS server
 * listens on 127.0.0.1:`port` without TLS, the port-80 server on 127.0.0.1:`redirectPort`.
 * `debugUpstream`: every answer names the process that made it (X-Upstream: $upstream_addr).
 * `tls`: keep TLS and HTTP/2 as shipped, with this certificate and key (the web bench measures
 * pages the way production serves them).
 */
export function loopbackSiteConfig(opts: {
  upstreamPorts: [number, number];
  port: number;
  redirectPort: number;
  accessLog: string;
  debugUpstream?: boolean;
  tls?: { cert: string; key: string };
}): string {
  let conf = readFileSync(path.join(repoRoot, 'deploy/nginx.conf'), 'utf8');
  conf = swap(conf, /server 127\.0\.0\.1:3001 /, `server 127.0.0.1:${opts.upstreamPorts[0]} `);
  conf = swap(conf, /server 127\.0\.0\.1:3002 /, `server 127.0.0.1:${opts.upstreamPorts[1]} `);
  conf = swap(
    conf,
    /^\s*listen 80;\n\s*listen \[::\]:80;/m,
    `    listen 127.0.0.1:${opts.redirectPort};`,
  );
  conf = swap(
    conf,
    /^\s*listen 443 ssl http2;\n\s*listen \[::\]:443 ssl http2;/m,
    `    listen 127.0.0.1:${opts.port}${opts.tls ? ' ssl http2' : ''};`,
  );
  if (opts.tls) {
    conf = swap(conf, /ssl_certificate \/etc\/\S+;/, `ssl_certificate ${opts.tls.cert};`);
    conf = swap(conf, /ssl_certificate_key \/etc\/\S+;/, `ssl_certificate_key ${opts.tls.key};`);
  } else {
    conf = swap(conf, /^\s*ssl_[a-z_]+ .*;\n/gm, '');
  }
  conf = swap(
    conf,
    /access_log \/var\/log\/nginx\/otakura\.access\.log otakura;/,
    `access_log ${opts.accessLog} otakura;`,
  );
  if (opts.debugUpstream)
    conf = swap(
      conf,
      /client_max_body_size/,
      'add_header X-Upstream $upstream_addr always;\n    client_max_body_size',
    );
  return conf;
}

export interface RunningNginx {
  url: string;
  port: number;
  prefix: string;
  process: ChildProcess;
  log(): string;
  /** nginx's access log so far (the shipped `otakura` format). */
  accessLog(): string;
  stop(): Promise<void>;
}

async function waitFor(
  what: string,
  ok: () => Promise<boolean>,
  failed: () => string | undefined,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await ok().catch(() => false)) return;
    const why = failed();
    if (why !== undefined) throw new Error(`${what} failed:\n${why}`);
    if (Date.now() > deadline) throw new Error(`${what}: not up after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * nginx in the foreground in a temp prefix, running the shipped site file for loopback. `tls`:
 * HTTPS and HTTP/2 as shipped, with a self-signed certificate for 127.0.0.1 made here by the
 * `openssl` command (clients must skip the certificate check); `url` is then https://.
 */
export async function startNginx(opts: {
  upstreamPorts: [number, number];
  debugUpstream?: boolean;
  tls?: boolean;
}): Promise<RunningNginx> {
  const nginx = findNginx();
  const prefix = mkdtempSync(path.join(tmpdir(), 'otakura-nginx-'));
  // Run as root, nginx's workers are `nobody`: they must reach the temp paths in the prefix.
  chmodSync(prefix, 0o755);
  mkdirSync(path.join(prefix, 'logs'));
  const port = await freePort();
  const redirectPort = await freePort();
  const tls = opts.tls ? selfSignedCertificate(prefix) : undefined;
  const site = loopbackSiteConfig({
    ...opts,
    tls,
    port,
    redirectPort,
    accessLog: path.join(prefix, 'logs/access.log'),
  });
  writeFileSync(path.join(prefix, 'otakura.conf'), site);
  const temp = (name: string) => path.join(prefix, name);
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    [
      `pid ${temp('nginx.pid')};`,
      `error_log ${temp('logs/error.log')} warn;`,
      'worker_processes 1;',
      'events { worker_connections 512; }',
      'http {',
      `  access_log ${temp('logs/access.log')};`,
      `  client_body_temp_path ${temp('client_body')};`,
      `  proxy_temp_path ${temp('proxy')};`,
      `  fastcgi_temp_path ${temp('fastcgi')};`,
      `  uwsgi_temp_path ${temp('uwsgi')};`,
      `  scgi_temp_path ${temp('scgi')};`,
      `  include ${temp('otakura.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const test = spawnSync(
    nginx,
    ['-t', '-p', prefix, '-e', temp('logs/error.log'), '-c', temp('nginx.conf')],
    {
      encoding: 'utf8',
    },
  );
  if (test.status !== 0)
    throw new Error(`nginx -t refused the generated config:\n${test.stderr}\n${site}`);

  const child = spawn(
    nginx,
    ['-p', prefix, '-e', temp('logs/error.log'), '-c', temp('nginx.conf'), '-g', 'daemon off;'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const log = () => {
    const errors = existsSync(temp('logs/error.log'))
      ? readFileSync(temp('logs/error.log'), 'utf8')
      : '';
    return `${output}\n${errors}`;
  };
  const url = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  await waitFor(
    'nginx',
    async () =>
      new Promise<boolean>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.destroy();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
      }),
    () => (child.exitCode !== null ? log() : undefined),
    20_000,
  );
  return {
    url,
    port,
    prefix,
    process: child,
    log,
    accessLog: () => {
      const file = temp('logs/access.log');
      return existsSync(file) ? readFileSync(file, 'utf8') : '';
    },
    async stop() {
      await stopChild(child, 'SIGQUIT');
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/** Sends `signal` and waits for the exit; SIGKILL after 10 s. */
export async function stopChild(
  child: ChildProcess,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export interface ServerProcess {
  name: string;
  port: number;
  /** http://127.0.0.1:<port>, bypassing the proxy. */
  url: string;
  process: ChildProcess;
  log(): string;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
  stop(): Promise<void>;
}

/**
 * One app process (`node apps/server/dist/server.js`) on `port` with `env`, its own DATA_DIR;
 * resolves once GET /api/health answers 200.
 */
export async function startServerProcess(
  name: string,
  port: number,
  env: Record<string, string>,
): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `otakura-${name}-`));
  const child = spawn(process.execPath, [serverBundle], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      ...env,
    },
  });
  let output = '';
  child.stdout!.on('data', (d) => (output = (output + d).slice(-20_000)));
  child.stderr!.on('data', (d) => (output = (output + d).slice(-20_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(
      `server process ${name}`,
      async () => (await fetch(`${url}/api/health`)).status === 200,
      () =>
        child.exitCode !== null || child.signalCode !== null
          ? `exit ${child.exitCode ?? child.signalCode}\n${output}`
          : undefined,
      120_000,
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return { name, port, url, process: child, log: () => output, exited, stop };
}
