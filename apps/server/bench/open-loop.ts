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
 * (websocket, es5-ext, agentkeepalive 2); this is Node's own keep-alive agent and a timer, with a
 * fixed set of connections and each request timed from when it was due, as wrk2 does.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

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
  },
): Promise<OpenLoopResult> {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections ?? 50 });
  const offered = Math.max(1, Math.round(opts.rate * opts.seconds));
  const interval = 1000 / opts.rate;
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
    const req = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        headers: opts.headers,
      },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => done(dueAt, res.statusCode! >= 200 && res.statusCode! < 300));
        res.on('error', () => done(dueAt, false));
      },
    );
    req.on('error', () => done(dueAt, false));
    req.end();
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
    new Promise<false>((r) => setTimeout(() => r(false), opts.drainMs ?? 10_000).unref()),
  ]);
  agent.destroy();
  const sorted = latencies.subarray(0, ok).sort();
  return {
    offered,
    rps: (ok / Math.max(windowMs, opts.seconds * 1000)) * 1000,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    max: sorted.length ? sorted[sorted.length - 1]! : NaN,
    bad: bad + (drained ? 0 : offered - answered),
    peakInFlight,
  };
}
