/**
 * `npm run bench -- --suite startup`: how fast the server starts and how much memory it holds
 * idle, embedded (PGlite) against the same server on PostgreSQL and a bare Fastify "hello"
 * process (the floor), in one run.
 *
 * Per round, in turn: a cold first start of each engine (a fresh DATA_DIR / a fresh database:
 * migrations and the demo seed, the build already done), then a warm start of the floor, the
 * embedded server and the PostgreSQL server: spawn → the first answer of GET /api/health
 * (GET / for the floor), then 10 s idle, then VmRSS from /proc/<pid>/status. Once per run it
 * also builds everything from nothing into temporary folders (the web app with Vite, the
 * server with esbuild) and starts on a fresh DATA_DIR: the cold `npm start`.
 *
 * DATABASE_URL names the PostgreSQL server; the suite creates (and drops) its own database
 * `otakura_bench_startup`. Without DATABASE_URL the PostgreSQL column is skipped.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { BenchOptions, Suite } from './suite';

const serverDir = path.resolve(import.meta.dirname, '..');
const root = path.resolve(serverDir, '../..');
const DB_NAME = 'otakura_bench_startup';
const PORTS = { floor: 3165, embedded: 3166, postgres: 3167, full: 3168 } as const;
const IDLE_MS = 10_000;
const START_TIMEOUT_MS = 300_000;

type Subject = 'floor' | 'embedded' | 'postgres';

interface Start {
  /** Spawn to the first answer, ms. */
  listenMs: number;
  /** VmRSS after IDLE_MS idle, MB (undefined when not measured). */
  rssMb?: number;
  /** The server's own "Started in … (phase ms, …)" line. */
  phases?: string;
  /** The demo seed's own timings, on a first start. */
  seed?: string;
}

function sh(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): number {
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { cwd, stdio: 'pipe', env: { ...process.env, ...env } });
  if (r.status !== 0)
    throw new Error(`${cmd} ${args.join(' ')} failed:\n${r.stderr?.toString().slice(-2000)}`);
  return performance.now() - t0;
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no VmRSS for ${pid}`);
  return Number(m[1]) / 1024;
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** Spawns `args` with `env`, waits for `url` to answer, optionally idles and reads RSS, stops it. */
async function startOnce(
  args: string[],
  env: NodeJS.ProcessEnv,
  url: string,
  opts: { idle: boolean; cwd?: string },
): Promise<Start> {
  // The embedded runs must not inherit the dispatcher's DATABASE_URL (the PostgreSQL server's
  // admin database): only the PostgreSQL runs pass one, naming the suite's own database.
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: opts.cwd ?? root,
    env: { ...inherited, NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
  try {
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`exited ${child.exitCode}:\n${out.slice(-2000)}`);
      if (performance.now() - t0 > START_TIMEOUT_MS)
        throw new Error(`no answer:\n${out.slice(-2000)}`);
      if (await answers(url)) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const listenMs = performance.now() - t0;
    // The banner comes through another pipe than the answer: wait for it (not timed).
    const floor = args.includes('-e');
    for (let waited = 0; !floor && !/Started in/.test(out) && waited < 10_000; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    let rss: number | undefined;
    if (opts.idle) {
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
      rss = rssMb(child.pid!);
    }
    const engine = /Database: (embedded|PostgreSQL)/.exec(out)?.[1];
    const expected = env.DATABASE_URL ? 'PostgreSQL' : 'embedded';
    if (!floor && engine !== expected)
      throw new Error(`expected a server on ${expected}, got ${engine ?? 'no banner'}`);
    const phases = /Started in ([^\n]+)/.exec(out)?.[1];
    const seedLines = out
      .split('\n')
      .map((l) => l.trim())
      .filter((l) =>
        /^(files stored in|rows written in|statistics gathered|Demo world ready in)/.test(l),
      );
    return { listenMs, rssMb: rss, phases, seed: seedLines.join('; ') || undefined };
  } finally {
    await stop(child);
  }
}

const FLOOR_SCRIPT = `
import Fastify from 'fastify';
const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

