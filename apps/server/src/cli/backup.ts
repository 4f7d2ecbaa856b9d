/**
 * `npm run backup -- [--data-dir D] [--out FOLDER]`: a consistent backup of the embedded
 * database, the stored files and the data folder's secrets, into a new folder with a
 * manifest. Refuses while the server runs on the folder. With DATABASE_URL set it prints the
 * pg_dump and file-sync commands instead (exit code 2). docs/backups.md.
 */
import path from 'node:path';
import type { AppConfig } from '../config/env';
import { createBackup, postgresBackupAdvice } from './ops/backup';
import { EXIT_NOTHING_DONE, parseCliArgs, runCli } from './ops/cli-run';

export const BACKUP_USAGE = `Usage: npm run backup -- [--data-dir DATA_DIR] [--out FOLDER]

  --data-dir   the data folder to back up (default: DATA_DIR, ./data)
  --out        the new backup folder (default: ./otakura-backup-<date>-<time>)

Stop the server first: the embedded database is read by one process at a time.`;

/** otakura-backup-20261127-073609 (UTC). */
export function defaultBackupName(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replaceAll('-', '')
    .replaceAll(':', '')
    .replace('T', '-');
  return `otakura-backup-${stamp}`;
}

export async function backupMain(argv: string[], config: AppConfig): Promise<number> {
  const { values } = parseCliArgs(
    argv,
    { 'data-dir': { type: 'string' }, out: { type: 'string' }, help: { type: 'boolean' } },
    BACKUP_USAGE,
  );
  if (values.help) {
    console.log(BACKUP_USAGE);
    return 0;
  }
  if (config.databaseUrl) {
    console.log(postgresBackupAdvice('backup', Boolean(config.s3)));
    return EXIT_NOTHING_DONE;
  }
  const dataDir = path.resolve(values['data-dir'] ?? config.dataDir);
  const out = path.resolve(values.out ?? defaultBackupName());
  const started = Date.now();
  const { manifest } = await createBackup({ dataDir, out });
  const rows = Object.values(manifest.rows).reduce((s, n) => s + n, 0);
  console.log(
    `Backed up ${dataDir} into ${out} in ${((Date.now() - started) / 1000).toFixed(1)} s:\n` +
      `  ${rows} rows in ${Object.keys(manifest.rows).length} tables (migration level ${manifest.migrations.applied})\n` +
      `  ${manifest.files.count} files, ${manifest.files.bytes} bytes\n` +
      (manifest.extra.length ? `  also: ${manifest.extra.join(', ')}\n` : '') +
      `Restore with: npm run restore -- ${out} --data-dir <an empty folder>`,
  );
  return 0;
}

runCli(import.meta.url, backupMain);
