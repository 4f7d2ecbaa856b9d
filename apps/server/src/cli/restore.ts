/**
 * `npm run restore -- <backup folder> [--data-dir D]`: restores a backup made by
 * `npm run backup` into an empty data folder, then checks every table's row count and every
 * file against the backup's manifest. With DATABASE_URL set it prints the pg_restore and
 * file-sync commands instead (exit code 2). docs/backups.md.
 */
import path from 'node:path';
import type { AppConfig } from '../config/env';
import { postgresBackupAdvice, restoreBackup } from './ops/backup';
import { EXIT_NOTHING_DONE, parseCliArgs, runCli } from './ops/cli-run';
import { OpsError } from './ops/inventory';

export const RESTORE_USAGE = `Usage: npm run restore -- <backup folder> [--data-dir DATA_DIR]

  <backup folder>   a folder written by npm run backup
  --data-dir        an EMPTY (or missing) folder to restore into (default: DATA_DIR, ./data)

Then start the server with DATA_DIR set to that folder.`;

export async function restoreMain(argv: string[], config: AppConfig): Promise<number> {
  const { values, positionals } = parseCliArgs(
    argv,
    { 'data-dir': { type: 'string' }, help: { type: 'boolean' } },
    RESTORE_USAGE,
    true,
  );
  if (values.help) {
    console.log(RESTORE_USAGE);
    return 0;
  }
  if (config.databaseUrl) {
    console.log(postgresBackupAdvice('restore', Boolean(config.s3)));
    return EXIT_NOTHING_DONE;
  }
  if (positionals.length !== 1) {
    throw new OpsError(`Give exactly one backup folder.\n\n${RESTORE_USAGE}`);
  }
  const dataDir = path.resolve(values['data-dir'] ?? config.dataDir);
  const started = Date.now();
  const { manifest } = await restoreBackup({ backup: path.resolve(positionals[0]!), dataDir });
  const rows = Object.values(manifest.rows).reduce((s, n) => s + n, 0);
  console.log(
    `Restored the backup of ${manifest.createdAt} into ${dataDir} in ${((Date.now() - started) / 1000).toFixed(1)} s;\n` +
      `checked: ${rows} rows in ${Object.keys(manifest.rows).length} tables, ${manifest.files.count} files (${manifest.files.bytes} bytes).\n` +
      `Start the server with DATA_DIR=${dataDir}.`,
  );
  return 0;
}

runCli(import.meta.url, restoreMain);
