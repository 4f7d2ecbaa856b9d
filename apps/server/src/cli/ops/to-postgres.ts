/**
 * The move from the embedded database to PostgreSQL: copies an embedded data folder's rows
 * into an empty PostgreSQL database (migrated with the app's own migrations first) and its
 * local files into the configured storage (S3), then checks the counts. docs/backups.md.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { migrateDatabase, openDatabase, queryRows, type Database } from '../../db/client';
import { acquireDataDirLock } from '../../db/lock';
import { analyzeAll } from '../../db/statistics';
import { SYSTEM_USER_ID } from '../../lib/ids';
import { LocalStorage } from '../../storage/local-storage';
import { S3Storage, type S3StorageOptions } from '../../storage/s3-storage';
import {
  countDifferences,
  countRows,
  foreignKeyOrder,
  FOREIGN_KEYS_SQL,
  type ForeignKey,
  listStoredFiles,
  listTables,
  migrationLevel,
  OpsError,
} from './inventory';

export interface CopyToPostgresOptions {
  dataDir: string;
  databaseUrl: string;
  /** Where the files go; unset: they stay in DATA_DIR/files (local storage, nothing to copy). */
  s3?: S3StorageOptions;
  /** Rows per INSERT (default 500). */
  batchSize?: number;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
}

export interface CopyToPostgresResult {
  rows: Record<string, number>;
  files: { count: number; bytes: number; copiedTo: 's3' | 'local' };
  /** Migrations the embedded database was behind by, applied to it before the copy. */
  sourceMigrationsApplied: number;
}

/**
 * Copies the embedded database in `dataDir` into the empty PostgreSQL database `databaseUrl`
 * and its files into `s3` (when given), then checks that every table's row count and every
 * file arrived. Refuses while a server holds the data folder, and when the target already
 * holds data (anything beyond what the migrations insert) or tables that are not Otakura's.
 */
export async function copyToPostgres(opts: CopyToPostgresOptions): Promise<CopyToPostgresResult> {
  const log = opts.log ?? (() => {});
  const dataDir = path.resolve(opts.dataDir);
  const dbDir = path.join(dataDir, 'db');
  if (!existsSync(dbDir)) {
    throw new OpsError(`There is no embedded database in ${dbDir}: nothing to copy.`);
  }
  let release: () => Promise<void>;
  try {
    release = await acquireDataDirLock(dataDir);
  } catch (err) {
    throw new OpsError(
      `${err instanceof Error ? err.message : String(err)}\n` +
        'Stop the server first: the copy must read a database nobody is writing.',
    );
  }
  let target: Database | undefined;
  let source: Database | undefined;
  try {
    target = await openDatabase({ databaseUrl: opts.databaseUrl, poolMax: 2 });
    await checkTargetIsEmpty(target);
    source = await openDatabase({ dataDir: dbDir });
    // The server migrates at start anyway; the copy needs both at the same level.
    const { applied: sourceMigrationsApplied } = await migrateDatabase(source);
    await migrateDatabase(target);
    await checkTargetIsEmpty(target);
    const [sourceLevel, targetLevel] = [
      await migrationLevel(source.db),
      await migrationLevel(target.db),
    ];
    if (sourceLevel.applied !== targetLevel.applied) {
      throw new OpsError(
        `The embedded database has ${sourceLevel.applied} migrations and PostgreSQL ${targetLevel.applied} after migrating: run both with the same release.`,
      );
    }
    const tables = await listTables(source.db);
    const targetTables = await listTables(target.db);
    if (tables.join() !== targetTables.join()) {
      throw new OpsError(
        `The two databases have different tables (embedded: ${tables.join(', ')}; PostgreSQL: ${targetTables.join(', ')}).`,
      );
    }

    // Files first: S3 puts can be repeated, so a failure here leaves a target a re-run accepts.
    const files = await copyFiles(path.join(dataDir, 'files'), opts.s3, log);

    const expected = await countRows(source.db, tables);
    await copyRows(source.pglite!, target.pool!, tables, opts.batchSize ?? 500, log);
    await analyzeAll(target.db);
    const problems = countDifferences(expected, await countRows(target.db, tables));
    if (problems.length) {
      throw new OpsError(`Row counts differ after the copy:\n  ${problems.join('\n  ')}`);
    }
    return { rows: expected, files, sourceMigrationsApplied };
  } finally {
    await source?.close();
    await target?.close();
    await release();
  }
}

