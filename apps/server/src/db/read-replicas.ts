/**
 * Read replicas (docs/read-replicas.md). `DATABASE_READ_URL` names one or more streaming
 * replicas of the PostgreSQL primary. Routes marked `config: { readReplica: true }` (feed,
 * search, profiles, media and shop lists) run inside a "may read from a replica" scope; the
 * Drizzle instance of `Database.db` sits on a `ReadRoutingPool` whose `query` sends a plain
 * SELECT issued in that scope, outside a transaction, to a healthy replica (round robin).
 * Everything else — writes, transactions, session lookups, any query of an unmarked route —
 * goes to the primary, so the modules' code does not know replicas exist.
 *
 * Freshness: a periodic check compares each replica's replay position with positions of the
 * primary's WAL sampled over time; a replica more than `maxLagMs` behind (or unreachable, or not
 * in recovery) is skipped until a check finds it caught up. A client that wrote in the last
 * `stickyMs` carries a `fresh_until` cookie and reads from the primary (read-your-own-writes).
 * A read that fails on a replica is retried on the primary: no error reaches the user.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** GET route whose reads may come from a read replica (db/read-replicas.ts). */
    readReplica?: boolean;
  }
}

export interface ReadReplicaOptions {
  /** postgres:// URLs of the replicas. */
  urls: readonly string[];
  /** A replica further behind the primary than this is skipped (default 1000). */
  maxLagMs?: number;
  /** How often each replica's health and lag are checked (default 1000). */
  checkIntervalMs?: number;
  /** Connections per replica pool (default: the primary's pool size). */
  poolMax?: number;
  /** A replica changed state (healthy ↔ skipped), with the reason. */
  onStateChange?: (replica: ReplicaStatus) => void;
}

export interface ReplicaStatus {
  /** The URL without its password. */
  url: string;
  healthy: boolean;
  /** Upper bound of how far behind the primary it was at the last check; null = unknown. */
  lagMs: number | null;
  /** Why it is skipped, when it is. */
  reason: string | null;
  /** Queries it answered. */
  reads: number;
  /** Queries that failed on it and were retried on the primary. */
  failures: number;
}

export const DEFAULT_READ_MAX_LAG_MS = 1000;
export const DEFAULT_READ_CHECK_MS = 1000;
/** The read-your-own-writes cookie: until when (ms since epoch) this client reads the primary. */
export const FRESH_COOKIE = 'fresh_until';
const NOT_CHECKED = 'not checked yet';

interface Scope {
  replica: boolean;
}
const scope = new AsyncLocalStorage<Scope>();

/** Runs `fn` with replica reads allowed (a marked route's handler runs like this). */
export function withReplicaReads<T>(fn: () => T): T {
  return scope.run({ replica: true }, fn);
}

/** Runs `fn` with every query on the primary, even inside a replica-read scope. */
export function onPrimary<T>(fn: () => T): T {
  return scope.run({ replica: false }, fn);
}

