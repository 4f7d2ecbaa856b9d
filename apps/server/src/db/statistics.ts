/**
 * Planner statistics. PostgreSQL's autovacuum ANALYZEs tables as they change; PGlite has no
 * autovacuum, so without this its planner never learns a table's size or its values'
 * distribution and, for example, sorts every post for the All feed (230 ms) instead of reading
 * the index in order (6.6 ms). So: ANALYZE after migrations that ran, after the demo seed and
 * bulk loads (both engines: a freshly loaded table would otherwise wait for autovacuum), and,
 * on PGlite, a schedule that ANALYZEs the tables that changed a lot since their last ANALYZE.
 * See docs/architecture.md, "Startup and statistics".
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Db } from './client';

/** Rows of a query (client.ts's `queryRows`, repeated here so that client.ts may import this file). */
async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A table whose statistics are missing or old, and why. */
export interface StaleTable {
  /** Schema-qualified, quoted (`"public"."posts"`): safe to put in SQL as is. */
  name: string;
  reason: 'never analyzed' | 'changed' | 'grew';
}

export interface StalenessOptions {
  /**
   * A table is stale once more rows than `minChanges + changeFraction × rows` changed since
   * its last ANALYZE (autovacuum's rule and defaults: 50 and 0.1).
   */
  minChanges?: number;
  changeFraction?: number;
}

/**
 * Every table in the user's schemas (the app's tables and Drizzle's migration journal),
 * quoted and schema-qualified.
 */
async function userTables(db: Db): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select format('%I.%I', schemaname, relname) as name
        from pg_stat_user_tables order by schemaname, relname`,
  );
  return rows.map((r) => r.name);
}

/**
 * Makes this connection report its pending table statistics (rows inserted, updated, deleted)
 * at the end of the next statement instead of up to a second later. Without it, a load
 * followed at once by ANALYZE counts as changes made after the ANALYZE (PGlite is one backend
 * that does both), and the next pass would ANALYZE the same tables again.
 */
async function flushTableCounters(db: Db): Promise<void> {
  await db.execute(sql`select pg_stat_force_next_flush()`);
}

/** ANALYZEs every user table (one statement). Returns how many tables it analyzed. */
export async function analyzeAll(db: Db): Promise<number> {
  await flushTableCounters(db);
  const tables = await userTables(db);
  if (tables.length > 0) await db.execute(sql.raw(`ANALYZE ${tables.join(', ')}`));
  return tables.length;
}

/**
 * Tables whose statistics are missing or old:
 * - never analyzed (no row in `pg_stats`, which survives a restart) and not empty;
 * - more rows inserted, updated or deleted since the last ANALYZE than autovacuum would allow
 *   (`n_mod_since_analyze`; PGlite keeps this counter within a run, flushed about once a
 *   second, but forgets it when it closes);
 * - grown by more than `changeFraction` in pages since the last ANALYZE (`relpages`), which
 *   survives a restart where the counter above does not.
 */
export async function staleTables(db: Db, opts: StalenessOptions = {}): Promise<StaleTable[]> {
  const minChanges = opts.minChanges ?? 50;
  const fraction = opts.changeFraction ?? 0.1;
  await flushTableCounters(db);
  const rows = await queryRows<{ name: string; reason: StaleTable['reason'] }>(
    db,
    sql`select name, reason from (
          select format('%I.%I', s.schemaname, s.relname) as name,
                 case
                   when not exists (
                     select 1 from pg_stats st
                     where st.schemaname = s.schemaname and st.tablename = s.relname
                   ) then
                     case when pg_relation_size(c.oid) > 0 then 'never analyzed' end
                   when s.n_mod_since_analyze > ${minChanges}::float8 + ${fraction}::float8 * greatest(c.reltuples, 0)
                     then 'changed'
                   when pg_relation_size(c.oid) / current_setting('block_size')::int
                        > ${minChanges / 10}::float8 + (1 + ${fraction}::float8) * c.relpages
                     then 'grew'
                 end as reason
          from pg_stat_user_tables s
          join pg_class c on c.oid = s.relid
        ) t
        where reason is not null
        order by name`,
  );
  return rows;
}

export interface AnalyzeStaleOptions extends StalenessOptions {
  /** Stop starting new ANALYZEs once this is true (closing). */
  stopped?: () => boolean;
}

/**
 * ANALYZEs the stale tables one statement per table, yielding between them, so that on PGlite
 * (one connection) a request waits for at most one table's ANALYZE. Returns the tables analyzed.
 */
export async function analyzeStaleTables(
  db: Db,
  opts: AnalyzeStaleOptions = {},
): Promise<StaleTable[]> {
  const done: StaleTable[] = [];
  for (const table of await staleTables(db, opts)) {
    if (opts.stopped?.()) break;
    await db.execute(sql.raw(`ANALYZE ${table.name}`));
    done.push(table);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return done;
}

export interface StatisticsSchedule {
  /** Stops the schedule and waits for a running pass to finish (its current table). */
  stop(): Promise<void>;
  /** Runs one pass now (tests; also the first pass after start). */
  runNow(): Promise<StaleTable[]>;
}

export interface StatisticsScheduleOptions extends StalenessOptions {
  /** Time between passes (default 5 minutes). */
  intervalMs?: number;
  /** Run a first pass this long after start (default 30 s): catches what a restart forgot. */
  firstPassMs?: number;
  log?: { info(o: object, m: string): void; warn(o: object, m: string): void };
}

export const STATISTICS_INTERVAL_MS = 5 * 60_000;

/**
 * On PGlite (no autovacuum), ANALYZEs stale tables every `intervalMs`; a no-op schedule on
 * PostgreSQL, whose autovacuum does it. Timers are unref'd: they never keep the process alive.
 * Call `stop()` before closing the database.
 */
export function scheduleStatistics(
  database: Database,
  opts: StatisticsScheduleOptions = {},
): StatisticsSchedule {
  let stopped = false;
  let running: Promise<StaleTable[]> | undefined;
  const pass = async (): Promise<StaleTable[]> => {
    if (stopped) return [];
    if (running) return running;
    const started = Date.now();
    running = analyzeStaleTables(database.db, { ...opts, stopped: () => stopped })
      .then(
        (tables) => {
          if (tables.length > 0)
            opts.log?.info(
              { tables: tables.map((t) => `${t.name} (${t.reason})`), ms: Date.now() - started },
              'Statistics refreshed (ANALYZE)',
            );
          return tables;
        },
        (err: unknown) => {
          if (!stopped) opts.log?.warn({ err }, 'ANALYZE of changed tables failed');
          return [];
        },
      )
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timers: NodeJS.Timeout[] = [];
  if (database.kind === 'pglite') {
    timers.push(setTimeout(() => void pass(), opts.firstPassMs ?? 30_000));
    timers.push(setInterval(() => void pass(), opts.intervalMs ?? STATISTICS_INTERVAL_MS));
    for (const t of timers) t.unref();
  }
  return {
    runNow: pass,
    stop: async () => {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      await running;
    },
  };
}
