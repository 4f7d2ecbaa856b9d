/**
 * Test databases. Creating a PGlite database costs 4–6 s, loading a dump of one ~0.5–0.9 s
 * (DESIGN.md), so a migrated template is dumped once (cached on disk by a hash of the
 * migrations) and every test file loads its own in-memory copy. With DATABASE_URL set, each
 * test database is a fresh, migrated PostgreSQL database, dropped on close.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import {
  migrateDatabase,
  openDatabase,
  resolveMigrationsFolder,
  type Database,
} from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the migrated PGlite template dump (set by vitest.setup.ts when DATABASE_URL is unset). */
    otakuraTestDbDump?: string;
    /** Names this test run's PostgreSQL databases, so the run's teardown drops any left open. */
    otakuraTestRunId?: string;
    /** PostgreSQL: the run's migrated template database, copied by CREATE DATABASE … TEMPLATE. */
    otakuraTestPgTemplate?: string;
  }
}

export const TEST_DB_PREFIX = 'otakura_test_';
const DUMP_FORMAT = 'v1';

/** A hash of everything the template depends on: the migrations and the PGlite version. */
export function templateHash(migrationsFolder = resolveMigrationsFolder()): string {
  const hash = createHash('sha256').update(DUMP_FORMAT);
  const require = createRequire(import.meta.url);
  const pglitePkg = path.join(
    path.dirname(require.resolve('@electric-sql/pglite')),
    '..',
    'package.json',
  );
  hash.update(
    String((JSON.parse(readFileSync(pglitePkg, 'utf8')) as { version?: string }).version),
  );
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else
        hash
          .update(path.relative(migrationsFolder, full))
          .update('\0')
          .update(readFileSync(full))
          .update('\0');
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

/** node_modules/.cache/otakura-test-db of the install that holds PGlite. */
export function templateCacheDir(): string {
  const resolved = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const marker = `${path.sep}node_modules${path.sep}`;
  const root = resolved.slice(0, resolved.lastIndexOf(marker) + marker.length);
  return path.join(root, '.cache', 'otakura-test-db');
}

/**
 * The path of a dump of a freshly migrated PGlite database, built when the migrations changed
 * (atomic rename, so concurrent runs never read half a file) and reused otherwise.
 */
export async function buildTemplateDump(): Promise<string> {
  const dir = templateCacheDir();
  const hash = templateHash();
  const file = path.join(dir, `template-${hash}.tar`);
  if ((await stat(file).catch(() => undefined))?.size) return file;
  await mkdir(dir, { recursive: true });
  const database = await openDatabase({});
  try {
    await migrateDatabase(database);
    const dump = await database.pglite!.dumpDataDir('none');
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(tmp, new Uint8Array(await dump.arrayBuffer()));
    await rename(tmp, file);
  } finally {
    await database.close();
  }
  for (const name of await readdir(dir)) {
    if (name.startsWith('template-') && name.endsWith('.tar') && !name.includes(hash)) {
      await rm(path.join(dir, name), { force: true });
    }
  }
  return file;
}

let dumpBytes: Promise<Uint8Array> | undefined;

async function injected<
  K extends 'otakuraTestDbDump' | 'otakuraTestRunId' | 'otakuraTestPgTemplate',
>(key: K): Promise<string | undefined> {
  try {
    const { inject } = await import('vitest');
    return inject(key);
  } catch {
    return undefined; // not inside a vitest worker
  }
}

export interface CreateTestDatabaseOptions {
  /** false: an empty, never migrated database (slow on PGlite: 4–6 s). Default true. */
  migrated?: boolean;
}

/**
 * A fresh, migrated database of its own for a test file (the system user exists, nothing else).
 * Close it in `afterAll`. PostgreSQL when `DATABASE_URL` is set, otherwise in-memory PGlite.
 */
export async function createTestDatabase(opts: CreateTestDatabaseOptions = {}): Promise<Database> {
  const migrated = opts.migrated ?? true;
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) return createPostgresTestDatabase(databaseUrl, migrated);
  if (!migrated) return openDatabase({});

  dumpBytes ??= (async () => {
    const file = (await injected('otakuraTestDbDump')) ?? (await buildTemplateDump());
    return new Uint8Array(await readFile(file));
  })();
  const bytes = await dumpBytes;
  return openDatabase({ loadDataDir: new Blob([bytes as Uint8Array<ArrayBuffer>]) });
}

function urlWithDatabase(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdminClient<T>(
  databaseUrl: string,
  fn: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function createPostgresTestDatabase(
  databaseUrl: string,
  migrated: boolean,
): Promise<Database> {
  const runId = (await injected('otakuraTestRunId')) ?? 'adhoc';
  const name = `${TEST_DB_PREFIX}${runId}_${randomBytes(5).toString('hex')}`;
  // A copy of the run's migrated template costs a fraction of migrating a new database.
  const template = migrated ? await injected('otakuraTestPgTemplate') : undefined;
  await withAdminClient(databaseUrl, (c) =>
    c.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`),
  );
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: urlWithDatabase(databaseUrl, name), poolMax: 5 });
    if (migrated && !template) await migrateDatabase(database);
  } catch (err) {
    await dropDatabase(databaseUrl, name);
    throw err;
  }
  const closeInner = database.close;
  let closed = false;
  database.close = async () => {
    if (closed) return;
    closed = true;
    await closeInner();
    await dropDatabase(databaseUrl, name);
  };
  return database;
}

async function dropDatabase(databaseUrl: string, name: string): Promise<void> {
  await withAdminClient(databaseUrl, (c) =>
    c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  );
}

/**
 * The run's migrated template on PostgreSQL (global setup): every migrated test database is
 * created as its copy. Nothing stays connected to it (a template must have no sessions).
 */
export async function createPostgresTemplate(databaseUrl: string, runId: string): Promise<string> {
  const name = `${TEST_DB_PREFIX}${runId}_template`;
  await withAdminClient(databaseUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
  const database = await openDatabase({
    databaseUrl: urlWithDatabase(databaseUrl, name),
    poolMax: 1,
  });
  try {
    await migrateDatabase(database);
  } finally {
    await database.close();
  }
  return name;
}

/** Drops the PostgreSQL test databases of one run that a test file left open (run teardown). */
export async function dropRunDatabases(databaseUrl: string, runId: string): Promise<void> {
  await withAdminClient(databaseUrl, async (c) => {
    const { rows } = await c.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [`${TEST_DB_PREFIX}${runId}_`],
    );
    for (const { datname } of rows)
      await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
}

/** A short id for a test run: lower-case letters and digits, safe in a database name. */
export function newTestRunId(): string {
  return `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}
