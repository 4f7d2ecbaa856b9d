/**
 * A streaming replica of the local PostgreSQL cluster for tests (docs/read-replicas.md):
 * `pg_basebackup -R` into a temp folder, started with `pg_ctl` on a free loopback port as the
 * `postgres` OS user (PostgreSQL refuses to run as root). Loopback only; `remove()` stops it
 * and deletes the folder.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, chmod, chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** The pg_hba line replication needs on the primary (the test adds it when running as root). */
export const REPLICATION_HBA_LINE = 'host replication all 127.0.0.1/32 trust';

export interface PgReplica {
  port: number;
  /** A postgres:// URL of `database` on the replica. */
  url(database: string): string;
  /** Runs SQL on the replica (as postgres, database `postgres` unless named). */
  query<T extends pg.QueryResultRow>(text: string, database?: string): Promise<T[]>;
  /** pg_ctl stop -m fast (the replica goes away). */
  stop(): Promise<void>;
  /** pg_ctl start (it comes back and catches up). */
  start(): Promise<void>;
  /** Stops it if running and deletes its folder. Safe to call twice. */
  remove(): Promise<void>;
}

const isRoot = () => process.getuid?.() === 0;

/** Runs a PostgreSQL tool as the postgres OS user (root runs it through runuser). */
async function asPostgres(bin: string, args: string[], timeoutMs = 60_000) {
  const [cmd, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  try {
    return await run(cmd, argv, { timeout: timeoutMs });
  } catch (err) {
    const e = err as Error & { stderr?: string; stdout?: string };
    throw new Error(`${bin} ${args.join(' ')} failed: ${e.message}\n${e.stderr ?? ''}`);
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Makes sure the primary accepts replication connections from 127.0.0.1: adds
 * `REPLICATION_HBA_LINE` to its pg_hba.conf and reloads when running as root, or fails with
 * the instruction. Also checks wal_level and max_wal_senders.
 */
export async function ensureReplicationAllowed(adminUrl: string): Promise<void> {
  await withClient(adminUrl, async (c) => {
    const settings = await c.query<{ name: string; setting: string }>(
      "SELECT name, setting FROM pg_settings WHERE name IN ('wal_level', 'max_wal_senders')",
    );
    const get = (n: string) => settings.rows.find((r) => r.name === n)?.setting;
    if (get('wal_level') === 'minimal' || Number(get('max_wal_senders') ?? 0) < 2)
      throw new Error(
        `The primary cannot stream to a replica (wal_level=${get('wal_level')}, max_wal_senders=${get('max_wal_senders')}): set wal_level=replica and max_wal_senders>=2, then restart PostgreSQL.`,
      );
    const allowed = async () =>
      (
        await c.query(
          `SELECT 1 FROM pg_hba_file_rules
            WHERE 'replication' = ANY(database) AND auth_method = 'trust' AND error IS NULL
              AND (type = 'local' OR (type = 'host' AND address = '127.0.0.1'))`,
        )
      ).rowCount! > 0;
    if (await allowed()) return;
    const { rows } = await c.query<{ hba_file: string }>('SHOW hba_file');
    const hbaFile = rows[0]!.hba_file;
    if (!isRoot())
      throw new Error(
        `PostgreSQL refuses replication connections: add the line "${REPLICATION_HBA_LINE}" to ${hbaFile} and run SELECT pg_reload_conf() (the read-replica tests stream a replica of this cluster).`,
      );
    await appendFile(
      hbaFile,
      `\n# Otakura read-replica tests (docs/read-replicas.md)\n${REPLICATION_HBA_LINE}\n`,
    );
    await c.query('SELECT pg_reload_conf()');
    if (!(await allowed()))
      throw new Error(
        `Added "${REPLICATION_HBA_LINE}" to ${hbaFile}, but PostgreSQL does not read it.`,
      );
  });
}

/** The bin folder of the primary's major version (Debian layout), else rely on PATH. */
function binOf(major: string, tool: string): string {
  const candidate = `/usr/lib/postgresql/${major}/bin/${tool}`;
  return existsSync(candidate) ? candidate : tool;
}

/** Clones the cluster at `adminUrl` into a streaming replica and starts it. */
export async function startReplica(adminUrl: string): Promise<PgReplica> {
  await ensureReplicationAllowed(adminUrl);
  const primary = new URL(adminUrl);
  const limits = await withClient(adminUrl, async (c) => {
    const { rows } = await c.query<{ name: string; setting: string }>(
      `SELECT name, setting FROM pg_settings WHERE name IN ('server_version_num', 'max_connections',
        'max_worker_processes', 'max_wal_senders', 'max_prepared_transactions', 'max_locks_per_transaction')`,
    );
    return Object.fromEntries(rows.map((r) => [r.name, r.setting]));
  });
  const major = String(Math.floor(Number(limits.server_version_num) / 10_000));
  const port = await freePort();
  const root = await mkdtemp(path.join(os.tmpdir(), 'otakura-replica-'));
  const dataDir = path.join(root, 'data');
  let running = false;
  let removed = false;

  const pgCtl = (args: string[]) => asPostgres(binOf(major, 'pg_ctl'), ['-D', dataDir, ...args]);
  const replica: PgReplica = {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    query: async <T extends pg.QueryResultRow>(text: string, database = 'postgres') =>
      withClient(replica.url(database), async (c) => (await c.query<T>(text)).rows),
    async stop() {
      await pgCtl(['stop', '-m', 'fast', '-w', '-t', '60']);
      running = false;
    },
    async start() {
      await pgCtl(['start', '-w', '-t', '60', '-l', path.join(root, 'replica.log')]);
      running = true;
    },
    async remove() {
      if (removed) return;
      removed = true;
      if (running || existsSync(path.join(dataDir, 'postmaster.pid')))
        await pgCtl(['stop', '-m', 'immediate', '-w', '-t', '60']).catch(() => undefined);
      await rm(root, { recursive: true, force: true });
    },
  };

  try {
    if (isRoot()) {
      const { stdout } = await run('id', ['-u', 'postgres']);
      const { stdout: gid } = await run('id', ['-g', 'postgres']);
      await chown(root, Number(stdout.trim()), Number(gid.trim()));
    }
    await chmod(root, 0o700);
    // The pg_hba change may take a moment to load: retry the base backup a few times.
    for (let attempt = 0; ; attempt++) {
      try {
        await asPostgres(
          binOf(major, 'pg_basebackup'),
          [
            ...['-h', primary.hostname, '-p', primary.port || '5432'],
            ...['-U', decodeURIComponent(primary.username || 'postgres')],
            ...['-D', dataDir, '-R', '-X', 'stream', '-c', 'fast', '--no-sync'],
          ],
          120_000,
        );
        break;
      } catch (err) {
        if (attempt >= 4 || !/pg_hba\.conf/.test(String(err))) throw err;
        await rm(dataDir, { recursive: true, force: true });
        await new Promise((r) => setTimeout(r, 200 * 2 ** attempt));
      }
    }
    // Debian keeps the configuration outside the data folder: give the replica its own.
    const conf = [
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${root}'`,
      'hot_standby = on',
      'shared_buffers = 16MB',
      'fsync = off',
      'logging_collector = off',
      // A hot standby needs at least the primary's values of these.
      ...[
        'max_connections',
        'max_worker_processes',
        'max_wal_senders',
        'max_prepared_transactions',
        'max_locks_per_transaction',
      ].map((k) => `${k} = ${limits[k]}`),
    ];
    const asPg = async (file: string, text: string) => {
      await writeFile(path.join(dataDir, file), text);
      if (isRoot()) await run('chown', ['postgres:postgres', path.join(dataDir, file)]);
    };
    await asPg('postgresql.conf', `${conf.join('\n')}\n`);
    await asPg('pg_hba.conf', 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
    await asPg('pg_ident.conf', '');
    await replica.start();
    return replica;
  } catch (err) {
    await replica.remove();
    throw err;
  }
}
