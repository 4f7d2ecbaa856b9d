/**
 * Backups of an embedded data folder (DATA_DIR): the PGlite database, the stored files and
 * the folder's other files (auth-secret, vapid.json…), with a manifest to check a restore by.
 *
 * A backup is a folder:
 *   manifest.json   what is inside: row counts per table, migration level, files with sizes
 *                   and SHA-256, created at (written last: a folder without it is incomplete)
 *   db.tar.gz       PGlite's `dumpDataDir('gzip')`: the database files themselves
 *   files/          DATA_DIR/files as is (objects and their `.meta` sidecars), without `.tmp`
 *   extra/          every other entry of DATA_DIR (not db, files, the lock file)
 *
 * Consistency comes from the data folder's lock (db/lock.ts): the backup takes it, so no
 * server writes the database or the files while it runs; while a server holds it, the backup
 * refuses. See docs/backups.md for why, and for PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, openAsBlob, readFileSync } from 'node:fs';
import { cp, mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { openDatabase, type Database } from '../../db/client';
import { acquireDataDirLock, LOCK_FILE_NAME } from '../../db/lock';
import {
  countDifferences,
  countRows,
  listStoredFiles,
  migrationLevel,
  OpsError,
  type MigrationLevel,
  type StoredFile,
} from './inventory';

export const MANIFEST_FILE = 'manifest.json';
export const DB_DUMP_FILE = 'db.tar.gz';
const MANIFEST_FORMAT = 'otakura-backup-1';

export interface BackupManifest {
  format: typeof MANIFEST_FORMAT;
  /** ISO time the backup was taken. */
  createdAt: string;
  /** The PGlite version that wrote db.tar.gz: a restore needs one that reads its files. */
  pgliteVersion: string;
  migrations: MigrationLevel;
  /** Exact row counts per table of the public schema. */
  rows: Record<string, number>;
  files: { count: number; bytes: number; list: StoredFile[] };
  /** Top-level entries of DATA_DIR copied into extra/ (auth-secret, vapid.json, …). */
  extra: string[];
}

/** The entries of DATA_DIR that are not the database, the files or the lock. */
const SPECIAL_ENTRIES = new Set(['db', 'files', LOCK_FILE_NAME]);

export function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  const pkg = path.join(
    path.dirname(require.resolve('@electric-sql/pglite')),
    '..',
    'package.json',
  );
  return String((JSON.parse(readFileSync(pkg, 'utf8')) as { version?: string }).version);
}

/** A lock failure (a live server, say) as the message to print. */
function lockRefusal(err: unknown, dataDir: string, what: string): OpsError {
  const reason = err instanceof Error ? err.message : String(err);
  return new OpsError(
    `${reason}\nThe embedded database in ${dataDir} is in use, so ${what} would not be consistent. ` +
      'Stop the server first, run this command again, then start the server (a backup of a small ' +
      'instance takes seconds). To back up without stopping, run on PostgreSQL (docs/backups.md).',
  );
}

async function isEmptyFolder(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
}

export interface BackupResult {
  out: string;
  manifest: BackupManifest;
}

/**
 * Backs up `dataDir` into the new folder `out` (which must not exist or be empty). Takes the
 * data folder's lock for the whole run; refuses while a server (or anything else) holds it.
 * The backup is written beside `out` and renamed into place when complete.
 */
