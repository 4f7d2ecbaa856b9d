/**
 * The database: embedded PGlite (WASM Postgres in ./data/db, or in memory) or PostgreSQL
 * (DATABASE_URL), behind one Drizzle type. Migrations, a ping, and a retrying transaction helper.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type ExtractTablesWithRelations, type SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type {
  PgDatabase,
  PgQueryResultHKT,
  PgTransaction,
  PgTransactionConfig,
} from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { z } from 'zod';
import { TIMINGS } from '@otakura/shared';
import { openReadReplicas, ReadRoutingPool, type ReadReplicas } from './read-replicas';
import * as schema from './schema';
import { analyzeAll } from './statistics';

export type Schema = typeof schema;
/** One Drizzle type for both engines. A transaction (`Tx`) is also a `Db`, so repositories take `Db`. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers `SELECT 1`. */
  ping(): Promise<void>;
  /** Closes the PGlite instance or ends the pool. Safe to call twice. */
  close(): Promise<void>;
  /** The raw clients, for LISTEN/NOTIFY (exactly one is set, matching `kind`). */
  pglite?: PGlite;
  pool?: pg.Pool;
  /**
   * PostgreSQL with `readUrls`: the replicas (health, lag, counters). `db` then reads from them
   * inside a replica-read scope (db/read-replicas.ts); `primaryDb` never does.
   */
  replicas?: ReadReplicas;
  /** Drizzle on the primary only, whatever the scope (set with `replicas`). */
  primaryDb?: Db;
}

export interface OpenDatabaseOptions {
  /** postgres:// URL: use PostgreSQL through a node-postgres pool. Takes precedence over dataDir. */
  databaseUrl?: string;
  /** PGlite data directory (created if missing); undefined = in memory. */
  dataDir?: string;
  /** A `dumpDataDir()` tarball to start PGlite from (tests: a migrated template). */
  loadDataDir?: Blob | File;
  /** Pool size for PostgreSQL (default `defaultPoolMax()`: 2 × cores + 1, 5 to 20). */
  poolMax?: number;
  /**
   * PostgreSQL on this machine (`localhost`, `127.0.0.1`, `::1`): talk through its Unix socket
   * when one is found (default true), falling back to TCP if the socket refuses us (another
   * pg_hba rule, say). About 2× the round trips per second of loopback TCP.
   */
  unixSocket?: boolean;
  /** Where to look for that socket (default /var/run/postgresql, /run/postgresql, /tmp). */
  socketDirs?: readonly string[];
  /** PGlite's shared_buffers (default `PGLITE_SHARED_BUFFERS`). */
  sharedBuffers?: string;
  /** Errors of idle pool clients (PostgreSQL restarted, network); without a listener they would crash the process. */
  onPoolError?: (err: Error) => void;
  /** PostgreSQL read replicas (`DATABASE_READ_URL`); see db/read-replicas.ts. */
  readUrls?: readonly string[];
  /** A replica further behind than this is skipped (`DATABASE_READ_MAX_LAG_MS`). */
  readMaxLagMs?: number;
  /** How often the replicas are checked (`DATABASE_READ_CHECK_MS`). */
  readCheckMs?: number;
  /** A replica changed state (healthy ↔ skipped). */
  onReplicaStateChange?: (status: { url: string; healthy: boolean; reason: string | null }) => void;
}

/** Opens (and checks) the database. Call `migrateDatabase` next. */
export async function openDatabase(opts: OpenDatabaseOptions = {}): Promise<Database> {
  if (opts.databaseUrl) {
    const socketDir =
      opts.unixSocket === false ? undefined : localSocketDir(opts.databaseUrl, opts.socketDirs);
    if (socketDir) {
      try {
        return await openPool(opts, socketDir);
      } catch {
        // The socket's pg_hba rule (peer, say) may refuse what TCP accepts: use TCP.
      }
    }
    return openPool(opts, undefined);
  }
  return openPglite(opts);
}

/**
 * PostgreSQL's pool size: 2 × cores + 1 (the classic "cores × 2 + spindles"), 5 to 20.
 * More backends than that only queue on the same cores (pgbench at -c 50 ran 3–4.6× slower
 * than at -c 10 on 2 cores); a request waits in the pool instead, which costs nothing.
 */
export function defaultPoolMax(cores: number = os.availableParallelism()): number {
  return Math.min(20, Math.max(5, 2 * cores + 1));
}