function withDatabase(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(databaseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function freshDatabase(databaseUrl: string): Promise<string> {
  await admin(databaseUrl, `DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin(databaseUrl, `CREATE DATABASE ${DB_NAME}`);
  return withDatabase(databaseUrl, DB_NAME);
}

interface Range {
  min: number;
  median: number;
  max: number;
}
function range(xs: number[]): Range {
  const s = [...xs].sort((a, b) => a - b);
  return { min: s[0]!, median: s[Math.floor((s.length - 1) / 2)]!, max: s[s.length - 1]! };
}
const f1 = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
const fmt = (r: Range | undefined, unit: (x: number) => string) =>
  r ? `${unit(r.min)} / ${unit(r.median)} / ${unit(r.max)}` : '–';
const sec = (x: number) => `${(x / 1000).toFixed(2)} s`;
const mb = (x: number) => `${f1(x)} MB`;
const ratio = (x: number) => `×${x.toFixed(2)}`;

const suite: Suite = {
  name: 'startup',
  title: 'Startup time and idle memory: embedded default vs PostgreSQL vs a bare Fastify',
  async run(options: BenchOptions, log) {
    const rounds = options.rounds;
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'otk-emb-bench-'));
    const serverJs = path.join(serverDir, 'dist', 'server.js');
    const common = { SEED_DEMO: 'true' };
    try {
      log('building the server (esbuild)…');
      sh(process.execPath, ['build.mjs'], serverDir);
      if (!existsSync(path.join(root, 'apps/web/dist/index.html')))
        throw new Error('apps/web/dist is missing: run `npm run build` once first.');

      const floorArgs = ['--input-type=module', '-e', FLOOR_SCRIPT];
      const serverArgs = ['--enable-source-maps', serverJs]; // as scripts/start.mjs runs it
      const samples: Record<Subject, Start[]> = { floor: [], embedded: [], postgres: [] };
      const cold: { embedded: Start[]; postgres: Start[] } = { embedded: [], postgres: [] };
      const embDir = (r: number) => path.join(tmp, `data-${r}`);

      for (let r = 0; r < rounds; r++) {
        log(`round ${r + 1}/${rounds}: cold starts (migrate + demo seed)…`);
        const c = await startOnce(
          serverArgs,
          { ...common, DATA_DIR: embDir(r), PORT: String(PORTS.embedded) },
          `http://127.0.0.1:${PORTS.embedded}/api/health`,
          { idle: false },
        );
        cold.embedded.push(c);
        log(`  embedded cold ${sec(c.listenMs)} (${c.seed ?? 'no seed?'})`);
        // PostgreSQL's cold start once (round 1): it seeds the same world, and time is short.
        if (options.databaseUrl && r === 0) {
          const url = await freshDatabase(options.databaseUrl);
          const p = await startOnce(
            serverArgs,
            {
              ...common,
              DATA_DIR: path.join(tmp, `pgdata-${r}`),
              DATABASE_URL: url,
              PORT: String(PORTS.postgres),
            },
            `http://127.0.0.1:${PORTS.postgres}/api/health`,
            { idle: false },
          );
          cold.postgres.push(p);
          log(`  postgres cold ${sec(p.listenMs)} (${p.seed ?? 'no seed?'})`);
        }

        log(`round ${r + 1}/${rounds}: warm starts, then ${IDLE_MS / 1000} s idle…`);
        const floor = await startOnce(
          floorArgs,
          { PORT: String(PORTS.floor) },
          `http://127.0.0.1:${PORTS.floor}/`,
          { idle: true, cwd: serverDir },
        );
        samples.floor.push(floor);
        const emb = await startOnce(
          serverArgs,
          { ...common, DATA_DIR: embDir(r), PORT: String(PORTS.embedded) },
          `http://127.0.0.1:${PORTS.embedded}/api/health`,
          { idle: true },
        );
        samples.embedded.push(emb);
        let line = `  floor ${sec(floor.listenMs)} ${mb(floor.rssMb!)}; embedded ${sec(emb.listenMs)} ${mb(emb.rssMb!)}`;
        if (options.databaseUrl) {
          const p = await startOnce(
            serverArgs,
            {
              ...common,
              DATA_DIR: path.join(tmp, `pgdata-${r}`),
              DATABASE_URL: withDatabase(options.databaseUrl, DB_NAME),
              PORT: String(PORTS.postgres),
            },
            `http://127.0.0.1:${PORTS.postgres}/api/health`,
            { idle: true },
          );
          samples.postgres.push(p);
          line += `; postgres ${sec(p.listenMs)} ${mb(p.rssMb!)}`;
        }
        log(line);
        rmSync(embDir(r), { recursive: true, force: true });
      }

      // The cold `npm start`: both builds from nothing (into temporary folders, so the
      // shared apps/web/dist is left alone), then a first start on a fresh DATA_DIR.
      log('cold npm start: web build, server build, first start…');
      const webOut = path.join(tmp, 'web-dist');
      const webMs = sh(
        'npx',
        ['vite', 'build', '--outDir', webOut, '--emptyOutDir'],
        path.join(root, 'apps/web'),
      );
      // build.mjs writes apps/server/dist/server.js (a fixed path): the same bundle as above.
      const serverMs = sh(process.execPath, ['build.mjs'], serverDir);
      const first = await startOnce(
        serverArgs,
        {
          ...common,
          DATA_DIR: path.join(tmp, 'full-data'),
          PORT: String(PORTS.full),
          WEB_DIST_DIR: webOut,
        },
        `http://127.0.0.1:${PORTS.full}/api/health`,
        { idle: false },
      );
      const full = {
        webMs,
        serverMs,
        startMs: first.listenMs,
        totalMs: webMs + serverMs + first.listenMs,
      };
      log(
        `  web ${sec(webMs)}, server ${sec(serverMs)}, first start ${sec(first.listenMs)} (${first.seed ?? 'no seed?'})`,
      );

      // ---- report
      const listen = (s: Subject) => samples[s].map((x) => x.listenMs);
      const rss = (s: Subject) => samples[s].map((x) => x.rssMb!);
      const hasPg = samples.postgres.length > 0;
      /** Ratios of the runs measured in the same round (PostgreSQL's cold start: round 1 only). */
      const per = (a: number[], b: number[]) =>
        a.slice(0, Math.min(a.length, b.length)).map((x, i) => x / b[i]!);
      const rows: string[] = [
        '| | bare Fastify (floor) | embedded (PGlite) | PostgreSQL | embedded ÷ PostgreSQL | embedded ÷ floor |',
        '|---|---|---|---|---|---|',
        `| warm start to listening (min / median / max) | ${fmt(range(listen('floor')), sec)} | ${fmt(range(listen('embedded')), sec)} | ${hasPg ? fmt(range(listen('postgres')), sec) : '–'} | ${hasPg ? fmt(range(per(listen('embedded'), listen('postgres'))), ratio) : '–'} | ${fmt(range(per(listen('embedded'), listen('floor'))), ratio)} |`,
        `| RSS after ${IDLE_MS / 1000} s idle | ${fmt(range(rss('floor')), mb)} | ${fmt(range(rss('embedded')), mb)} | ${hasPg ? fmt(range(rss('postgres')), mb) : '–'} | ${hasPg ? fmt(range(per(rss('embedded'), rss('postgres'))), ratio) : '–'} | ${fmt(range(per(rss('embedded'), rss('floor'))), ratio)} |`,
        `| cold first start (migrate + demo seed, built; PostgreSQL and the ratio: round 1) | – | ${fmt(range(cold.embedded.map((x) => x.listenMs)), sec)} | ${hasPg ? fmt(range(cold.postgres.map((x) => x.listenMs)), sec) : '–'} | ${
          hasPg
            ? fmt(
                range(
                  per(
                    cold.embedded.map((x) => x.listenMs),
                    cold.postgres.map((x) => x.listenMs),
                  ),
                ),
                ratio,
              )
            : '–'
        } | – |`,
      ];
      const embWarm = range(listen('embedded'));
      const embRss = range(rss('embedded'));
      const embCold = range(cold.embedded.map((x) => x.listenMs));
      const goal = (ok: boolean) => (ok ? '**met**' : '**missed**');
      const markdown = [
        rows.join('\n'),
        '',
        `Cold \`npm start\` from nothing, once: web build ${sec(full.webMs)} + server build ${sec(full.serverMs)} + first start (migrate + seed) ${sec(full.startMs)} = **${sec(full.totalMs)}**.`,
        '',
        'Goals (issue 10, embedded default):',
        `- warm start ≤ 3 s: median ${sec(embWarm.median)}, max ${sec(embWarm.max)} — ${goal(embWarm.median <= 3000)}.`,
        `- RSS ≤ 300 MB idle: median ${mb(embRss.median)}, max ${mb(embRss.max)} — ${goal(embRss.median <= 300)}.`,
        `- cold first run (build + migrate + seed) ≤ 60 s: ${sec(full.totalMs)} (first start alone, median ${sec(embCold.median)}) — ${goal(full.totalMs <= 60_000)}.`,
        '',
        `The demo seed's own timings, cold \`npm start\`: ${first.seed ?? '–'}; embedded cold starts: ${cold.embedded.map((c) => c.seed ?? '–').join(' | ')}.`,
        '',
        'Where a warm start goes (the server\'s own "Started in" line, last round):',
        `- embedded: ${samples.embedded.at(-1)?.phases ?? '–'}`,
        ...(hasPg ? [`- PostgreSQL: ${samples.postgres.at(-1)?.phases ?? '–'}`] : []),
        '',
        'Warm start: spawn → first answer of GET /api/health (the floor: GET / of a Fastify hello); the server is the built bundle run as `npm start` runs it. RSS: VmRSS of /proc/<pid>/status. The PostgreSQL server is the same bundle with DATABASE_URL (its database server\'s memory is not counted). See docs/architecture.md, "Startup and statistics".',
      ].join('\n');
      return {
        markdown,
        json: { samples, cold, full, idleMs: IDLE_MS },
      };
    } finally {
      if (options.databaseUrl)
        await admin(options.databaseUrl, `DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`).catch(
          () => undefined,
        );
      rmSync(tmp, { recursive: true, force: true });
    }
  },
};

export default suite;