export async function createBackup(opts: { dataDir: string; out: string }): Promise<BackupResult> {
  const dataDir = path.resolve(opts.dataDir);
  const out = path.resolve(opts.out);
  const dbDir = path.join(dataDir, 'db');
  if (!existsSync(dbDir)) {
    throw new OpsError(`There is no embedded database in ${dbDir}: nothing to back up.`);
  }
  const rel = path.relative(dataDir, out);
  if (!rel.startsWith('..') && !path.isAbsolute(rel)) {
    throw new OpsError(`Write the backup outside the data folder (${out} is inside ${dataDir}).`);
  }
  if (!(await isEmptyFolder(out))) {
    throw new OpsError(`${out} already exists and is not empty: choose a new place with --out.`);
  }

  let release: () => Promise<void>;
  try {
    release = await acquireDataDirLock(dataDir);
  } catch (err) {
    throw lockRefusal(err, dataDir, 'a backup');
  }
  const partial = `${out}.partial-${process.pid}-${randomBytes(3).toString('hex')}`;
  try {
    await mkdir(partial, { recursive: true });
    let database: Database | undefined;
    let rows: Record<string, number>;
    let migrations: MigrationLevel;
    try {
      database = await openDatabase({ dataDir: dbDir });
      rows = await countRows(database.db);
      migrations = await migrationLevel(database.db);
      const dump = await database.pglite!.dumpDataDir('gzip');
      await writeFile(path.join(partial, DB_DUMP_FILE), new Uint8Array(await dump.arrayBuffer()));
    } finally {
      await database?.close();
    }

    const filesDir = path.join(dataDir, 'files');
    const list = await listStoredFiles(filesDir);
    if (existsSync(filesDir)) {
      await cp(filesDir, path.join(partial, 'files'), {
        recursive: true,
        filter: (src) => path.relative(filesDir, src).split(path.sep)[0] !== '.tmp',
      });
    }
    const extra = (await readdir(dataDir)).filter((name) => !SPECIAL_ENTRIES.has(name)).sort();
    for (const name of extra) {
      await cp(path.join(dataDir, name), path.join(partial, 'extra', name), { recursive: true });
    }

    const manifest: BackupManifest = {
      format: MANIFEST_FORMAT,
      createdAt: new Date().toISOString(),
      pgliteVersion: pgliteVersion(),
      migrations,
      rows,
      files: { count: list.length, bytes: list.reduce((s, f) => s + f.size, 0), list },
      extra,
    };
    await writeFile(path.join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    await rm(out, { recursive: true, force: true }); // an empty folder, checked above
    await rename(partial, out);
    return { out, manifest };
  } catch (err) {
    await rm(partial, { recursive: true, force: true });
    throw err;
  } finally {
    await release();
  }
}

export async function readManifest(backup: string): Promise<BackupManifest> {
  const file = path.join(backup, MANIFEST_FILE);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(file, 'utf8')) as BackupManifest;
  } catch (err) {
    throw new OpsError(
      `${backup} is not a complete Otakura backup (${MANIFEST_FILE}: ${
        (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : (err as Error).message
      }).`,
    );
  }
  if (manifest.format !== MANIFEST_FORMAT) {
    throw new OpsError(`${file} has format ${String(manifest.format)}, not ${MANIFEST_FORMAT}.`);
  }
  if (!existsSync(path.join(backup, DB_DUMP_FILE))) {
    throw new OpsError(`${backup} has no ${DB_DUMP_FILE}: the backup is incomplete.`);
  }
  return manifest;
}

export interface RestoreResult {
  dataDir: string;
  manifest: BackupManifest;
}

/**
 * Restores the backup folder `backup` into `dataDir`, which must be missing or empty, then
 * checks every table's row count, the migration level and every file (size and SHA-256)
 * against the manifest. On any failure the folder is emptied again and the error names what
 * differed. The data folder's lock is held throughout, so no server starts on a half restore.
 */
