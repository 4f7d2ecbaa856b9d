/**
 * `npm run bench -- --suite live`: one like fanned out to 1,000 and 5,000 WebSocket clients.
 *
 * Processes (none shares an event loop with another):
 *   - the server: the built `apps/server/dist/server.js` (run `npm run build -w @otakura/server`
 *     first), embedded PGlite in its own DATA_DIR under /tmp, port 3150 (`--live-port`);
 *   - the baseline: a bare `ws` WebSocketServer (`live-baseline-server.ts`) on port + 1;
 *   - the clients: `--live-procs` (2) children (`live-clients.ts`), socket i in child i mod 2;
 *   - this process: seeds, signs in, triggers each event over HTTP and computes the figures.
 *
 * Per event the delay is measured from just before the HTTP request (the like: `PUT
 * /api/posts/:id/like`; the baseline: `POST /broadcast`) to each socket's receipt, over every
 * (event, socket) pair. Events are sent one at a time: the next starts when every socket has
 * the previous one (or after 10 s), after a 20 ms gap. Each round runs the live events and the
 * baseline's back to back (the order alternates by round); the ratio is per round.
 *
 * Flags: --live-clients 5000, --live-small 1000, --live-events 50, --live-procs 2,
 * --live-port 3150, --live-profile (the server runs under `node --cpu-prof`; the profile's
 * path is printed), --live-keep (keep the DATA_DIR), --live-server FILE (another build to
 * measure, relative to apps/server; default dist/server.js).
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase, queryRows } from '../src/db/client';
import { BULK_PASSWORD, bulkSeed } from '../src/seed/bulk-seed';
import type { LiveClientsCommand, LiveClientsReply, SocketKind } from './live-clients';
import { ms } from './stats';
import { intFlag, type Suite } from './suite';
import { benchServerEnv } from './web-server';

/** The server's own limit (LiveHub `maxConnectionsPerUser`): sockets per signed-in user. */
const SOCKETS_PER_USER = 20;
const GOAL_P99_MS = 250;

const serverDir = path.resolve(import.meta.dirname, '..');
const now = () => performance.timeOrigin + performance.now();

interface Dist {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function dist(samples: number[]): Dist {
  const s = Float64Array.from(samples).sort();
  const at = (p: number) => s[Math.min(s.length, Math.max(1, Math.ceil(p * s.length))) - 1] ?? NaN;
  return { n: s.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: s[s.length - 1] ?? NaN };
}

function mmm(xs: number[]): { min: number; median: number; max: number } {
  const s = [...xs].sort((a, b) => a - b);
  return { min: s[0]!, median: s[Math.floor((s.length - 1) / 2)]!, max: s[s.length - 1]! };
}

/** A forked child that answers numbered commands. */
class Child {
  private seq = 0;
  private readonly pending = new Map<number, (r: LiveClientsReply) => void>();
  constructor(readonly proc: ChildProcess) {
    proc.on('message', (r: LiveClientsReply) => {
      this.pending.get(r.id)?.(r);
      this.pending.delete(r.id);
    });
  }
  ask(cmd: DistributiveOmit<LiveClientsCommand, 'id'>): Promise<LiveClientsReply & { ok: true }> {
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      this.pending.set(id, (r) => (r.ok ? resolve(r) : reject(new Error(r.error))));
      this.proc.send({ ...cmd, id });
    });
  }
}
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

