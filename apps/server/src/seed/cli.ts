/**
 * `npm run seed -- [options]`: the demo world, or a large generated one for benchmarks.
 *
 *   npm run seed                                   the demo world (only into an empty database)
 *   npm run seed -- --users 10000 --posts 1000000  a bulk world (adds to what is there)
 *
 * Opens the database as the server does (DATABASE_URL, or PGlite in DATA_DIR/db, which it
 * creates and migrates when missing). With PGlite it takes the data folder's lock first:
 * stop the server before seeding.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig, type AppConfig } from '../config/env';
import { migrateDatabase, openDatabase, type Database } from '../db/client';
import { acquireDataDirLock } from '../db/lock';
import { createStorage } from '../storage/create-storage';
import { BULK_PASSWORD, bulkSeed, type BulkSeedOptions } from './bulk-seed';
import { isDatabaseEmpty, seedDemo } from './demo-seed';

export const USAGE = `Usage: npm run seed -- [options]

  (no options)          seed the demo world into an empty database
  --demo                the same, explicitly
  --users N             bulk: new users (default 1000)
  --posts N             bulk: new posts (default 10000)
  --communities N       bulk: new communities (default users/50, 5 to 100)
  --comments N          bulk: about N comments in all (default: one per post)
  --likes N             bulk: average likes per post (default 3)
  --follows N           bulk: follows per user (default 10)
  --memberships N       bulk: communities each user joins (default 5)
  --chunk N             bulk: posts per INSERT (default 20000)
  --help                this text

Bulk accounts sign in with the password "${BULK_PASSWORD}".`;

export class SeedCliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SeedCliError';
  }
}

export interface SeedCommand {
  mode: 'demo' | 'bulk' | 'help';
  bulk: Omit<BulkSeedOptions, 'db' | 'log'>;
}

const NUMERIC: Record<string, keyof SeedCommand['bulk']> = {
  '--users': 'users',
  '--posts': 'posts',
  '--communities': 'communities',
  '--comments': 'comments',
  '--likes': 'likesPerPost',
  '--follows': 'followsPerUser',
  '--memberships': 'membershipsPerUser',
  '--chunk': 'chunkSize',
};

/** Parses the arguments (without the program name). Numbers may use _ or , as separators, or k/m suffixes. */
export function parseSeedArgs(argv: string[]): SeedCommand {
  const cmd: SeedCommand = { mode: 'demo', bulk: {} };
  let sawBulk = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes('=')
      ? (arg.split('=', 2) as [string, string])
      : [arg, undefined];
    if (flag === '--help' || flag === '-h') return { mode: 'help', bulk: {} };
    if (flag === '--demo') continue;
    const key = NUMERIC[flag];
    if (!key) throw new SeedCliError(`Unknown option "${arg}".\n\n${USAGE}`);
    const value = inline ?? argv[++i];
    const n = parseCount(value);
    if (n === undefined)
      throw new SeedCliError(`${flag} needs a number (got ${JSON.stringify(value ?? null)}).`);
    cmd.bulk[key] = n;
    sawBulk = true;
  }
  if (sawBulk) cmd.mode = 'bulk';
  return cmd;
}

function parseCount(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const m = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(value.replace(/[_,]/g, ''));
  if (!m) return undefined;
  const mult = m[2]?.toLowerCase() === 'k' ? 1e3 : m[2]?.toLowerCase() === 'm' ? 1e6 : 1;
  return Math.round(Number(m[1]) * mult);
}

async function openSeedDatabase(
  config: AppConfig,
): Promise<{ database: Database; release: () => Promise<void> }> {
  if (config.databaseUrl) {
    return {
      database: await openDatabase({ databaseUrl: config.databaseUrl, poolMax: 2 }),
      release: async () => {},
    };
  }
  mkdirSync(config.dataDir, { recursive: true });
  let release: () => Promise<void>;
  try {
    release = await acquireDataDirLock(config.dataDir);
  } catch (err) {
    throw new SeedCliError(
      `${err instanceof Error ? err.message : String(err)}\n` +
        'The embedded database can be opened by one process at a time: stop the server, seed, then start it again.',
    );
  }
  try {
    return { database: await openDatabase({ dataDir: path.join(config.dataDir, 'db') }), release };
  } catch (err) {
    await release();
    throw err;
  }
}

async function main(argv: string[]): Promise<number> {
  // `npm run seed` runs in apps/server; a relative DATA_DIR means the folder npm was started in.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  let config: AppConfig;
  let cmd: SeedCommand;
  try {
    config = loadConfig();
    cmd = parseSeedArgs(argv);
  } catch (e) {
    if (e instanceof ConfigError || e instanceof SeedCliError) {
      console.error(e.message);
      return 1;
    }
    throw e;
  }
  if (cmd.mode === 'help') {
    console.log(USAGE);
    return 0;
  }
  let opened: Awaited<ReturnType<typeof openSeedDatabase>> | undefined;
  try {
    opened = await openSeedDatabase(config);
    const { db } = opened.database;
    console.log(
      `Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : path.join(config.dataDir, 'db')}`,
    );
    await migrateDatabase(opened.database);
    const log = (m: string) => console.log(`  ${m}`);
    const t0 = Date.now();
    if (cmd.mode === 'demo') {
      if (!(await isDatabaseEmpty(db))) {
        console.log(
          'The database already has users: the demo world is only seeded into an empty one.',
        );
        return 0;
      }
      const storage = createStorage(config);
      const result = await seedDemo({ db, storage, log });
      console.log(
        `Demo world ready in ${((Date.now() - t0) / 1000).toFixed(1)} s. Sign in as ${result.demoEmail} / ${result.demoPassword}.`,
      );
      for (const staff of result.staff)
        console.log(`  ${staff.role}: ${staff.email} / ${result.demoPassword}`);
    } else {
      console.log('Bulk seed:', JSON.stringify(cmd.bulk));
      const counts = await bulkSeed({ db, log, ...cmd.bulk });
      console.log(
        `Done in ${counts.seconds.toFixed(1)} s:`,
        JSON.stringify({ ...counts, seconds: undefined }),
      );
    }
    return 0;
  } catch (e) {
    if (e instanceof SeedCliError) {
      console.error(e.message);
      return 1;
    }
    throw e;
  } finally {
    await opened?.database.close();
    await opened?.release();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
