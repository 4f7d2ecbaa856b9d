/**
 * `npm run bench -- --suite api [--world big|small]`: every read endpoint over real HTTP against
 * its own SQL, on PostgreSQL (DATABASE_URL names the server).
 *
 * The world is `otakura_bench_world_<name>` (social-world.ts): generated once, kept, reused
 * while its fingerprint matches (`--fresh` regenerates). The server is the current source
 * bundled by esbuild into bench/results/.api-server/server.js (the same options as build.mjs)
 * and run as its own process (`node server.js`, port 3120, DATA_DIR /tmp/otk-bench-api-*), so
 * the load generator never shares its event loop; its pool is whatever the app opens.
 *
 * 1. Capture: the server runs once with a preload that wraps `pg`'s `Client.prototype.query`
 *    and appends each statement (text, parameters, row mode) to a file. Each endpoint is asked
 *    twice with the viewer's real session cookie (signed in over HTTP); the statements of the
 *    second (warm) request are "its own SQL", session lookups included when the app runs them.
 *    This server runs with the page cache off (`PAGE_CACHE_TTL_MS=0`), so the community page,
 *    the profile and the media list show the SQL they run when the cache does not answer; a
 *    second short capture with it on counts the statements a warm request really runs (0 for
 *    those three), and those endpoints are measured twice: as the app runs, and on a server with
 *    the cache off.
 * 2. Per round and endpoint: (a) autocannon, `--connections` (50) connections for `--duration`
 *    (5) seconds → req/s; (b) `api-replay.ts`, a separate process, replays the captured
 *    sequence with as many workers, through a pool opened by the app's own `openDatabase`
 *    (same driver, pool size, transport), for as long → sequences/s; (c) ratio = a ÷ b;
 *    (d) open loop (open-loop.ts): half of (a) offered at a fixed rate, one request every
 *    1/rate s whatever the server answers, each timed from when it was due (so coordinated
 *    omission is counted), for `--open-duration` seconds after 1 s not recorded → p50, p99;
 *    (e) the floor: autocannon
 *    as in (a) on a bare Fastify in its own process answering the same captured statements'
 *    rows (api-floor-server.ts) → req/s, the best HTTP ÷ SQL any Node server reaches here.
 * 3. Following feed scaling: a viewer following 10 sources vs one following 1,000; and the
 *    small world vs the big one (big runs only: the small world is generated too).
 * 4. Deep pages: page 50 (nextCursor followed 49 times) vs page 1 of the All feed, the big
 *    community's posts and the Following feed.
 * 5. `--profile`: the server under `node --cpu-prof` with autocannon on the All and the
 *    Following feed (or the endpoints of `--profile-endpoints a,b`); the top self-time functions
 *    and packages.
 *
 * Flags: --duration 5, --open-duration (= duration), --connections 50, --api-port 3120,
 * --profile, --profile-endpoints a,b (keys, default feed-all-new,feed-following-new),
 * --endpoints a,b (keys, default all).
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { build } from 'esbuild';
import type { FloorCommand } from './api-floor-server';
import type { CapturedStatement, ReplayCommand, ReplayReply } from './api-replay';
import { meterCpu, type CpuPerRequest } from './cpu-meter';
import { openLoop } from './open-loop';
import { ensureSocialWorld, VIEWER_PASSWORD, type SocialWorld } from './social-world';
import { intFlag, type Suite } from './suite';

const require = createRequire(import.meta.url);

interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
}
type Cannon = (opts: Record<string, unknown>) => Promise<CannonResult>;
const autocannon = require('autocannon') as Cannon;

const serverDir = path.resolve(import.meta.dirname, '..');
const outDir = path.join(import.meta.dirname, 'results', '.api-server');
/** The server's environment with the page cache (lib/page-cache.ts) off. */
const PAGE_CACHE_OFF = { PAGE_CACHE_TTL_MS: '0' };
const GOAL_RATIO = 0.5;
const GOAL_P99 = 50;

type ViewerKey = 'main' | 'follows10' | 'follows1000';

interface Endpoint {
  key: string;
  label: string;
  path: string;
  viewer: ViewerKey;
}