/**
 * The target may be brand new (no tables) or an Otakura database holding nothing but what
 * the migrations insert (the system user). Anything else is refused before it is touched.
 */
async function checkTargetIsEmpty(target: Database): Promise<void> {
  const tables = await listTables(target.db);
  if (tables.length === 0) return;
  if ((await migrationLevel(target.db)).applied === 0) {
    throw new OpsError(
      `The PostgreSQL database already has tables (${tables.slice(0, 5).join(', ')}…) and is not an Otakura database: use an empty one.`,
    );
  }
  const counts = await countRows(target.db, tables);
  const [other] = await queryRows<{ n: number }>(
    target.db,
    sql`SELECT count(*)::int AS n FROM users WHERE id <> ${SYSTEM_USER_ID}`,
  );
  const filled = Object.entries(counts).filter(
    ([table, n]) => n > 0 && (table !== 'users' || (other?.n ?? 0) > 0),
  );
  if (filled.length) {
    throw new OpsError(
      `The PostgreSQL database already holds data (${filled
        .slice(0, 5)
        .map(([t, n]) => `${t}: ${n}`)
        .join(', ')}): the copy goes into an empty database only.`,
    );
  }
}

/** Non-generated columns of a table, in order (generated ones are computed by the target). */
async function insertableColumns(tx: Transaction, table: string): Promise<string[]> {
  const { rows } = await tx.query<{ name: string }>(
    `SELECT attname AS name FROM pg_attribute
     WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
     ORDER BY attnum`,
    [`public.${quoteIdent(table)}`],
  );
  return rows.map((r) => r.name);
}

