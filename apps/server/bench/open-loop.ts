/**
 * Open-loop load: requests offered at a fixed rate whatever the server answers, each timed from
 * the moment it was due (not from when it went out), so a server or a client that falls behind
 * shows in the latency instead of slowing the load down.
 *
 * Why not autocannon's `overallRate`: autocannon limits each connection to a quota per second and
 * sends it back to back, then waits for the next second (httpClient.js, `reqsMadeThisSecond`).
 * At half the saturated rate that is a closed loop at full concurrency for half of each second:
 * its latency is the queue of a saturated server, the figure an open loop exists to avoid.
 * loadtest's `--rps` is a true open loop but times from the send and brings ~25 old packages
 * (websocket, es5-ext, agentkeepalive 2); this is undici's connection pool and a timer, with a
 * fixed set of connections and each request timed from when it was due, as wrk2 does.
 *
 * Why undici and not Node's `http.request`: the load generator must be far cheaper than what it
 * measures. Against a bare Node server answering 2 kB of JSON, `http.request` at 6,000 requests/s
 * showed a p99 of 46–409 ms by itself (its own loop falling behind), undici's pool 2.6–2.8 ms
 * (docs/performance.md, "The open loop's own tail"). A warm-up at the same rate, not recorded,
 * opens the connections and compiles the client's paths first (`warmupSeconds`).
 */
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';

export interface OpenLoopResult {
  /** Requests offered (rate × seconds). */
  offered: number;
  /** 2xx answers per second over the offered window. */
  rps: number;
  /** Milliseconds from when each request was due to its last byte. */
  p50: number;
  p99: number;
  max: number;
  /** Non-2xx answers, errors and requests unanswered at the end. */
  bad: number;
  /** Most requests outstanding at once, waiting for a connection included. */
  peakInFlight: number;
}

/** The q-quantile (0..1) of ascending `sorted`, nearest rank. */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  if (!sorted.length) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank]!;
}

export async function openLoop(
  url: string,
  opts: {
    rate: number;
    seconds: number;
    headers?: Record<string, string>;
    /**
     * Keep-alive connections at most (as wrk2 holds a fixed set). A request due while all are busy
     * waits for one, and that wait is in its latency; unbounded, a pause of the server would open
     * hundreds of sockets and the load generator's own connection work would be measured.
     */
    connections?: number;
    drainMs?: number;
    /** Seconds offered at the same rate before the measured window, not recorded (default 0). */
    warmupSeconds?: number;
  },
): Promise<OpenLoopResult> {
  const target = new URL(url);
  const pool = new Pool(target.origin, { connections: opts.connections ?? 50 });
  const path = target.pathname + target.search;
  try {
    if (opts.warmupSeconds)
      await offer(pool, path, opts.headers, opts.rate, opts.warmupSeconds, opts.drainMs);
    return await offer(pool, path, opts.headers, opts.rate, opts.seconds, opts.drainMs);
  } finally {
    await pool.destroy();
  }
}

/** One window of `seconds` at `rate` through `pool`. */
async function offer(
  pool: Pool,
  path: string,
  headers: Record<string, string> | undefined,
  rate: number,
  seconds: number,
  drainMs = 10_000,
): Promise<OpenLoopResult> {
  const offered = Math.max(1, Math.round(rate * seconds));
  const interval = 1000 / rate;
  const latencies = new Float64Array(offered);
  let answered = 0;
  let ok = 0;
  let bad = 0;
  let inFlight = 0;
  let peakInFlight = 0;
  let settle: () => void = () => {};
  const allSettled = new Promise<void>((r) => (settle = r));
  const done = (dueAt: number, good: boolean) => {
    inFlight--;
    if (good) latencies[ok++] = performance.now() - dueAt;
    else bad++;
    if (++answered === offered) settle();
  };
  const fire = (dueAt: number) => {
    inFlight++;
    peakInFlight = Math.max(peakInFlight, inFlight);
    pool.request({ path, method: 'GET', headers }).then(
      async (res) => {
        try {
          await res.body.dump({ limit: Infinity });
          done(dueAt, res.statusCode >= 200 && res.statusCode < 300);
        } catch {
          done(dueAt, false);
        }
      },
      () => done(dueAt, false),
    );
  };

  const start = performance.now();
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(offered, Math.floor((performance.now() - start) / interval) + 1);
      while (sent < due) fire(start + sent++ * interval);
      if (sent >= offered) return resolve();
      setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
    };
    tick();
  });
  const windowMs = performance.now() - start;
  const drained = await Promise.race([
    allSettled.then(() => true),
    new Promise<false>((r) => setTimeout(() => r(false), drainMs).unref()),
  ]);
  // Read before the pool is destroyed (that fails what is still outstanding).
  const [okNow, badNow, answeredNow] = [ok, bad, answered];
  const sorted = latencies.subarray(0, okNow).sort();
  return {
    offered,
    rps: (okNow / Math.max(windowMs, seconds * 1000)) * 1000,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    max: sorted.length ? sorted[sorted.length - 1]! : NaN,
    bad: badNow + (drained ? 0 : offered - answeredNow),
    peakInFlight,
  };
}