function endpointsOf(w: SocialWorld): Endpoint[] {
  const e = (key: string, label: string, p: string, viewer: ViewerKey = 'main'): Endpoint => ({
    key,
    label,
    path: p,
    viewer,
  });
  return [
    e('feed-following-new', 'Feed Following · New', '/api/feed?tab=following&sort=new'),
    e('feed-following-top', 'Feed Following · Top', '/api/feed?tab=following&sort=top'),
    e('feed-all-new', 'Feed All · New', '/api/feed?tab=all&sort=new'),
    e('feed-all-top', 'Feed All · Top', '/api/feed?tab=all&sort=top'),
    e('post', 'Post detail', `/api/posts/${w.hotPostId}`),
    e('comments', 'Post comments', `/api/posts/${w.hotPostId}/comments`),
    e('community', 'Community page', `/api/communities/${w.bigCommunityId}`),
    e('community-posts', 'Community posts', `/api/communities/${w.bigCommunityId}/posts`),
    e('search', 'Community search', '/api/communities?q=frieren%20fans'),
    e('profile', 'Profile', `/api/users/${w.authorId}`),
    e('user-posts', 'User posts', `/api/users/${w.authorId}/posts`),
    e('media-list', 'Media list', '/api/media'),
    e('media', 'Media detail', `/api/media/${w.mediaId}`),
    e('shop-list', 'Shop list', '/api/shop/items'),
    e('shop-item', 'Shop item', `/api/shop/items/${w.shopItemId}`),
  ];
}

// ---- the server process ----------------------------------------------------------------------

/** Wraps pg's Client.prototype.query: every statement appended to OTK_QUERY_LOG as a JSON line. */
const PRELOAD = `import { appendFileSync } from 'node:fs';
import pg from 'pg';
const file = process.env.OTK_QUERY_LOG;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, values, cb) {
  if (file) {
    const c = typeof config === 'string' ? { text: config, values: Array.isArray(values) ? values : undefined } : config ?? {};
    if (typeof c.text === 'string')
      appendFileSync(file, JSON.stringify({ text: c.text, values: c.values ?? (Array.isArray(values) ? values : undefined), rowMode: c.rowMode, name: c.name }) + '\\n');
  }
  return query.call(this, config, values, cb);
};
`;

async function buildServer(): Promise<string> {
  mkdirSync(outDir, { recursive: true });
  const sharedEntry = path.resolve(serverDir, '../../packages/shared/src/index.ts');
  await build({
    absWorkingDir: serverDir,
    entryPoints: ['src/server.ts'],
    outfile: path.join(outDir, 'server.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    packages: 'external',
    plugins: [
      {
        name: 'bundle-workspace',
        setup(b) {
          b.onResolve({ filter: /^@otakura\/shared$/ }, () => ({ path: sharedEntry }));
        },
      },
    ],
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
    logLevel: 'warning',
  });
  writeFileSync(path.join(outDir, 'query-log.mjs'), PRELOAD);
  return path.join(outDir, 'server.js');
}

interface Server {
  url: string;
  /** performance.now() when the process was spawned. */
  spawnedAt: number;
  proc: ChildProcess;
  stop(): Promise<void>;
}

async function startServer(
  serverJs: string,
  databaseUrl: string,
  port: number,
  opts: { queryLog?: string; cpuProfDir?: string; env?: Record<string, string> } = {},
): Promise<Server> {
  const url = `http://127.0.0.1:${port}`;
  // A server left behind by an interrupted run would answer in this one's place.
  if (
    await fetch(`${url}/api/health`).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`${url} already answers: stop what listens on port ${port} first`);
  const dataDir = mkdtempSync('/tmp/otk-bench-api-');
  const logFd = openSync(path.join(dataDir, 'server.log'), 'a');
  const args = [
    ...(opts.queryLog ? ['--import', pathToFileURL(path.join(outDir, 'query-log.mjs')).href] : []),
    ...(opts.cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', opts.cpuProfDir] : []),
    serverJs,
  ];
  const spawnedAt = performance.now();
  const proc = spawn(process.execPath, args, {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: url,
      AUTH_SECRET: 'otakura-api-bench-secret-0123456789abcdef',
      OTK_QUERY_LOG: opts.queryLog ?? '',
      ...opts.env,
    },
    stdio: ['ignore', logFd, logFd],
  });
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  const until = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null)
      throw new Error(
        `server exited with ${proc.exitCode}: ${readFileSync(path.join(dataDir, 'server.log'), 'utf8').slice(-2000)}`,
      );
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within 60 s`);
    await sleep(200);
  }
  return {
    url,
    spawnedAt,
    proc,
    async stop() {
      if (proc.exitCode === null) {
        proc.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in over HTTP (Better Auth's own route): the Cookie header of a real session. */
async function signIn(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password: VIEWER_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  if (!cookies.length) throw new Error(`sign-in of ${email}: no cookie`);
  return cookies.join('; ');
}

async function getJson(url: string, cookie: string): Promise<{ nextCursor?: string | null }> {
  const res = await fetch(url, { headers: { cookie, accept: 'application/json' } });
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { nextCursor?: string | null };
}

// ---- load ------------------------------------------------------------------------------------

interface Load {
  rps: number;
  /** 2xx answers in the measured window. */
  ok: number;
  p50: number;
  p99: number;
  bad: number;
}

async function cannon(
  url: string,
  cookie: string,
  opts: { connections: number; seconds: number; rate?: number },
): Promise<Load> {
  const r = await autocannon({
    url,
    connections: opts.connections,
    duration: opts.seconds,
    headers: { cookie, accept: 'application/json' },
    ...(opts.rate ? { overallRate: opts.rate } : {}),
  });
  return {
    rps: r['2xx'] / r.duration,
    ok: r['2xx'],
    p50: r.latency.p50,
    p99: r.latency.p99,
    bad: r.non2xx + r.errors + r.timeouts,
  };
}

class Replayer {
  private seq = 0;
  private readonly proc = fork(path.join(import.meta.dirname, 'api-replay.ts'));
  private readonly pending = new Map<number, (r: ReplayReply) => void>();
  constructor() {
    this.proc.on('message', (r: ReplayReply) => {
      this.pending.get(r.id)?.(r);
      this.pending.delete(r.id);
    });
  }
  run(cmd: Omit<ReplayCommand, 'id'>): Promise<ReplayReply & { ok: true }> {
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      this.pending.set(id, (r) => (r.ok ? resolve(r) : reject(new Error(r.error))));
      this.proc.send({ ...cmd, id });
    });
  }
  close(): void {
    this.proc.kill();
  }
}

/** The bare Fastify of api-floor-server.ts, listening on `port`. */
async function startFloor(
  databaseUrl: string,
  port: number,
  endpoints: Record<string, CapturedStatement[]>,
): Promise<{ url: string; proc: ChildProcess }> {
  const proc = fork(path.join(import.meta.dirname, 'api-floor-server.ts'));
  const ready = new Promise<void>((resolve, reject) => {
    proc.on('message', (m: { listening?: boolean; error?: string }) => {
      if (m?.listening) resolve();
      else if (m?.error) reject(new Error(`floor server: ${m.error}`));
    });
    proc.once('exit', (code) => reject(new Error(`floor server exited with ${code}`)));
  });
  proc.send({ databaseUrl, port, endpoints } satisfies FloorCommand);
  await ready;
  return { url: `http://127.0.0.1:${port}`, proc };
}