/** Auth tables are read from the primary: a revoked session must not live on in a replica. */
const PRIMARY_ONLY_TABLES = /"(sessions|accounts|verifications|two_factors)"/i;
const LOCKING = /\bfor\s+(no\s+key\s+update|update|key\s+share|share)\b/i;
const SIDE_EFFECTS =
  /\b(nextval|setval|pg_advisory\w*|pg_notify|set_config|pg_try_advisory\w*)\s*\(/i;
const WRITE_IN_CTE = /\b(insert|update|delete|merge)\b/i;

/**
 * True for a statement a replica can answer exactly like the primary: a SELECT (or a WITH
 * without data-modifying parts) that locks nothing, has no side effects and reads no auth table.
 * Anything else — when in doubt — goes to the primary.
 */
export function isReplicaSafeRead(text: string): boolean {
  const head = /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase();
  if (head !== 'select' && head !== 'with') return false;
  if (head === 'with' && WRITE_IN_CTE.test(text)) return false;
  return !LOCKING.test(text) && !SIDE_EFFECTS.test(text) && !PRIMARY_ONLY_TABLES.test(text);
}

/** A pg_lsn (`16/B374D848`) as a number of bytes. */
export function parseLsn(lsn: string): bigint {
  const m = /^([0-9A-F]+)\/([0-9A-F]+)$/i.exec(lsn.trim());
  if (!m) throw new Error(`not a pg_lsn: ${lsn}`);
  return (BigInt(`0x${m[1]}`) << 32n) + BigInt(`0x${m[2]}`);
}

/** A URL without its password, for logs and status. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(invalid URL)';
  }
}

interface Sample {
  at: number;
  lsn: bigint;
}

/**
 * How far behind the primary a replica that replayed up to `replay` is, at `now`: the replica
 * holds everything the primary had written at the latest sample whose position it reached, so
 * it is at most `now - sample.at` behind. No such sample (it is behind every one we kept):
 * unknown, counted as too far behind.
 */
export function lagFromSamples(samples: readonly Sample[], replay: bigint, now: number): number {
  for (let i = samples.length - 1; i >= 0; i--) {
    const s = samples[i]!;
    if (s.lsn <= replay) return Math.max(0, now - s.at);
  }
  return Number.POSITIVE_INFINITY;
}

class Replica {
  readonly pool: pg.Pool;
  readonly label: string;
  healthy = false;
  lagMs: number | null = null;
  reason: string | null = NOT_CHECKED;
  reads = 0;
  failures = 0;

  constructor(url: string, poolMax: number, timeoutMs: number) {
    this.label = redactUrl(url);
    this.pool = new pg.Pool({
      connectionString: url,
      max: poolMax,
      connectionTimeoutMillis: timeoutMs,
      application_name: 'otakura-read',
    });
    // A replica that goes away: its idle clients error; without a listener the process would crash.
    this.pool.on('error', () => {
      this.markDown('connection lost');
    });
  }

  markDown(reason: string) {
    this.healthy = false;
    this.reason = reason;
  }

  status(): ReplicaStatus {
    return {
      url: this.label,
      healthy: this.healthy,
      lagMs: this.lagMs === null || !Number.isFinite(this.lagMs) ? null : Math.round(this.lagMs),
      reason: this.reason,
      reads: this.reads,
      failures: this.failures,
    };
  }
}

export interface ReadReplicas {
  readonly maxLagMs: number;
  readonly checkIntervalMs: number;
  /** How long after a write a client reads from the primary: lag bound + a check interval + margin. */
  readonly stickyMs: number;
  /** The next healthy replica's pool (round robin), or undefined: use the primary. */
  pick(): pg.Pool | undefined;
  /** A query failed on `pool`: skip that replica until a check finds it well again. */
  failed(pool: pg.Pool, err: unknown): void;
  /** Counts a query a replica answered. */
  served(pool: pg.Pool): void;
  /** Checks every replica now (the timer does it every `checkIntervalMs`). Never throws. */
  check(): Promise<void>;
  status(): ReplicaStatus[];
  /** Reads that failed on a replica and were answered by the primary. */
  readonly fallbacks: number;
  close(): Promise<void>;
}

/** Opens the replica pools, checks them once and keeps checking them in the background. */
export async function openReadReplicas(
  primary: pg.Pool,
  opts: ReadReplicaOptions,
): Promise<ReadReplicas> {
  const maxLagMs = opts.maxLagMs ?? DEFAULT_READ_MAX_LAG_MS;
  const checkIntervalMs = opts.checkIntervalMs ?? DEFAULT_READ_CHECK_MS;
  const timeoutMs = Math.max(1000, checkIntervalMs);
  const replicas = opts.urls.map(
    (url) => new Replica(url, opts.poolMax ?? primary.options.max ?? 10, timeoutMs),
  );
  const samples: Sample[] = [];
  // Samples older than this cannot decide anything a check needs: a replica behind them is lagging.
  const keepMs = Math.max(10_000, 4 * (maxLagMs + checkIntervalMs));
  let next = 0;
  let fallbacks = 0;
  let checking: Promise<void> | undefined;
  let closed = false;

  const setState = (r: Replica, healthy: boolean, reason: string | null) => {
    const changed = r.healthy !== healthy || r.reason === NOT_CHECKED;
    r.healthy = healthy;
    r.reason = reason;
    if (changed) opts.onStateChange?.(r.status());
  };

  const withTimeout = <T>(p: Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
      p.then(resolve, reject).finally(() => clearTimeout(timer));
    });

  const checkOne = async (r: Replica) => {
    try {
      const { rows } = await withTimeout(
        r.pool.query<{ recovery: boolean; replay: string | null }>(
          'SELECT pg_is_in_recovery() AS recovery, pg_last_wal_replay_lsn()::text AS replay',
        ),
      );
      const row = rows[0];
      if (!row?.recovery || !row.replay) {
        r.lagMs = null;
        setState(r, false, 'not a streaming replica (pg_is_in_recovery() is false)');
        return;
      }
      const lag = lagFromSamples(samples, parseLsn(row.replay), Date.now());
      r.lagMs = lag;
      if (lag <= maxLagMs) setState(r, true, null);
      else
        setState(
          r,
          false,
          Number.isFinite(lag) ? `${Math.round(lag)} ms behind the primary` : 'behind the primary',
        );
    } catch (err) {
      r.lagMs = null;
      setState(r, false, `unreachable: ${err instanceof Error ? err.message : String(err)}`);
    }
  };

  const checkNow = async () => {
    // The primary's position first: whatever it had committed before this instant is in it.
    const at = Date.now();
    try {
      const { rows } = await withTimeout(
        primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn'),
      );
      samples.push({ at, lsn: parseLsn(rows[0]!.lsn) });
    } catch {
      // The primary did not answer: keep the old samples; replicas only look further behind.
    }
    while (samples.length > 1 && samples[0]!.at < Date.now() - keepMs) samples.shift();
    await Promise.all(replicas.map(checkOne));
  };

  const check = () => {
    if (closed) return Promise.resolve();
    checking ??= checkNow().finally(() => {
      checking = undefined;
    });
    return checking;
  };

  await check();
  const timer = setInterval(() => void check(), checkIntervalMs);
  timer.unref();

  const byPool = new Map(replicas.map((r) => [r.pool, r]));
  return {
    maxLagMs,
    checkIntervalMs,
    // A healthy replica was ≤ maxLagMs behind at a check ≤ one interval ago, and a check takes
    // at most one more (its timeout): after that a client's write is on every replica we use.
    stickyMs: maxLagMs + 2 * checkIntervalMs,
    pick() {
      for (let i = 0; i < replicas.length; i++) {
        const r = replicas[(next + i) % replicas.length]!;
        if (r.healthy) {
          next = (next + i + 1) % replicas.length;
          return r.pool;
        }
      }
      return undefined;
    },
    failed(pool, err) {
      fallbacks++;
      const r = byPool.get(pool);
      if (!r) return;
      r.failures++;
      const wasHealthy = r.healthy;
      r.markDown(`query failed: ${err instanceof Error ? err.message : String(err)}`);
      if (wasHealthy) opts.onStateChange?.(r.status());
    },
    served(pool) {
      const r = byPool.get(pool);
      if (r) r.reads++;
    },
    check,
    status: () => replicas.map((r) => r.status()),
    get fallbacks() {
      return fallbacks;
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      await checking?.catch(() => undefined);
      await Promise.all(replicas.map((r) => r.pool.end().catch(() => undefined)));
    },
  };
}


