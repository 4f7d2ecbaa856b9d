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
 * primary's WAL sampled over time, which gives each replica a "fresh as of" instant: it holds
 * everything the primary had committed by then. A replica is used only while that instant is
 * at most `maxLagMs` (plus one check interval) old; unreachable or lagging replicas are skipped.
 * Read-your-own-writes: every write request answers a `wrote_at` cookie (when the write was
 * done); a reader carrying it is served by a replica only once that replica is fresh as of that
 * instant (plus a clock margin between servers), else by the primary.
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
/** The read-your-own-writes cookie: when (ms since epoch) this client's last write was done. */
export const FRESH_COOKIE = 'wrote_at';
/** Clock difference tolerated between the server that wrote and the one that reads. */
export const CLOCK_MARGIN_MS = 500;
const NOT_CHECKED = 'not checked yet';

interface Scope {
  replica: boolean;
  /** Only a replica fresh as of this instant may answer (read-your-own-writes). */
  notBefore?: number;
  /** The replica this request read from first: later reads stick to it (or to the primary). */
  pinned?: pg.Pool | 'primary';
}
const scope = new AsyncLocalStorage<Scope>();

/** Runs `fn` with replica reads allowed (a marked route's handler runs like this). */
export function withReplicaReads<T>(fn: () => T, opts: { notBefore?: number } = {}): T {
  return scope.run({ replica: true, notBefore: opts.notBefore }, fn);
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
  let safe = verdicts.get(text);
  if (safe === undefined) {
    safe = judge(text);
    // Drizzle's statements repeat: remember a bounded number of verdicts (~20 µs → ~1 µs).
    if (verdicts.size >= 2000) verdicts.clear();
    verdicts.set(text, safe);
  }
  return safe;
}

const verdicts = new Map<string, boolean>();

function judge(text: string): boolean {
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
 * The instant a replica that replayed up to `replay` is fresh as of: it holds everything the
 * primary had committed at the latest sample whose position it reached. No such sample (it is
 * behind every one we kept): unknown (-Infinity), i.e. too far behind.
 */
export function freshAsOf(samples: readonly Sample[], replay: bigint): number {
  for (let i = samples.length - 1; i >= 0; i--) {
    const s = samples[i]!;
    if (s.lsn <= replay) return s.at;
  }
  return Number.NEGATIVE_INFINITY;
}

class Replica {
  readonly pool: pg.Pool;
  readonly label: string;
  healthy = false;
  lagMs: number | null = null;
  /** Holds every commit of the primary up to this instant (ms since epoch). */
  freshAsOf = Number.NEGATIVE_INFINITY;
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
  /** How long a client keeps its `wrote_at` cookie (after that every usable replica has its write). */
  readonly stickyMs: number;
  /**
   * The next usable replica's pool (round robin): healthy at its last check, fresh as of at most
   * `maxLagMs` + one interval ago, and as of `notBefore` when given. Undefined: use the primary.
   */
  pick(notBefore?: number): pg.Pool | undefined;
  /** Whether `pool` is still usable for a read that must be fresh as of `notBefore`. */
  usable(pool: pg.Pool, notBefore?: number): boolean;
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
      r.freshAsOf = freshAsOf(samples, parseLsn(row.replay));
      const lag = Math.max(0, Date.now() - r.freshAsOf);
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
      r.freshAsOf = Number.NEGATIVE_INFINITY;
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
  // A check that is late (a stalled event loop, a slow replica) does not stretch the bound: a
  // replica whose last known freshness is older than this is not used until the next check.
  const staleAfterMs = maxLagMs + checkIntervalMs;
  const usable = (r: Replica, notBefore: number | undefined, now: number) =>
    r.healthy &&
    now - r.freshAsOf <= staleAfterMs &&
    (notBefore === undefined || r.freshAsOf >= notBefore);
  return {
    maxLagMs,
    checkIntervalMs,
    // Past this, any replica we would use is fresh as of later than the write.
    stickyMs: staleAfterMs + CLOCK_MARGIN_MS + 1000,
    pick(notBefore) {
      const now = Date.now();
      for (let i = 0; i < replicas.length; i++) {
        const r = replicas[(next + i) % replicas.length]!;
        if (usable(r, notBefore, now)) {
          next = (next + i + 1) % replicas.length;
          return r.pool;
        }
      }
      return undefined;
    },
    usable(pool, notBefore) {
      const r = byPool.get(pool);
      return r !== undefined && usable(r, notBefore, Date.now());
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
    const store = scope.getStore();
    const pool =
      !callback && store?.replica && isReplicaSafeRead(textOf(config))
        ? this.replicaFor(store)
        : undefined;
    if (!pool) return (this.primary.query as (...a: unknown[]) => unknown)(...args);
    return (pool.query(config as pg.QueryConfig, values as unknown[]) as Promise<unknown>).then(
      (result) => {
        this.replicas.served(pool);
        return result;
      },
      (err: unknown) => {
        this.replicas.failed(pool, err);
        store!.pinned = 'primary';
        return this.primary.query(config as pg.QueryConfig, values as unknown[]);
      },
    );
  }

  /**
   * The replica for a read of this scope: the one it read from before while still usable (a
   * request never reads newer data and then older), else the next usable one. A request that
   * fell back to the primary stays there.
   */
  private replicaFor(store: Scope): pg.Pool | undefined {
    if (store.pinned === 'primary') return undefined;
    if (store.pinned && this.replicas.usable(store.pinned, store.notBefore)) return store.pinned;
    const pool = this.replicas.pick(store.notBefore);
    store.pinned = pool ?? 'primary';
    return pool;
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
 * The request side. Every write request under /api answers a `wrote_at` cookie set when the
 * answer leaves (after the write committed); marked GET routes run their handler in a
 * replica-read scope that, for a client carrying that cookie, accepts only replicas fresh as
 * of the write. The cookie can only send a client to the primary, so it needs no signature:
 * forging it buys nothing a client could not have anyway.
 */
export function installReadReplicaRouting(
  app: FastifyInstance,
  replicas: Pick<ReadReplicas, 'stickyMs'>,
  opts: { secureCookies?: boolean } = {},
): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    if (WRITE_METHODS.has(req.method) && req.url.startsWith('/api/'))
      reply.header(
        'set-cookie',
        [
          `${FRESH_COOKIE}=${Date.now()}`,
          'Path=/api',
          `Max-Age=${Math.ceil(replicas.stickyMs / 1000)}`,
          'HttpOnly',
          'SameSite=Lax',
          ...(opts.secureCookies ? ['Secure'] : []),
        ].join('; '),
      );
    done(null, payload);
  });
  app.addHook('preHandler', (req, _reply, done) => {
    if (!req.routeOptions.config.readReplica || (req.method !== 'GET' && req.method !== 'HEAD'))
      return done();
    const raw = cookieValue(req.headers.cookie, FRESH_COOKIE);
    const wroteAt = raw === undefined ? Number.NaN : Number(raw);
    withReplicaReads(done, {
      notBefore: Number.isFinite(wroteAt) ? wroteAt + CLOCK_MARGIN_MS : undefined,
    });
  });
}
