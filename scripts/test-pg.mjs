// Runs the server test suite against a real PostgreSQL server. Each test file
// creates its own fresh database on it (see apps/server/src/test/db.ts).
// PG_ADMIN_URL names a database we may connect to in order to create others.
// Fails loudly when PostgreSQL is not reachable: in CI it must be there.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
try {
  await client.connect();
  const { rows } = await client.query('select version()');
  console.log(`PostgreSQL: ${rows[0].version}`);
} catch (e) {
  console.error(
    `\nPostgreSQL is not reachable at ${adminUrl.replace(/:[^:@/]*@/, ':***@')}: ${e.message}`,
  );
  console.error(
    'The scaled-out configuration is tested against a real PostgreSQL; start one or set PG_ADMIN_URL.',
  );
  process.exit(1);
} finally {
  await client.end().catch(() => {});
}

const r = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: adminUrl },
});
process.exit(r.status ?? 1);
