/**
 * `npm run import-firebase -- <export.json> <files folder> [options]`: brings the first
 * build's Realtime Database export and its stored files into this database, idempotently
 * (a second run changes nothing), and prints what it read, imported, found already there and
 * skipped, with why. docs/import-firebase.md.
 *
 * Opens the database as the server does (DATABASE_URL, or PGlite in DATA_DIR/db, created and
 * migrated when missing). With PGlite it refuses while the server runs on the data folder.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config/env';
import { migrateDatabase, openDatabase, type Database } from '../db/client';
import { acquireDataDirLock } from '../db/lock';
import { createStorage } from '../storage/create-storage';
import { importFirebaseExport } from './import-firebase/importer';
import { formatReport, ImportError } from './import-firebase/report';
import { sendResetMails } from './import-firebase/reset-mails';
import { OpsError } from './ops/inventory';
import { parseCliArgs, runCli } from './ops/cli-run';

export const IMPORT_USAGE = `Usage: npm run import-firebase -- <export.json> <files folder> [options]

  <export.json>          the first build's Realtime Database export (JSON)
  <files folder>         its stored files: user-profile-images/, post-images/, post-videos/
  --report FILE          also write the report as JSON to FILE
  --send-reset-emails    mail each imported account without a password a reset link
  --data-dir DATA_DIR    the data folder (default: DATA_DIR, ./data)

Imported accounts have no password (the identity service's hashes cannot be exported):
signing in tells them to use "Forgot password". Running it again changes nothing.
With the embedded database, stop the server first.`;

async function openForImport(
  config: AppConfig,
): Promise<{ database: Database; release: () => Promise<void>; where: string }> {
  if (config.databaseUrl) {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, poolMax: 2 });
    return { database, release: async () => {}, where: 'PostgreSQL (DATABASE_URL)' };
  }
  mkdirSync(config.dataDir, { recursive: true });
  let release: () => Promise<void>;
  try {
    release = await acquireDataDirLock(config.dataDir);
  } catch (err) {
    throw new OpsError(
      `${err instanceof Error ? err.message : String(err)}\n` +
        'The embedded database can be opened by one process at a time: stop the server, run the import, then start the server again.',
    );
  }
  const dbDir = path.join(config.dataDir, 'db');
  try {
    const database = await openDatabase({ dataDir: dbDir });
    return { database, release, where: dbDir };
  } catch (err) {
    await release();
    throw err;
  }
}

export async function importFirebaseMain(argv: string[], config: AppConfig): Promise<number> {
  const { values, positionals } = parseCliArgs(
    argv,
    {
      report: { type: 'string' },
      'send-reset-emails': { type: 'boolean' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean' },
    },
    IMPORT_USAGE,
    true,
  );
  if (values.help) {
    console.log(IMPORT_USAGE);
    return 0;
  }
  if (positionals.length !== 2)
    throw new OpsError(`Give the export file and the files folder.\n\n${IMPORT_USAGE}`);
  const [exportFile, filesDir] = positionals.map((p) => path.resolve(p)) as [string, string];
  if (!existsSync(exportFile)) throw new OpsError(`There is no export at ${exportFile}.`);
  if (!existsSync(filesDir)) throw new OpsError(`There is no files folder at ${filesDir}.`);
  const cfg = values['data-dir']
    ? { ...config, dataDir: path.resolve(values['data-dir']) }
    : config;

  const opened = await openForImport(cfg);
  try {
    console.log(`Database: ${opened.where}`);
    await migrateDatabase(opened.database);
    const started = Date.now();
    let report;
    try {
      report = await importFirebaseExport({
        db: opened.database.db,
        storage: createStorage(cfg),
        exportFile,
        filesDir,
        log: (m) => console.log(`  ${m}`),
      });
    } catch (err) {
      if (err instanceof ImportError) throw new OpsError(err.message);
      throw err;
    }
    if (values['send-reset-emails']) {
      report.resetMails = { requested: true, ...(await sendResetMails(cfg, opened.database)) };
    }
    console.log(`\nImported ${exportFile} in ${((Date.now() - started) / 1000).toFixed(1)} s:\n`);
    console.log(formatReport(report));
    if (values.report) {
      await writeFile(path.resolve(values.report), `${JSON.stringify(report, null, 2)}\n`);
      console.log(`\nReport written to ${path.resolve(values.report)}`);
    }
    return 0;
  } finally {
    await opened.database.close();
    await opened.release();
  }
}

runCli(import.meta.url, importFirebaseMain);