// ---- figures ---------------------------------------------------------------------------------

interface Mmm {
  min: number;
  median: number;
  max: number;
}
function mmm(xs: number[]): Mmm {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (!s.length) return { min: NaN, median: NaN, max: NaN };
  const mid = s.length / 2;
  const median = s.length % 2 ? s[Math.floor(mid)]! : (s[mid - 1]! + s[mid]!) / 2;
  return { min: s[0]!, median, max: s[s.length - 1]! };
}
const f2 = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '–');
const f0 = (x: number) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : '–');
const fms = (x: number) => (Number.isFinite(x) ? (x >= 10 ? x.toFixed(0) : x.toFixed(1)) : '–');
const trio = (m: Mmm, f: (x: number) => string = f2) =>
  `${f(m.min)} / **${f(m.median)}** / ${f(m.max)}`;

interface EndpointRound {
  rps: number;
  sqlRps: number;
  ratio: number;
  /** The bare Fastify answering with the same SQL (api-floor-server.ts). */
  floorRps: number;
  /** CPU µs per request (cpu-meter.ts): the app, the bare floor, and per SQL sequence. */
  cpu: {
    app: CpuPerRequest;
    bare: CpuPerRequest;
    sql: { replayUs: number; machineUs: number };
  };
  openRate: number;
  p99: number;
  p50: number;
  /** Most requests outstanding at once in the open loop. */
  peakInFlight: number;
  bad: number;
}

interface ProfileEntry {
  name: string;
  share: number;
}