/** PGlite's shared_buffers: 16 MB instead of initdb's 128 MB takes ~130 MB off the idle RSS. */
export const PGLITE_SHARED_BUFFERS = '16MB';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
const SOCKET_DIRS = ['/var/run/postgresql', '/run/postgresql', '/tmp'];

/** The Unix socket directory of a PostgreSQL URL naming this machine, when its socket exists. */
export function localSocketDir(
  databaseUrl: string,
  dirs: readonly string[] = SOCKET_DIRS,
): string | undefined {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    return undefined;
  }
  if (!LOCAL_HOSTS.has(url.hostname) || url.searchParams.has('host')) return undefined;
  const port = url.port || '5432';
  return dirs.find((d) => existsSync(path.join(d, `.s.PGSQL.${port}`)));
}

async function openPool(opts: OpenDatabaseOptions, socketDir: string | undefined) {
  let connectionString = opts.databaseUrl;
  if (socketDir && connectionString) {
    // pg lets the URL's fields win over `host`; `?host=` is how a URL names a socket directory.
    const url = new URL(connectionString);
    url.searchParams.set('host', socketDir);
    connectionString = url.toString();
  }
  const pool = new pg.Pool({ connectionString, max: opts.poolMax ?? defaultPoolMax() });
  pool.on(
    'error',
    opts.onPoolError ?? ((err) => console.error('PostgreSQL pool error:', err.message)),
  );
  const db: Db = drizzleNodePg(pool, { schema });
  let closed = false;
  const database: Database = {
    db,
    kind: 'postgres',
    pool,
    ping: async () => {
      await pool.query('SELECT 1');
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
  try {
    await database.ping();
  } catch (err) {
    await database.close();
    throw err;
  }
  if (opts.readUrls?.length) await attachReadReplicas(database, pool, opts);
  return database;
}

/** Puts `db` on a routing pool over the primary and the replicas; closes them with the database. */
async function attachReadReplicas(database: Database, pool: pg.Pool, opts: OpenDatabaseOptions) {
  const replicas = await openReadReplicas(pool, {
    urls: opts.readUrls ?? [],
    maxLagMs: opts.readMaxLagMs,
    checkIntervalMs: opts.readCheckMs,
    poolMax: opts.poolMax,
    onStateChange:
      opts.onReplicaStateChange ??
      ((s) =>
        console.warn(
          `Read replica ${s.url}: ${s.healthy ? 'in use' : `skipped (${s.reason ?? 'unknown'})`}`,
        )),
  });
  const routing = new ReadRoutingPool(pool, replicas);
  database.primaryDb = database.db;
  database.db = drizzleNodePg(routing as unknown as pg.Pool, { schema });
  database.replicas = replicas;
  const closePrimary = database.close;
  database.close = async () => {
    await replicas.close();
    await closePrimary();
  };
}

async function openPglite(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.dataDir) await mkdir(opts.dataDir, { recursive: true });
  const pglite = await PGlite.create({
    dataDir: opts.dataDir,
    loadDataDir: opts.loadDataDir,
    extensions: { pg_trgm },
    startParams: [
      ...PGlite.defaultStartParams,
      '-c',
      `shared_buffers=${opts.sharedBuffers ?? PGLITE_SHARED_BUFFERS}`,
    ],
  });
  const db: Db = drizzlePglite(pglite, { schema });
  return {
    db,
    kind: 'pglite',
    pglite,
    ping: async () => {
      await pglite.query('SELECT 1');
    },
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
  };
}

const MIGRATIONS_JOURNAL = path.join('meta', '_journal.json');
/** Any 64-bit constant shared by every server process: serialises concurrent migrators on PostgreSQL. */
const MIGRATION_LOCK_KEY = 4_726_173_310_071_913n;

/**
 * The migrations folder, found by walking up from this module: works from src (tsx, vitest)
 * and from a bundle in apps/server/dist, whose parent holds src/db/migrations.
 */
export function resolveMigrationsFolder(
  from: string = path.dirname(fileURLToPath(import.meta.url)),
): string {
  const tried: string[] = [];
  let dir = path.resolve(from);
  for (;;) {
    for (const candidate of [
      path.join(dir, 'migrations'),
      path.join(dir, 'src', 'db', 'migrations'),
      path.join(dir, 'apps', 'server', 'src', 'db', 'migrations'),
    ]) {
      tried.push(candidate);
      if (existsSync(path.join(candidate, MIGRATIONS_JOURNAL))) return candidate;
    }
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  throw new Error(`Database migrations not found (looked in ${tried.slice(0, 6).join(', ')}, …).`);
}

/** What `migrateDatabase` did. */
export interface MigrationResult {
  /** Migrations applied by this call (0 when the database was up to date). */
  applied: number;
}

/**
 * Applies pending migrations; already applied ones are skipped, so it is safe on every start.
 * On PostgreSQL an advisory lock makes several starting servers migrate one after another.
 * When a migration ran, the user tables are ANALYZEd (unless `analyze: false`): a migration
 * may add an index or rewrite a table, and PGlite has no autovacuum to notice.
 */
export async function migrateDatabase(
  database: Database,
  opts: { migrationsFolder?: string; analyze?: boolean } = {},
): Promise<MigrationResult> {
  // Calls on one Database run one after another (PGlite has a single connection and no advisory lock).
  const previous = migrating.get(database) ?? Promise.resolve();
  const run = previous
    .catch(() => undefined)
    .then(() => migrateNow(database, opts.migrationsFolder));
  migrating.set(database, run);
  const result = await run;
  if (result.applied > 0 && opts.analyze !== false) await analyzeAll(database.db);
  return result;
}

const migrating = new WeakMap<Database, Promise<MigrationResult>>();

/** Rows in Drizzle's migration journal (0 before the first migration made it). */
async function journalLength(db: Db): Promise<number> {
  const [exists] = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!exists?.present) return 0;
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return Number(row?.n ?? 0);
}

async function migrateNow(
  database: Database,
  folder: string | undefined,
): Promise<MigrationResult> {
  const migrationsFolder = folder ?? resolveMigrationsFolder();
  if (database.kind === 'pglite') {
    if (!database.pglite) throw new Error('A pglite Database needs its PGlite instance.');
    const before = await journalLength(database.db);
    await migratePglite(drizzlePglite(database.pglite), { migrationsFolder });
    return { applied: (await journalLength(database.db)) - before };
  }
  const pool = database.pool;
  if (!pool) throw new Error('A postgres Database needs its pool.');
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    try {
      const lockedDb: Db = drizzleNodePg(client, { schema });
      const before = await journalLength(lockedDb);
      await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
      return { applied: (await journalLength(lockedDb)) - before };
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
    }
  } finally {
    client.release();
  }
}

