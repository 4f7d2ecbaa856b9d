/**
 * `npm run migrate-to-postgres -- [--data-dir D]` with DATABASE_URL naming an EMPTY
 * PostgreSQL database: migrates it, copies every row of the embedded database in DATA_DIR/db
 * and (with S3_BUCKET set) every file of DATA_DIR/files into S3, then checks the counts.
 * Stop the server first. docs/backups.md.
 */
import path from 'node:path';
import type { AppConfig } from '../config/env';
import { parseCliArgs, runCli } from './ops/cli-run';
import { OpsError } from './ops/inventory';
import { copyToPostgres } from './ops/to-postgres';

export const MIGRATE_USAGE = `Usage: DATABASE_URL=postgres://… [S3_BUCKET=… S3_*=…] npm run migrate-to-postgres -- [--data-dir DATA_DIR]

  --data-dir   the embedded data folder to copy (default: DATA_DIR, ./data)

DATABASE_URL must name an empty PostgreSQL database. With S3_BUCKET set, the files are copied
into that bucket; without it they stay in DATA_DIR/files. Stop the server first.`;

export async function migrateToPostgresMain(argv: string[], config: AppConfig): Promise<number> {
  const { values } = parseCliArgs(
    argv,
    { 'data-dir': { type: 'string' }, help: { type: 'boolean' } },
    MIGRATE_USAGE,
  );
  if (values.help) {
    console.log(MIGRATE_USAGE);
    return 0;
  }
  if (!config.databaseUrl) {
    throw new OpsError(
      `Set DATABASE_URL to the empty PostgreSQL database to copy into.\n\n${MIGRATE_USAGE}`,
    );
  }
  const dataDir = path.resolve(values['data-dir'] ?? config.dataDir);
  const started = Date.now();
  console.log(`Copying ${path.join(dataDir, 'db')} into PostgreSQL…`);
  const result = await copyToPostgres({
    dataDir,
    databaseUrl: config.databaseUrl,
    s3: config.s3 ?? undefined,
    log: (line) => console.log(line),
  });
  const rows = Object.values(result.rows).reduce((s, n) => s + n, 0);
  console.log(
    `Done in ${((Date.now() - started) / 1000).toFixed(1)} s; checked: ${rows} rows in ${Object.keys(result.rows).length} tables, ` +
      `${result.files.count} files (${result.files.copiedTo === 's3' ? 'in S3' : 'left in DATA_DIR/files'}).\n` +
      'Start the server with the same DATABASE_URL (and S3_* settings). Keep DATA_DIR for auth-secret ' +
      'and vapid.json, or set their environment variables; the embedded database is left as it was.',
  );
  return 0;
}

runCli(import.meta.url, migrateToPostgresMain);
