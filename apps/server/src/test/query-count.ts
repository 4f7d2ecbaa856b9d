/**
 * Counts the SQL statements a piece of work sends to the database — e.g. one `app.inject` —
 * by wrapping the driver of a test app's `Database` (per instance, nothing global):
 * PostgreSQL: every client the pool hands out (`acquire`), so `pool.query` and transactions
 * both count once per statement; PGlite: `query`, `exec` and the queries of `transaction`.
 * Sequential use only: statements of unrelated concurrent work would be counted too.
 */
import type { Database } from '../db/client';

export interface QueryCounter {
  /** Runs `fn` and answers the statements sent while it ran, in order. */
  during<T>(fn: () => Promise<T>): Promise<{ result: T; statements: string[] }>;
}

const WRAPPED = Symbol('queryCountWrapped');
const counters = new WeakMap<Database, QueryCounter>();

interface Queryable {
  query: (...args: unknown[]) => unknown;
  exec?: (...args: unknown[]) => unknown;
  [WRAPPED]?: true;
}

function textOf(arg: unknown): string {
  if (typeof arg === 'string') return arg;
  if (arg && typeof arg === 'object' && 'text' in arg)
    return String((arg as { text: unknown }).text);
  return String(arg);
}

/** The counter of `database` (installed on first use; stays for the database's life). */
export function queryCounter(database: Database): QueryCounter {
  const existing = counters.get(database);
  if (existing) return existing;
  let recording: string[] | undefined;
  const wrap = (target: Queryable) => {
    if (target[WRAPPED]) return;
    target[WRAPPED] = true;
    for (const method of ['query', 'exec'] as const) {
      const original = target[method];
      if (typeof original !== 'function') continue;
      target[method] = function (this: unknown, ...args: unknown[]) {
        recording?.push(textOf(args[0]));
        return original.apply(this, args);
      };
    }
  };
  if (database.pool) {
    database.pool.on('acquire', (client) => wrap(client as unknown as Queryable));
  } else if (database.pglite) {
    const pglite = database.pglite as unknown as Queryable & {
      transaction: (fn: (tx: Queryable) => Promise<unknown>) => Promise<unknown>;
    };
    wrap(pglite);
    const transaction = pglite.transaction.bind(pglite);
    pglite.transaction = (fn) =>
      transaction(async (tx) => {
        recording?.push('BEGIN');
        wrap(tx);
        try {
          const result = await fn(tx);
          recording?.push('COMMIT');
          return result;
        } catch (err) {
          recording?.push('ROLLBACK');
          throw err;
        }
      });
  }
  const counter: QueryCounter = {
    async during(fn) {
      if (recording) throw new Error('queryCounter: already counting');
      const statements: string[] = [];
      recording = statements;
      try {
        const result = await fn();
        return { result, statements };
      } finally {
        recording = undefined;
      }
    },
  };
  counters.set(database, counter);
  return counter;
}