/** SQLSTATEs worth retrying: serialization_failure, deadlock_detected. */
const RETRYABLE_SQLSTATES = new Set(['40001', '40P01']);

/** The SQLSTATE of a database error, looking through Drizzle's wrapping (`cause`). */
export function sqlState(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** True when the error is a unique violation (23505), e.g. a like inserted twice. */
export const isUniqueViolation = (err: unknown) => sqlState(err) === '23505';

export interface RunInTransactionOptions extends PgTransactionConfig {
  /** Retries after a serialization failure or deadlock (default 25, DESIGN.md's cap). */
  retries?: number;
}

/**
 * Runs `fn` in a transaction, and again (up to `retries` more times, short jittered backoff)
 * when it fails with a serialization failure or a deadlock. `fn` must be safe to re-run:
 * no side effects outside the transaction. Other errors roll back and propagate at once.
 */
export async function runInTransaction<T>(
  db: Db,
  fn: (tx: Tx) => Promise<T>,
  opts: RunInTransactionOptions = {},
): Promise<T> {
  const { retries = TIMINGS.transactionRetryCap, ...rest } = opts;
  // Drizzle issues `SET TRANSACTION` for any config object, even an empty one (a syntax error).
  const config = Object.values(rest).some((v) => v !== undefined) ? rest : undefined;
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(fn, config);
    } catch (err) {
      const state = sqlState(err);
      if (attempt >= retries || !state || !RETRYABLE_SQLSTATES.has(state)) throw err;
      const ceiling = Math.min(100, 2 ** attempt);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
    }
  }
}

/**
 * Rows of a raw SQL query, each checked and typed by `schema` (parsed once per row), so a
 * column that changes name or type fails loudly here instead of reaching a mapper as
 * `undefined`. Prefer it to `queryRows` for rows that leave the server.
 */
export async function queryParsed<S extends z.ZodType>(
  db: Db,
  schema: S,
  query: SQL,
): Promise<z.output<S>[]> {
  const result = (await db.execute(query)) as unknown as { rows: unknown[] };
  return result.rows.map((row) => schema.parse(row));
}

/** Rows of a raw SQL query on either engine (both drivers answer `{ rows }`). */
export async function queryRows<T extends Record<string, unknown>>(
  db: Db,
  query: SQL,
): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