/** Self time per function and per package/category from a .cpuprofile, as shares of busy time. */
function readProfile(
  file: string,
  windowMs: { from: number; to: number },
): { functions: ProfileEntry[]; packages: ProfileEntry[] } {
  interface Node {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }
  const p = JSON.parse(readFileSync(file, 'utf8')) as {
    nodes: Node[];
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const fn = new Map<string, number>();
  const pkg = new Map<string, number>();
  let busy = 0;
  let t = 0;
  p.samples.forEach((id, i) => {
    const n = byId.get(id)!;
    const dt = p.timeDeltas[i] ?? 0;
    t += dt;
    // Only the load's window: not the start (module loading) nor the shutdown.
    if (t < windowMs.from * 1000 || t > windowMs.to * 1000) return;
    const { functionName, url, lineNumber } = n.callFrame;
    if (functionName === '(idle)') return;
    busy += dt;
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
    const where = m
      ? m[1]!
      : url.startsWith('node:')
        ? url
        : url.includes('.api-server/server.js')
          ? 'app (bundle)'
          : url
            ? path.basename(url)
            : functionName;
    const short = m ? m[1]! : url.startsWith('node:') ? url.slice(5) : path.basename(url);
    const key = url
      ? `${functionName || '(anonymous)'} (${short}:${lineNumber + 1})`
      : functionName || '(native, unnamed)';
    fn.set(key, (fn.get(key) ?? 0) + dt);
    const cat = url ? where : functionName || '(native, unnamed)';
    pkg.set(cat, (pkg.get(cat) ?? 0) + dt);
  });
  const top = (map: Map<string, number>) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([name, t]) => ({ name, share: t / busy }));
  return { functions: top(fn), packages: top(pkg) };
}

// ---- the suite -------------------------------------------------------------------------------