export async function restoreBackup(opts: {
  backup: string;
  dataDir: string;
}): Promise<RestoreResult> {
  const backup = path.resolve(opts.backup);
  const dataDir = path.resolve(opts.dataDir);
  const manifest = await readManifest(backup);
  if (!(await isEmptyFolder(dataDir))) {
    throw new OpsError(
      `${dataDir} is not empty. Restore into an empty folder (a new DATA_DIR), then point the server at it.`,
    );
  }
  const existed = existsSync(dataDir);
  let release: () => Promise<void>;
  try {
    release = await acquireDataDirLock(dataDir);
  } catch (err) {
    throw lockRefusal(err, dataDir, 'a restore');
  }
  try {
    let database: Database | undefined;
    try {
      const dump = await openAsBlob(path.join(backup, DB_DUMP_FILE), {
        type: 'application/x-gzip',
      });
      try {
        database = await openDatabase({ dataDir: path.join(dataDir, 'db'), loadDataDir: dump });
      } catch (err) {
        const installed = pgliteVersion();
        if (manifest.pgliteVersion === installed) throw err;
        throw new OpsError(
          `The backup's database was written by PGlite ${manifest.pgliteVersion} and this release has ${installed}, which cannot open it (${err instanceof Error ? err.message : String(err)}). Restore with the release that made the backup, then upgrade.`,
        );
      }
      const problems = countDifferences(manifest.rows, await countRows(database.db));
      const level = await migrationLevel(database.db);
      if (level.applied !== manifest.migrations.applied) {
        problems.push(
          `migrations: ${manifest.migrations.applied} expected, ${level.applied} found`,
        );
      }
      if (problems.length) {
        throw new OpsError(
          `The restored database differs from the manifest:\n  ${problems.join('\n  ')}`,
        );
      }
    } finally {
      await database?.close();
    }

    if (existsSync(path.join(backup, 'files'))) {
      await cp(path.join(backup, 'files'), path.join(dataDir, 'files'), { recursive: true });
    }
    for (const name of manifest.extra) {
      await cp(path.join(backup, 'extra', name), path.join(dataDir, name), { recursive: true });
    }
    const restored = new Map(
      (await listStoredFiles(path.join(dataDir, 'files'))).map((f) => [f.key, f]),
    );
    const problems: string[] = [];
    for (const f of manifest.files.list) {
      const got = restored.get(f.key);
      if (!got) problems.push(`${f.key}: missing`);
      else if (got.size !== f.size || got.sha256 !== f.sha256) problems.push(`${f.key}: differs`);
      restored.delete(f.key);
    }
    for (const key of restored.keys()) problems.push(`${key}: not in the manifest`);
    if (problems.length) {
      throw new OpsError(
        `The restored files differ from the manifest (${problems.length}):\n  ${problems.slice(0, 20).join('\n  ')}`,
      );
    }
    return { dataDir, manifest };
  } catch (err) {
    // Leave the folder as we found it: empty (or absent).
    await release();
    if (existed) {
      for (const name of await readdir(dataDir)) {
        await rm(path.join(dataDir, name), { recursive: true, force: true });
      }
    } else {
      await rm(dataDir, { recursive: true, force: true });
    }
    throw err;
  } finally {
    await release();
  }
}

/** What to run instead when the database is PostgreSQL (DATABASE_URL): printed by the CLIs. */
export function postgresBackupAdvice(kind: 'backup' | 'restore', hasS3: boolean): string {
  const files = hasS3
    ? kind === 'backup'
      ? '  aws s3 sync s3://$S3_BUCKET ./otakura-files --endpoint-url "$S3_ENDPOINT"'
      : '  aws s3 sync ./otakura-files s3://$S3_BUCKET --endpoint-url "$S3_ENDPOINT"'
    : kind === 'backup'
      ? '  cp -a "$DATA_DIR/files" ./otakura-files        # local storage: DATA_DIR/files'
      : '  cp -a ./otakura-files "$DATA_DIR/files"';
  const db =
    kind === 'backup'
      ? '  pg_dump --format=custom --file=otakura.dump "$DATABASE_URL"'
      : '  pg_restore --no-owner --exit-on-error --dbname="$DATABASE_URL" otakura.dump   # into an empty database';
  return [
    `DATABASE_URL is set: the database is PostgreSQL, and npm run ${kind} only handles the embedded one.`,
    `PostgreSQL's own tools do it while the servers run (pg_dump reads one consistent snapshot):`,
    '',
    db,
    files,
    '',
    'Also keep DATA_DIR/auth-secret and DATA_DIR/vapid.json (or their environment variables).',
    'See docs/backups.md for the order of the steps and how to check the result.',
  ].join('\n');
}