async function waitForHttp(url: string, proc: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

interface RoundFigures {
  size: number;
  round: number;
  live: Dist;
  base: Dist;
  /** HTTP response time of the like requests (ms). */
  likeHttp: Dist;
  missing: { live: number; base: number };
  p99Ratio: number;
  /** Median over the events of the first socket's delay (the cost before the fan-out). */
  first: { live: number; base: number };
  /** Median over the events of last − first socket (the fan-out itself). */
  spread: { live: number; base: number };
  /** One-minute load average of the machine at the end of the round. */
  load: number;
}

const suite: Suite = {
  name: 'live',
  title: 'Live fan-out: one like to 5,000 sockets',
  async run(options, log) {
    const big = intFlag(options.extra, 'live-clients', 5000);
    const small = intFlag(options.extra, 'live-small', 1000);
    const events = intFlag(options.extra, 'live-events', 50);
    const procs = Math.max(1, intFlag(options.extra, 'live-procs', 2));
    const port = intFlag(options.extra, 'live-port', 3150);
    const profile = options.extra['live-profile'] === true;
    const serverFile =
      typeof options.extra['live-server'] === 'string'
        ? options.extra['live-server']
        : 'dist/server.js';
    const sizes = [...new Set([small, big].filter((n) => n > 0))].sort((a, b) => a - b);
    const maxSize = sizes[sizes.length - 1]!;
    const socketUsers = Math.ceil(maxSize / SOCKETS_PER_USER);
    const nUsers = Math.max(socketUsers, events + 1);
    const nPosts = sizes.length * options.rounds + 1; // + 1 for warm-up

    const dataDir = mkdtempSync('/tmp/otk-live-');
    const children: ChildProcess[] = [];
    let server: ChildProcess | undefined;
    try {
      // ---- the world: users (signed in below) and the posts they like
      log(`seeding ${nUsers} users and ${nPosts} posts into ${dataDir}`);
      const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
      let emails: string[];
      let postIds: string[];
      try {
        await migrateDatabase(database);
        await bulkSeed({
          db: database.db,
          users: nUsers,
          posts: nPosts,
          communities: 5,
          comments: 0,
          likesPerPost: 0,
          followsPerUser: 0,
          membershipsPerUser: 1,
        });
        emails = (
          await queryRows<{ email: string }>(
            database.db,
            sql`select email from users order by email`,
          )
        ).map((r) => r.email);
        postIds = (
          await queryRows<{ id: string }>(database.db, sql`select id from posts order by id`)
        ).map((r) => r.id);
      } finally {
        await database.close();
      }

      // ---- the server, alone in its process
      const base = `http://127.0.0.1:${port}`;
      const profDir = path.join(dataDir, 'prof');
      const out = openSync(path.join(dataDir, 'server.log'), 'a');
      server = spawn(
        process.execPath,
        [...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []), serverFile],
        {
          cwd: serverDir,
          stdio: ['ignore', out, out],
          // Sign-in allows 10 attempts a minute per address: each sign-in below names its own
          // (X-Forwarded-For, trusted by benchServerEnv).
          env: benchServerEnv({ port, dataDir, seedDemo: false }),
        },
      );
      const serverProc = server;
      let t = now();
      await waitForHttp(`${base}/api/health`, serverProc, 60_000);
      log(`server listening in ${ms(now() - t)} ms (pid ${serverProc.pid})`);

      // ---- sign in the socket owners
      t = now();
      const cookies: string[] = new Array<string>(nUsers);
      let nextUser = 0;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (nextUser < nUsers) {
            const i = nextUser++;
            const res = await fetch(`${base}/api/auth/sign-in/email`, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                origin: base,
                'x-forwarded-for': `10.77.${i >> 8}.${i & 255}`,
              },
              body: JSON.stringify({ email: emails[i], password: BULK_PASSWORD }),
            });
            if (!res.ok) throw new Error(`sign-in ${emails[i]}: ${res.status} ${await res.text()}`);
            cookies[i] = res.headers
              .getSetCookie()
              .map((c) => c.split(';')[0]!)
              .join('; ');
          }
        }),
      );
      log(`${nUsers} users signed in in ${ms(now() - t)} ms`);

      // ---- the baseline server and the client processes
      const baselinePort = port + 1;
      const baselineProc = fork(path.join(import.meta.dirname, 'live-baseline-server.ts'), [
        String(baselinePort),
      ]);
      children.push(baselineProc);
      await new Promise<void>((resolve, reject) => {
        baselineProc.once('message', () => resolve());
        baselineProc.once('exit', (code) => reject(new Error(`baseline exited ${code}`)));
      });
      const clients: Child[] = [];
      for (let c = 0; c < procs; c++) {
        const proc = fork(path.join(import.meta.dirname, 'live-clients.ts'));
        children.push(proc);
        clients.push(new Child(proc));
      }

      const topics = postIds.map((id) => `post:${id}`);
      const connected: Record<SocketKind, number> = { live: 0, base: 0 };
      const grow = async (kind: SocketKind, to: number) => {
        const from = connected[kind];
        const url =
          kind === 'live' ? `ws://127.0.0.1:${port}/api/live` : `ws://127.0.0.1:${baselinePort}/`;
        await Promise.all(
          clients.map((child, c) => {
            const mine: string[] = [];
            for (let i = from; i < to; i++)
              if (i % procs === c)
                mine.push(kind === 'live' ? cookies[Math.floor(i / SOCKETS_PER_USER)]! : '');
            return child.ask({
              cmd: 'connect',
              kind,
              url,
              cookies: mine,
              topics: kind === 'live' ? topics : [],
              concurrency: 16,
            });
          }),
        );
        connected[kind] = to;
      };
      /** How many of `size` sockets child `c` holds. */
      const share = (size: number, c: number) =>
        Math.floor(size / procs) + (c < size % procs ? 1 : 0);

      /** Sends `n` events one by one; returns each event's start (and HTTP answer) time by key. */
      const fire = async (
        kind: SocketKind,
        size: number,
        postId: string,
        n: number,
        unlike = false,
      ): Promise<{ starts: Map<string, number>; http: number[] }> => {
        const starts = new Map<string, number>();
        const http: number[] = [];
        for (let k = 0; k < n; k++) {
          const likeCount = unlike ? n - k - 1 : k + 1;
          const key = `${kind === 'live' ? postId : `base-${postId}`}:${likeCount}`;
          const t0 = now();
          const res =
            kind === 'live'
              ? await fetch(`${base}/api/posts/${postId}/like`, {
                  method: unlike ? 'DELETE' : 'PUT',
                  headers: { cookie: cookies[k]!, origin: base },
                })
              : await fetch(`http://127.0.0.1:${baselinePort}/broadcast`, {
                  method: 'POST',
                  body: JSON.stringify({ postId: `base-${postId}`, likeCount }),
                });
          http.push(now() - t0);
          if (!res.ok) throw new Error(`${kind} event ${key}: ${res.status} ${await res.text()}`);
          starts.set(key, t0);
          await Promise.all(
            clients.map((child, c) =>
              child.ask({ cmd: 'await', key, count: share(size, c), timeoutMs: 10_000 }),
            ),
          );
          await sleep(20);
        }
        return { starts, http };
      };
      const collect = async (starts: Map<string, number>, expected: number) => {
        const delays: number[] = [];
        let received = 0;
        /** Per event: the first and the last socket's delay. */
        const span = new Map<string, { first: number; last: number }>();
        for (const child of clients) {
          const r = await child.ask({ cmd: 'collect' });
          for (const [key, list] of Object.entries(r.times ?? {})) {
            const t0 = starts.get(key);
            if (t0 === undefined) continue;
            const s = span.get(key) ?? { first: Infinity, last: -Infinity };
            for (const at of list) {
              const d = at - t0;
              delays.push(d);
              if (d < s.first) s.first = d;
              if (d > s.last) s.last = d;
            }
            span.set(key, s);
            received += list.length;
          }
        }
        const spans = [...span.values()];
        return {
          delays,
          missing: expected - received,
          first: mmm(spans.map((x) => x.first)).median,
          spread: mmm(spans.map((x) => x.last - x.first)).median,
        };
      };

      const warmPost = postIds[postIds.length - 1]!;
      const rounds: RoundFigures[] = [];
      const connectMs: Record<number, number> = {};
      let postIndex = 0;
      for (const size of sizes) {
        t = now();
        await grow('live', size);
        connectMs[size] = now() - t;
        await grow('base', size);
        log(`${size} live sockets connected and subscribed in ${ms(connectMs[size])} ms`);
        // Warm-up (unmeasured): a few likes and unlikes, a few broadcasts.
        const warm = Math.min(5, events);
        await fire('live', size, warmPost, warm);
        await fire('live', size, warmPost, warm, true);
        await fire('base', size, warmPost, warm);
        await collect(new Map(), 0);

        for (let r = 0; r < options.rounds; r++) {
          const postId = postIds[postIndex++]!;
          const order: SocketKind[] = r % 2 ? ['base', 'live'] : ['live', 'base'];
          const got: Partial<
            Record<
              SocketKind,
              { d: number[]; missing: number; http: number[]; first: number; spread: number }
            >
          > = {};
          for (const kind of order) {
            const { starts, http } = await fire(kind, size, postId, events);
            const { delays, missing, first, spread } = await collect(starts, size * events);
            got[kind] = { d: delays, missing, http, first, spread };
          }
          const live = dist(got.live!.d);
          const baseD = dist(got.base!.d);
          const fig: RoundFigures = {
            size,
            round: r + 1,
            live,
            base: baseD,
            likeHttp: dist(got.live!.http),
            first: { live: got.live!.first, base: got.base!.first },
            spread: { live: got.live!.spread, base: got.base!.spread },
            missing: { live: got.live!.missing, base: got.base!.missing },
            p99Ratio: live.p99 / baseD.p99,
            load: os.loadavg()[0]!,
          };
          rounds.push(fig);
          log(
            `${size} sockets, round ${r + 1}: live p50 ${ms(live.p50)} p99 ${ms(live.p99)} max ${ms(live.max)} ms; ` +
              `baseline p50 ${ms(baseD.p50)} p99 ${ms(baseD.p99)} ms; p99 ×${fig.p99Ratio.toFixed(2)}; ` +
              `like HTTP p50 ${ms(fig.likeHttp.p50)} ms; missing ${fig.missing.live}/${fig.missing.base}`,
          );
        }
      }

      let rssMb: number | undefined;
      try {
        const status = readFileSync(`/proc/${serverProc.pid}/status`, 'utf8');
        rssMb = Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024);
      } catch {
        rssMb = undefined;
      }

      for (const child of clients) await child.ask({ cmd: 'close' }).catch(() => undefined);
      serverProc.kill('SIGTERM');
      await new Promise<void>((resolve) => {
        if (serverProc.exitCode !== null) resolve();
        else serverProc.once('exit', () => resolve());
      });
      let profilePath: string | undefined;
      if (profile) {
        const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
        profilePath = file && path.join(profDir, file);
        log(`CPU profile: ${profilePath ?? 'none written'}`);
      }

      return {
        markdown: renderMarkdown({
          sizes,
          rounds,
          events,
          procs,
          connectMs,
          rssMb,
          options,
          serverFile,
        }),
        json: { serverFile, sizes, events, procs, rounds, connectMs, rssMb, profilePath },
      };
    } finally {
      for (const c of children) if (c.exitCode === null) c.kill();
      if (server && server.exitCode === null) server.kill('SIGKILL');
      if (options.extra['live-keep'] !== true && !profile)
        rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

function renderMarkdown(a: {
  sizes: number[];
  rounds: RoundFigures[];
  events: number;
  procs: number;
  connectMs: Record<number, number>;
  rssMb: number | undefined;
  options: { rounds: number };
  serverFile: string;
}): string {
  const lines: string[] = [];
  lines.push(
    `One server process (\`node apps/server/${a.serverFile}\`, embedded PGlite) holds N real \`ws\` ` +
      `WebSocket clients on loopback, every one signed in (${SOCKETS_PER_USER} sockets per user, the ` +
      `server's limit) and subscribed to the post's topic; the clients live in ${a.procs} child ` +
      `processes (socket i in child i mod ${a.procs}), apart from the server and from the process that ` +
      `triggers. Per round ${a.events} likes by different users (\`PUT /api/posts/:id/like\`), one at a ` +
      `time; **delay = from just before the HTTP request to each socket's receipt**, over every ` +
      `(event, socket) pair. **Baseline** in the same round: the same clients' sockets to a bare ` +
      `\`ws\` WebSocketServer in another process, which serialises a message of the same shape once ` +
      `and sends it to every socket on \`POST /broadcast\` (the floor of loopback fan-out here).`,
  );
  lines.push('');
  lines.push(
    '| sockets | live p50 | live p95 | live p99 | live max | baseline p50 | baseline p99 | p99 ÷ baseline p99 (min / median / max) | like HTTP p50 | goal p99 ≤ 250 ms |',
  );
  lines.push('|---:|---:|---:|---:|---:|---:|---:|---|---:|---|');
  for (const size of a.sizes) {
    const rs = a.rounds.filter((r) => r.size === size);
    const pick = (f: (r: RoundFigures) => number) => mmm(rs.map(f)).median;
    const ratio = mmm(rs.map((r) => r.p99Ratio));
    const p99 = mmm(rs.map((r) => r.live.p99));
    lines.push(
      `| ${size.toLocaleString('en-US')} | ${ms(pick((r) => r.live.p50))} | ${ms(pick((r) => r.live.p95))} | ` +
        `${ms(p99.median)} (${ms(p99.min)}–${ms(p99.max)}) | ${ms(pick((r) => r.live.max))} | ` +
        `${ms(pick((r) => r.base.p50))} | ${ms(pick((r) => r.base.p99))} | ` +
        `×${ratio.min.toFixed(2)} / ×${ratio.median.toFixed(2)} / ×${ratio.max.toFixed(2)} | ` +
        `${ms(pick((r) => r.likeHttp.p50))} | ${size === Math.max(...a.sizes) ? (p99.max <= GOAL_P99_MS ? `met (worst round ${ms(p99.max)} ms)` : `**missed** (worst round ${ms(p99.max)} ms)`) : '–'} |`,
    );
  }
  if (a.sizes.length > 1) {
    const [lo, hi] = [a.sizes[0]!, a.sizes[a.sizes.length - 1]!];
    const med = (size: number, f: (r: RoundFigures) => number) =>
      mmm(a.rounds.filter((r) => r.size === size).map(f)).median;
    const grow = (f: (r: RoundFigures) => number) => (med(hi, f) / med(lo, f)).toFixed(1);
    lines.push('');
    lines.push(
      `Scaling, ${hi.toLocaleString('en-US')} ÷ ${lo.toLocaleString('en-US')} sockets (×${(hi / lo).toFixed(0)}): ` +
        `live p50 ×${grow((r) => r.live.p50)}, p99 ×${grow((r) => r.live.p99)}; ` +
        `baseline p50 ×${grow((r) => r.base.p50)}, p99 ×${grow((r) => r.base.p99)}.`,
    );
  }
  lines.push('');
  lines.push(
    '| sockets | live: first socket | live: first → last | baseline: first socket | baseline: first → last |',
  );
  lines.push('|---:|---:|---:|---:|---:|');
  for (const size of a.sizes) {
    const rs = a.rounds.filter((r) => r.size === size);
    const pick = (f: (r: RoundFigures) => number) => ms(mmm(rs.map(f)).median);
    lines.push(
      `| ${size.toLocaleString('en-US')} | ${pick((r) => r.first.live)} | ${pick((r) => r.spread.live)} | ` +
        `${pick((r) => r.first.base)} | ${pick((r) => r.spread.base)} |`,
    );
  }
  lines.push('');
  lines.push(
    "Per event (median over events and rounds): the first socket's delay is what comes before " +
      "the fan-out (HTTP, session, the like's transaction; for the baseline HTTP only); first → last " +
      'is the fan-out itself.',
  );
  const loads = a.rounds.map((r) => r.load);
  const floor = mmm(a.rounds.filter((r) => r.size === Math.max(...a.sizes)).map((r) => r.base.p99));
  lines.push('');
  lines.push(
    `Load average (1 min) at the end of the rounds: ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} on ${os.cpus().length} cores.` +
      (floor.median > GOAL_P99_MS
        ? ` The bare \`ws\` floor itself took ${ms(floor.median)} ms at p99 here: the machine, not the hub, ` +
          `set the absolute figures of this run; read the ratio.`
        : ''),
  );
  lines.push('');
  lines.push(
    `Milliseconds; each figure is the median over ${a.options.rounds} rounds (p99 with its range), ` +
      `each round ${a.events} events × N sockets. Missed deliveries: ` +
      a.sizes
        .map(
          (s) =>
            `${s}: ${a.rounds
              .filter((r) => r.size === s)
              .reduce((n, r) => n + r.missing.live, 0)} live, ${a.rounds
              .filter((r) => r.size === s)
              .reduce((n, r) => n + r.missing.base, 0)} baseline`,
        )
        .join('; ') +
      `. Connecting and subscribing (session checked per upgrade): ` +
      a.sizes.map((s) => `${s} in ${(a.connectMs[s]! / 1000).toFixed(1)} s`).join(', ') +
      (a.rssMb !== undefined ? `; server RSS with every socket open: ${a.rssMb} MB.` : '.'),
  );
  return lines.join('\n');
}

export default suite;