const suite: Suite = {
  name: 'api',
  title: 'API read endpoints against their own SQL',
  async run(options, log) {
    if (!options.databaseUrl) throw new Error('The api suite needs DATABASE_URL (PostgreSQL).');
    const seconds = intFlag(options.extra, 'duration', 5);
    const openSeconds = intFlag(options.extra, 'open-duration', seconds);
    const connections = intFlag(options.extra, 'connections', 50);
    const port = intFlag(options.extra, 'api-port', 3120);
    const profile = options.extra.profile === true;
    const profileKeys =
      typeof options.extra['profile-endpoints'] === 'string'
        ? options.extra['profile-endpoints'].split(',')
        : ['feed-all-new', 'feed-following-new'];
    const only =
      typeof options.extra.endpoints === 'string' ? options.extra.endpoints.split(',') : undefined;

    const world = await ensureSocialWorld(options.databaseUrl, options.world, {
      fresh: options.fresh,
      log,
    });
    const other =
      options.world === 'big'
        ? await ensureSocialWorld(options.databaseUrl, 'small', { fresh: options.fresh, log })
        : undefined;

    log('building the server bundle from the current source');
    const serverJs = await buildServer();
    const endpoints = endpointsOf(world).filter((e) => !only || only.includes(e.key));

    // ---- capture
    log('capture: statements per request (server with the query log)');
    const logFile = path.join(mkdtempSync('/tmp/otk-bench-api-log-'), 'queries.jsonl');
    writeFileSync(logFile, '');
    // The page cache off: the statements of a request it does not answer are the endpoint's own
    // SQL (with it on, a warm community page or profile runs none; counted below).
    let server = await startServer(serverJs, world.databaseUrl, port, {
      queryLog: logFile,
      env: PAGE_CACHE_OFF,
    });
    const cookies = {} as Record<ViewerKey, string>;
    const captured = new Map<string, CapturedStatement[]>();
    const coldCounts = new Map<string, number>();
    const deep: { key: string; label: string; page1: string; page50: string; pages: number }[] = [];
    try {
      for (const v of ['main', 'follows10', 'follows1000'] as const)
        cookies[v] = await signIn(server.url, world.viewers[v].email);
      for (const e of endpoints) {
        const before0 = statSync(logFile).size;
        await getJson(server.url + e.path, cookies[e.viewer]);
        const before = statSync(logFile).size;
        await getJson(server.url + e.path, cookies[e.viewer]);
        const text = readFileSync(logFile, 'utf8');
        coldCounts.set(e.key, text.slice(before0, before).split('\n').filter(Boolean).length);
        const stmts = text
          .slice(before)
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as CapturedStatement);
        captured.set(e.key, stmts);
        log(`  ${e.label}: ${stmts.length} statements (first request ${coldCounts.get(e.key)})`);
      }
      // Deep pages: follow nextCursor 49 times.
      for (const d of [
        { key: 'feed-all-new', label: 'Feed All · New', path: '/api/feed?tab=all&sort=new' },
        {
          key: 'community-posts',
          label: 'Community posts',
          path: `/api/communities/${world.bigCommunityId}/posts?sort=new`,
        },
        {
          key: 'feed-following-new',
          label: 'Feed Following · New',
          path: '/api/feed?tab=following&sort=new',
        },
      ]) {
        let cursor: string | undefined;
        let pages = 1;
        for (; pages < 50; pages++) {
          const page = await getJson(
            server.url + d.path + (cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''),
            cookies.main,
          );
          if (!page.nextCursor) break;
          cursor = page.nextCursor;
        }
        deep.push({
          ...d,
          page1: d.path,
          page50: d.path + (cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''),
          pages,
        });
        log(`  deep pages: ${d.label} reached page ${pages}`);
      }
    } finally {
      await server.stop();
    }
    // The same endpoints with the page cache on (as the app runs): statements of a warm request.
    const warmCounts = new Map<string, number>();
    server = await startServer(serverJs, world.databaseUrl, port, { queryLog: logFile });
    try {
      const warmCookies = {} as Record<ViewerKey, string>;
      for (const v of ['main', 'follows10', 'follows1000'] as const)
        warmCookies[v] = await signIn(server.url, world.viewers[v].email);
      for (const e of endpoints) {
        await getJson(server.url + e.path, warmCookies[e.viewer]);
        const before = statSync(logFile).size;
        await getJson(server.url + e.path, warmCookies[e.viewer]);
        const text = readFileSync(logFile, 'utf8');
        warmCounts.set(e.key, text.slice(before).split('\n').filter(Boolean).length);
      }
    } finally {
      await server.stop();
      rmSync(path.dirname(logFile), { recursive: true, force: true });
    }
    const cachedKeys = endpoints.filter((e) => warmCounts.get(e.key) === 0).map((e) => e.key);
    if (cachedKeys.length)
      log(`  answered from the page cache when warm: ${cachedKeys.join(', ')}`);

    // ---- measure
    server = await startServer(serverJs, world.databaseUrl, port);
    const small = other ? await startServer(serverJs, other.databaseUrl, port + 1) : undefined;
    // The page-cached endpoints are measured again on a server with the cache off (every request
    // runs the SQL): what a page no viewer has just seen costs.
    const uncached = cachedKeys.length
      ? await startServer(serverJs, world.databaseUrl, port + 3, { env: PAGE_CACHE_OFF })
      : undefined;
    const uncachedCookie = {} as Record<ViewerKey, string>;
    if (uncached)
      for (const v of ['main', 'follows10', 'follows1000'] as const)
        uncachedCookie[v] = await signIn(uncached.url, world.viewers[v].email);
    const measured = endpoints.flatMap((e) =>
      cachedKeys.includes(e.key)
        ? [
            { ...e, server, cookie: cookies[e.viewer] },
            {
              ...e,
              key: `${e.key}-uncached`,
              label: `${e.label}, page cache off`,
              server: uncached!,
              cookie: uncachedCookie[e.viewer],
              sqlKey: e.key,
            },
          ]
        : [{ ...e, server, cookie: cookies[e.viewer] }],
    );
    const smallCookie = small && other ? await signIn(small.url, other.viewers.main.email) : '';
    const replayer = new Replayer();
    let floor: { url: string; proc: ChildProcess } | undefined;
    const results = new Map<string, EndpointRound[]>();
    const scaling: { follows10: number; follows1000: number; small: number; big: number }[] = [];
    const deepRounds = new Map<string, { page1: number; page50: number }[]>();
    let poolMax = NaN;
    try {
      floor = await startFloor(
        world.databaseUrl,
        port + 2,
        Object.fromEntries(endpoints.map((e) => [e.key, captured.get(e.key)!])),
      );
      log('warm-up: 1 s per endpoint');
      for (const e of measured)
        await cannon(e.server.url + e.path, e.cookie, { connections, seconds: 1 });
      for (let round = 1; round <= options.rounds; round++) {
        log(`round ${round}/${options.rounds}`);
        for (const e of measured) {
          const sqlKey = 'sqlKey' in e ? e.sqlKey : e.key;
          const url = e.server.url + e.path;
          let sat!: Load;
          let bare!: Load;
          const appCpu = await meterCpu(e.server.proc.pid, async () => {
            sat = await cannon(url, e.cookie, { connections, seconds });
            return sat.ok;
          });
          const bareCpu = await meterCpu(floor!.proc.pid, async () => {
            bare = await cannon(`${floor!.url}/floor/${sqlKey}`, '', { connections, seconds });
            return bare.ok;
          });
          const rep = await replayer.run({
            databaseUrl: world.databaseUrl,
            statements: captured.get(sqlKey)!,
            connections,
            seconds,
            warmupSeconds: 1,
          });
          poolMax = rep.poolMax;
          const rate = Math.max(1, Math.round(sat.rps / 2));
          const open = await openLoop(url, {
            rate,
            connections,
            seconds: openSeconds,
            warmupSeconds: 1,
            headers: { cookie: e.cookie, accept: 'application/json' },
          });
          const r: EndpointRound = {
            rps: sat.rps,
            sqlRps: rep.sequencesPerSec,
            ratio: sat.rps / rep.sequencesPerSec,
            floorRps: bare.rps,
            cpu: {
              app: appCpu,
              bare: bareCpu,
              sql: { replayUs: rep.replayUsPerSeq, machineUs: rep.machineUsPerSeq },
            },
            openRate: rate,
            p99: open.p99,
            p50: open.p50,
            peakInFlight: open.peakInFlight,
            bad: sat.bad + open.bad,
          };
          results.set(e.key, [...(results.get(e.key) ?? []), r]);
          log(
            `  ${e.label}: CPU µs per request: server ${f0(appCpu.serverUs)} (bare ${f0(bareCpu.serverUs)}), load generator ${f0(appCpu.loadUs)} (bare ${f0(bareCpu.loadUs)}), machine ${f0(appCpu.machineUs)} (bare ${f0(bareCpu.machineUs)}; SQL ${f0(rep.machineUsPerSeq)} per sequence, replay process ${f0(rep.replayUsPerSeq)})`,
          );
          log(
            `  ${e.label}: ${f0(r.rps)} req/s, SQL ${f0(r.sqlRps)} seq/s, ratio ${f2(r.ratio)}; bare HTTP + SQL ${f0(r.floorRps)} req/s (${f2(r.floorRps / r.sqlRps)} of SQL); at ${rate} req/s p50 ${fms(r.p50)}, p99 ${fms(r.p99)} ms (${r.peakInFlight} at once at most)${r.bad ? `; ${r.bad} errors/non-2xx` : ''}`,
          );
        }
        // Following feed scaling.
        const fUrl = `${server.url}/api/feed?tab=following&sort=new`;
        const f10 = await cannon(fUrl, cookies.follows10, { connections, seconds });
        const f1000 = await cannon(fUrl, cookies.follows1000, { connections, seconds });
        let big = NaN;
        let smallRps = NaN;
        if (small) {
          big = (await cannon(fUrl, cookies.main, { connections, seconds })).rps;
          smallRps = (
            await cannon(`${small.url}/api/feed?tab=following&sort=new`, smallCookie, {
              connections,
              seconds,
            })
          ).rps;
        }
        scaling.push({ follows10: f10.rps, follows1000: f1000.rps, small: smallRps, big });
        log(
          `  Following scaling: 10 sources ${f0(f10.rps)} req/s, 1,000 sources ${f0(f1000.rps)} req/s; small world ${f0(smallRps)}, big ${f0(big)}`,
        );
        for (const d of deep) {
          const p1 = await cannon(server.url + d.page1, cookies.main, { connections, seconds });
          const p50 = await cannon(server.url + d.page50, cookies.main, { connections, seconds });
          deepRounds.set(d.key, [
            ...(deepRounds.get(d.key) ?? []),
            { page1: p1.rps, page50: p50.rps },
          ]);
          log(
            `  deep: ${d.label} page 1 ${f0(p1.rps)} req/s, page ${d.pages} ${f0(p50.rps)} req/s`,
          );
        }
      }
    } finally {
      replayer.close();
      floor?.proc.kill();
      await server.stop();
      await small?.stop();
      await uncached?.stop();
    }

    // ---- profile
    const profiles: { label: string; functions: ProfileEntry[]; packages: ProfileEntry[] }[] = [];
    if (profile) {
      for (const p of endpointsOf(world).filter((e) => profileKeys.includes(e.key))) {
        const dir = mkdtempSync('/tmp/otk-bench-api-prof-');
        const s = await startServer(serverJs, world.databaseUrl, port, { cpuProfDir: dir });
        const windowMs = { from: 0, to: 0 };
        try {
          await cannon(s.url + p.path, cookies[p.viewer], { connections, seconds: 1 });
          windowMs.from = performance.now() - s.spawnedAt;
          await cannon(s.url + p.path, cookies[p.viewer], { connections, seconds: seconds * 2 });
          windowMs.to = performance.now() - s.spawnedAt;
        } finally {
          await s.stop();
        }
        const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
        if (file) {
          profiles.push({ label: p.label, ...readProfile(path.join(dir, file), windowMs) });
          log(`  profile ${p.label}: ${path.join(dir, file)}`);
        } else log(`  profile ${p.label}: no .cpuprofile written`);
      }
    }

    // ---- Markdown
    const md: string[] = [];
    const c = world.counts;
    md.push(
      `World \`otakura_bench_world_${world.name}\` (${world.reused ? 'reused' : 'generated in this run'}): ${f0(c.posts!)} posts, ${f0(c.users!)} users, ${f0(c.communities!)} communities, ${f0(c.post_likes!)} likes, ${f0(c.comments!)} comments, ${f0(c.community_members!)} memberships, ${f0(c.user_follows!)} follows, ${f0(c.media!)} media (${f0(c.media_episodes!)} episodes), ${f0(c.shop_items!)} shop items. The viewer follows ${world.viewers.main.communities} communities and ${world.viewers.main.users} users. Schema fingerprint \`${world.fingerprint.slice(0, 12)}\`.`,
      '',
      `Server: the current source bundled by esbuild, run as its own process (\`node server.js\`, PostgreSQL pool of ${poolMax} as the app opens it); requests carry a real session cookie from Better Auth's sign-in. Load: autocannon, ${connections} connections, ${seconds} s per measurement; baseline: the statements one warm request ran (captured from \`pg\`), replayed in order by ${connections} workers through the app's own \`openDatabase\` pool in a separate Node process, for as long. Open loop: half the saturated rate offered evenly for ${openSeconds} s, one request every 1/rate s whatever the server answers (not autocannon's \`overallRate\`, which sends each second's quota back to back on its connections), each timed from when it was due, through undici's pool on ${connections} connections after 1 s at the same rate that is not recorded. ${options.rounds} rounds; min / **median** / max.`,
      '',
      'Bare HTTP + same SQL: a Fastify with no plugins in its own process (`bench/api-floor-server.ts`) whose one route runs the same captured statements through the same kind of pool and answers the rows as JSON, under the same autocannon load: no session, validation, row mapping or security headers. Its req/s ÷ the SQL replay is the most HTTP ÷ SQL a Node server can reach on this machine; App ÷ bare is the share of that the app keeps after its own work.',
      '',
      `| Endpoint | Queries per request (first) | HTTP req/s | SQL sequences/s | HTTP ÷ SQL (goal ≥ ${GOAL_RATIO}) | Bare HTTP + same SQL, req/s (÷ SQL) | App ÷ bare | p99 at half rate, ms (goal ≤ ${GOAL_P99}) | p50 there (median) | Goals |`,
      '|---|---|---|---|---|---|---|---|---|---|',
    );
    const json: Record<string, unknown> = {};
    for (const e of measured) {
      const sqlKey = 'sqlKey' in e ? e.sqlKey : e.key;
      const rs = results.get(e.key) ?? [];
      const ratio = mmm(rs.map((r) => r.ratio));
      const p99 = mmm(rs.map((r) => r.p99));
      const bad = rs.reduce((s, r) => s + r.bad, 0);
      const ok = `${ratio.median >= GOAL_RATIO ? '✅' : '❌'} ${p99.median <= GOAL_P99 ? '✅' : '❌'}`;
      md.push(
        `| ${e.label} \`${e.path.replace(/[0-9a-f-]{36}/g, ':id')}\` | ${e.server === uncached ? captured.get(sqlKey)?.length : warmCounts.get(e.key)} (${coldCounts.get(sqlKey)}) | ${f0(mmm(rs.map((r) => r.rps)).median)} | ${f0(mmm(rs.map((r) => r.sqlRps)).median)} | ${trio(ratio)} | ${f0(mmm(rs.map((r) => r.floorRps)).median)} (${f2(mmm(rs.map((r) => r.floorRps / r.sqlRps)).median)}) | ${f2(mmm(rs.map((r) => r.rps / r.floorRps)).median)} | ${trio(p99, fms)} | ${fms(mmm(rs.map((r) => r.p50)).median)} | ${ok}${bad ? ` (${bad} errors)` : ''} |`,
      );
      json[e.key] = { path: e.path, statements: captured.get(sqlKey)?.length, rounds: rs };
    }
    md.push(
      '',
      'Queries per request: statements of a warm request (the session cache filled by the first; 0 where the page cache answers it); in brackets, the first request after sign-in with the page cache off. SQL sequences/s is always the replay of the SQL a request runs when no cache answers it (captured with `PAGE_CACHE_TTL_MS=0`), so a page-cached row compares the cached answer with the database work it saves. Rows "page cache off" are the same endpoint on a server started with `PAGE_CACHE_TTL_MS=0`: what a page no viewer has just seen costs. The bench asks one page again and again, so its hit rate is 100 %; see docs/performance.md, "The page cache", for what that means for real traffic.',
    );

    md.push(
      '',
      '### CPU per request',
      '',
      "What one request cost and who paid, from `/proc` during the same runs (bench/cpu-meter.ts): the CPU time of the server process (user + system, so the kernel work of its sockets is in it), of the load generator (autocannon, in the bench process), and of the whole machine (both cores: PostgreSQL, the kernel and every process), each divided by the requests answered; for the SQL, the replay process and the machine per sequence. Medians over the rounds, µs. When both saturate the cores, HTTP ÷ SQL is close to the SQL's machine cost ÷ the endpoint's (last column); the app's own work is its server's CPU less the bare floor's for the same SQL and rows.",
      '',
      "| Endpoint | Server: app | Server: bare | App's own work | Load generator: app / bare | Machine: app / bare / SQL | SQL ÷ app, machine CPU |",
      '|---|---|---|---|---|---|---|',
    );
    for (const e of measured) {
      const rs = results.get(e.key) ?? [];
      const med = (f: (r: EndpointRound) => number) => mmm(rs.map(f)).median;
      const app = med((r) => r.cpu.app.serverUs);
      const bareUs = med((r) => r.cpu.bare.serverUs);
      md.push(
        `| ${e.label} | ${f0(app)} | ${f0(bareUs)} | ${f0(med((r) => r.cpu.app.serverUs - r.cpu.bare.serverUs))} | ${f0(med((r) => r.cpu.app.loadUs))} / ${f0(med((r) => r.cpu.bare.loadUs))} | ${f0(med((r) => r.cpu.app.machineUs))} / ${f0(med((r) => r.cpu.bare.machineUs))} / ${f0(med((r) => r.cpu.sql.machineUs))} | ${f2(med((r) => r.cpu.sql.machineUs / r.cpu.app.machineUs))} |`,
      );
    }

    md.push('', '### Following feed scaling', '');
    md.push(
      '| Comparison | Cost ratio (req/s of the cheap case ÷ req/s of the costly one) | Goal |',
    );
    md.push('|---|---|---|');
    const srcRatio = mmm(scaling.map((s) => s.follows10 / s.follows1000));
    md.push(
      `| 1,000 followed sources vs 10 (${f0(mmm(scaling.map((s) => s.follows1000)).median)} vs ${f0(mmm(scaling.map((s) => s.follows10)).median)} req/s) | ${trio(srcRatio)} | ≤ 1.5 ${srcRatio.median <= 1.5 ? '✅' : '❌'} |`,
    );
    if (other) {
      const worldRatio = mmm(scaling.map((s) => s.small / s.big));
      md.push(
        `| big world vs small (${f0(world.counts.posts!)} vs ${f0(other.counts.posts!)} posts; ${f0(mmm(scaling.map((s) => s.big)).median)} vs ${f0(mmm(scaling.map((s) => s.small)).median)} req/s) | ${trio(worldRatio)} | ≤ 1.3 ${worldRatio.median <= 1.3 ? '✅' : '❌'} |`,
      );
    } else md.push('| big world vs small | not measured (`--world big` measures it) | ≤ 1.3 |');

    md.push('', '### Deep pages', '');
    md.push('| List | Page reached | Cost of that page ÷ page 1 | Goal (± 20 %) |');
    md.push('|---|---|---|---|');
    for (const d of deep) {
      const r = mmm((deepRounds.get(d.key) ?? []).map((x) => x.page1 / x.page50));
      md.push(
        `| ${d.label} | ${d.pages} | ${trio(r)} | ${r.median >= 0.8 && r.median <= 1.2 ? '✅' : '❌'} |`,
      );
    }

    if (profiles.length) {
      md.push('', '### Profile (`node --cpu-prof`, server under autocannon)', '');
      for (const p of profiles) {
        md.push(
          `**${p.label}** — top self time (share of busy samples): ${p.functions.map((x) => `${x.name} ${(x.share * 100).toFixed(1)} %`).join('; ')}.`,
          '',
          `By package/category: ${p.packages.map((x) => `${x.name} ${(x.share * 100).toFixed(1)} %`).join('; ')}.`,
          '',
        );
      }
    }
    md.push(
      '',
      'Images (feed image bytes) are measured by another suite. Absolute req/s are of a shared 2-core machine: read the ratios.',
    );

    return {
      markdown: md.join('\n'),
      json: {
        world: { ...world, databaseUrl: undefined },
        poolMax,
        connections,
        seconds,
        endpoints: json,
        scaling,
        deep: deep.map((d) => ({ ...d, rounds: deepRounds.get(d.key) })),
        profiles,
      },
    };
  },
};

export default suite;
