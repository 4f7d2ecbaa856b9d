/**
 * What a database and a file folder hold, for backups and the move to PostgreSQL: row counts
 * per table, the migration level, the tables in foreign-key order, and the stored objects of a
 * local storage folder. Works on both engines (raw SQL through `queryRows`).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

/** A problem to print as is (no stack): bad usage, a running server, a non-empty target. */
export class OpsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OpsError';
  }
}

/** The application's tables: every ordinary table of the `public` schema, sorted by name. */
export async function listTables(db: Db): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
  );
  return rows.map((r) => r.name);
}

/** Exact row counts per table (`count(*)`, not the planner's estimate), keys sorted. */
export async function countRows(db: Db, tables?: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables ?? (await listTables(db))) {
    const [row] = await queryRows<{ n: number | string }>(
      db,
      sql`SELECT count(*)::bigint AS n FROM ${sql.identifier(table)}`,
    );
    counts[table] = Number(row?.n ?? 0);
  }
  return counts;
}

/** The migration level: how many migrations Drizzle's journal records, and the newest one's time. */
export interface MigrationLevel {
  applied: number;
  /** `created_at` of the newest applied migration (the journal's `when`, ms), null when none. */
  lastWhen: number | null;
}

export async function migrationLevel(db: Db): Promise<MigrationLevel> {
  const [exists] = await queryRows<{ present: boolean }>(
    db,
    sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`,
  );
  if (!exists?.present) return { applied: 0, lastWhen: null };
  const [row] = await queryRows<{ n: number | string; last: number | string | null }>(
    db,
    sql`SELECT count(*)::int AS n, max(created_at) AS last FROM drizzle.__drizzle_migrations`,
  );
  return {
    applied: Number(row?.n ?? 0),
    lastWhen: row?.last === null || row?.last === undefined ? null : Number(row.last),
  };
}

/** A foreign key of a public table: `table(columns)` refers to `refTable`. */
export interface ForeignKey {
  name: string;
  table: string;
  refTable: string;
  /** `pg_get_constraintdef`: what re-creates it. */
  definition: string;
}

/** Every foreign key of the public schema, by table (also run on a raw connection by to-postgres.ts). */
export const FOREIGN_KEYS_SQL = `SELECT con.conname AS name, src.relname AS table, ref.relname AS "refTable",
    pg_get_constraintdef(con.oid) AS definition
  FROM pg_constraint con
  JOIN pg_class src ON src.oid = con.conrelid
  JOIN pg_class ref ON ref.oid = con.confrelid
  JOIN pg_namespace n ON n.oid = src.relnamespace
  WHERE con.contype = 'f' AND n.nspname = 'public'
  ORDER BY src.relname, con.conname`;

export async function listForeignKeys(db: Db): Promise<ForeignKey[]> {
  return queryRows<ForeignKey & Record<string, unknown>>(db, sql.raw(FOREIGN_KEYS_SQL));
}

/**
 * The tables ordered so that each comes after every table it refers to (a table's references
 * to itself are left to the caller). Throws on a cycle between tables, which no copy in
 * one pass could satisfy.
 */
export function foreignKeyOrder(tables: string[], fks: ForeignKey[]): string[] {
  const deps = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const fk of fks) {
    if (fk.table !== fk.refTable) deps.get(fk.table)?.add(fk.refTable);
  }
  const order: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (table: string, trail: string[]) => {
    if (state.get(table) === 'done') return;
    if (state.get(table) === 'visiting') {
      throw new OpsError(`Foreign keys form a cycle: ${[...trail, table].join(' → ')}.`);
    }
    state.set(table, 'visiting');
    for (const dep of [...(deps.get(table) ?? [])].sort()) visit(dep, [...trail, table]);
    state.set(table, 'done');
    order.push(table);
  };
  for (const table of [...tables].sort()) visit(table, []);
  return order;
}

/** One stored object of a local storage folder. */
export interface StoredFile {
  /** The storage key (slash-separated). */
  key: string;
  size: number;
  sha256: string;
}

/**
 * The objects of a LocalStorage folder (local-storage.ts): every file outside `.meta` and
 * `.tmp` (uploads in progress), with size and SHA-256, sorted by key. A missing folder holds none.
 */
export async function listStoredFiles(root: string): Promise<StoredFile[]> {
  let entries;
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const files: StoredFile[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const key = path.relative(root, full).split(path.sep).join('/');
    if (key.startsWith('.meta/') || key.startsWith('.tmp/')) continue;
    files.push({ key, size: (await stat(full)).size, sha256: await sha256File(full) });
  }
  return files.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** The differences between two row-count maps, one line each ("posts: 12 expected, 11 found"). */
export function countDifferences(
  expected: Record<string, number>,
  found: Record<string, number>,
): string[] {
  const tables = [...new Set([...Object.keys(expected), ...Object.keys(found)])].sort();
  return tables
    .filter((t) => expected[t] !== found[t])
    .map((t) => `${t}: ${expected[t] ?? 'no table'} expected, ${found[t] ?? 'no table'} found`);
}