function quoteLiteral(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * Every row, table by table in foreign-key order, in one PostgreSQL transaction: a failure
 * leaves the target as empty as it was. Rows travel as JSON (`row_to_json` on the embedded
 * side, `json_populate_recordset` on PostgreSQL), so each value keeps its exact type: jsonb
 * arrays, text[], bytea, timestamps with their microseconds. A table's references to itself
 * (comment replies) are dropped for the copy and re-created after it, which checks them all.
 */
async function copyRows(
  source: PGlite,
  pool: pg.Pool,
  tables: string[],
  batchSize: number,
  log: (line: string) => void,
): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const fks = (await listForeignKeysPg(client)).filter((fk) => tables.includes(fk.table));
    const order = foreignKeyOrder(tables, fks);
    const selfRefs = fks.filter((fk) => fk.table === fk.refTable);
    const list = tables.map((t) => `public.${quoteIdent(t)}`).join(', ');
    // Checked again under lock: a server started on the target since the first check would
    // otherwise lose what it wrote to the TRUNCATE below.
    await client.query(`LOCK TABLE ${list} IN ACCESS EXCLUSIVE MODE`);
    const { rows: written } = await client.query<{ table: string }>(
      tables
        .map(
          (t) =>
            `(SELECT ${quoteLiteral(t)} AS table FROM public.${quoteIdent(t)}` +
            (t === 'users' ? ` WHERE id <> ${quoteLiteral(SYSTEM_USER_ID)}` : '') +
            ' LIMIT 1)',
        )
        .join(' UNION ALL '),
    );
    if (written.length) {
      throw new OpsError(
        `Something wrote into the PostgreSQL database during the copy (${written.map((r) => r.table).join(', ')}): is a server running on it? Nothing was copied.`,
      );
    }
    // What the migrations inserted (the system user) comes again from the embedded database.
    await client.query(`TRUNCATE ${list}`);
    for (const fk of selfRefs) {
      await client.query(
        `ALTER TABLE public.${quoteIdent(fk.table)} DROP CONSTRAINT ${quoteIdent(fk.name)}`,
      );
    }
    await source.transaction(async (tx) => {
      await tx.exec('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
      for (const table of order) {
        const copied = await copyTable(tx, client, table, batchSize);
        log(`  ${table}: ${copied} rows`);
      }
      await copySequences(tx, client);
    });
    for (const fk of selfRefs) {
      await client.query(
        `ALTER TABLE public.${quoteIdent(fk.table)} ADD CONSTRAINT ${quoteIdent(fk.name)} ${fk.definition}`,
      );
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

async function listForeignKeysPg(client: pg.PoolClient) {
  // inventory.listForeignKeys's query, on the transaction's own connection.
  const { rows } = await client.query<ForeignKey>(FOREIGN_KEYS_SQL);
  return rows;
}

async function copyTable(
  tx: Transaction,
  client: pg.PoolClient,
  table: string,
  batchSize: number,
): Promise<number> {
  const columns = (await insertableColumns(tx, table)).map(quoteIdent).join(', ');
  const qualified = `public.${quoteIdent(table)}`;
  await tx.exec(
    `DECLARE otakura_copy NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS j FROM ${qualified} t`,
  );
  let copied = 0;
  try {
    for (;;) {
      const { rows } = await tx.query<{ j: string }>(`FETCH ${batchSize} FROM otakura_copy`);
      if (rows.length === 0) break;
      await client.query(
        `INSERT INTO ${qualified} (${columns})
         SELECT ${columns} FROM json_populate_recordset(NULL::${qualified}, $1::json)`,
        [`[${rows.map((r) => r.j).join(',')}]`],
      );
      copied += rows.length;
    }
  } finally {
    await tx.exec('CLOSE otakura_copy');
  }
  return copied;
}

/** Sequences of the public schema (none today: ids are UUIDs) continue where they were. */
async function copySequences(tx: Transaction, client: pg.PoolClient): Promise<void> {
  const { rows } = await tx.query<{ name: string; value: string | number | null }>(
    `SELECT quote_ident(sequencename) AS name, last_value AS value FROM pg_sequences
     WHERE schemaname = 'public'`,
  );
  for (const seq of rows) {
    if (seq.value === null) continue; // never used: the fresh target sequence is right as is
    await client.query(`SELECT setval($1, $2, true)`, [`public.${seq.name}`, String(seq.value)]);
  }
}

/**
 * Copies every object of the local storage folder into S3 (four at a time) and checks each
 * arrived with its size. Without S3 the files already are where the server will read them.
 */
async function copyFiles(
  root: string,
  s3: S3StorageOptions | undefined,
  log: (line: string) => void,
): Promise<CopyToPostgresResult['files']> {
  const list = await listStoredFiles(root);
  const bytes = list.reduce((s, f) => s + f.size, 0);
  if (!s3) {
    log(`Files: ${list.length} (${bytes} bytes) stay in ${root} (no S3_BUCKET set).`);
    return { count: list.length, bytes, copiedTo: 'local' };
  }
  const local = new LocalStorage(root);
  const remote = new S3Storage(s3);
  let copied = 0;
  let copiedBytes = 0;
  let skipped = 0;
  const queue = [...list];
  const problems: string[] = [];
  const worker = async () => {
    for (let f = queue.shift(); f; f = queue.shift()) {
      const object = await local.get(f.key);
      if (!object) {
        skipped++; // bytes without a sidecar: an upload that never finished, not an object
        continue;
      }
      await remote.put(f.key, object.body, {
        contentType: object.info.contentType,
        size: object.info.size,
      });
      const head = await remote.head(f.key);
      if (!head || head.size !== object.info.size) problems.push(f.key);
      else {
        copied++;
        copiedBytes += head.size;
      }
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  if (problems.length) {
    throw new OpsError(
      `${problems.length} files did not arrive in S3 intact: ${problems.slice(0, 10).join(', ')}`,
    );
  }
  log(
    `Files: ${copied} copied to s3://${s3.bucket}` +
      (skipped ? ` (${skipped} without a sidecar skipped: unfinished uploads)` : ''),
  );
  return { count: copied, bytes: copiedBytes, copiedTo: 's3' };
}