function textOf(config: unknown): string {
  if (typeof config === 'string') return config;
  if (config && typeof config === 'object' && 'text' in config)
    return String((config as { text: unknown }).text);
  return '';
}

/**
 * What `Database.db`'s Drizzle instance talks to when replicas are configured. Drizzle runs
 * plain statements through `query` and transactions on a client from `connect` (it recognises
 * a pool by the class name, hence the name): transactions always stay on the primary.
 */
export class ReadRoutingPool {
  constructor(
    private readonly primary: pg.Pool,
    private readonly replicas: ReadReplicas,
  ) {}

  query(...args: unknown[]): unknown {
    const [config, values] = args;
    const callback = args.some((a) => typeof a === 'function');
    const pool =
      !callback && scope.getStore()?.replica && isReplicaSafeRead(textOf(config))
        ? this.replicas.pick()
        : undefined;
    if (!pool) return (this.primary.query as (...a: unknown[]) => unknown)(...args);
    return (pool.query(config as pg.QueryConfig, values as unknown[]) as Promise<unknown>).then(
      (result) => {
        this.replicas.served(pool);
        return result;
      },
      (err: unknown) => {
        this.replicas.failed(pool, err);
        return this.primary.query(config as pg.QueryConfig, values as unknown[]);
      },
    );
  }

  connect(): Promise<pg.PoolClient> {
    return this.primary.connect();
  }
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The request side: marked GET routes run their handler in a replica-read scope unless the
 * client wrote in the last `stickyMs` (its `fresh_until` cookie is still in the future); every
 * write request under /api sets that cookie. The cookie only ever sends a client to the
 * primary, so it needs no signature: forging it buys nothing a client could not have anyway.
 */
export function installReadReplicaRouting(
  app: FastifyInstance,
  replicas: Pick<ReadReplicas, 'stickyMs'>,
  opts: { secureCookies?: boolean } = {},
): void {
  app.addHook('onRequest', (req, reply, done) => {
    if (WRITE_METHODS.has(req.method) && req.url.startsWith('/api/')) {
      const until = Date.now() + replicas.stickyMs;
      reply.header(
        'set-cookie',
        [
          `${FRESH_COOKIE}=${until}`,
          'Path=/api',
          `Max-Age=${Math.ceil(replicas.stickyMs / 1000)}`,
          'HttpOnly',
          'SameSite=Lax',
          ...(opts.secureCookies ? ['Secure'] : []),
        ].join('; '),
      );
    }
    done();
  });
  app.addHook('preHandler', (req, _reply, done) => {
    if (!req.routeOptions.config.readReplica || (req.method !== 'GET' && req.method !== 'HEAD'))
      return done();
    const until = Number(cookieValue(req.headers.cookie, FRESH_COOKIE));
    if (Number.isFinite(until) && until > Date.now()) return onPrimary(done);
    withReplicaReads(done);
  });
}
