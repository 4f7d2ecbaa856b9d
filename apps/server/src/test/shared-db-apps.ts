/**
 * Several test servers on ONE database, as several server processes behind one address
 * would be: each has its own pool, its own live bus (LISTEN connection) and its own port.
 * PostgreSQL only (DATABASE_URL): PGlite is owned by one process.
 */
import { openDatabase } from '../db/client';
import { startTestServer, type TestApp } from './app';
import { createTestDatabase } from './db';

export interface SharedDbApps {
  apps: TestApp[];
  /** Closes every server, then drops the database. */
  close(): Promise<void>;
}

/** `count` servers on one fresh, migrated PostgreSQL database (DATABASE_URL must be set). */
export async function buildSharedDbApps(
  count = 2,
  env: Record<string, string> = {},
): Promise<SharedDbApps> {
  if (!process.env.DATABASE_URL)
    throw new Error('buildSharedDbApps needs DATABASE_URL (PostgreSQL)');
  const primary = await createTestDatabase();
  const connectionString = primary.pool?.options.connectionString;
  if (!connectionString) throw new Error('the test database has no connection string');
  const apps: TestApp[] = [];
  const close = async () => {
    for (const t of apps.reverse()) await t.close().catch(() => undefined);
    await primary.close();
  };
  try {
    apps.push(await startTestServer(primary, env, false));
    for (let i = 1; i < count; i++) {
      const database = await openDatabase({ databaseUrl: connectionString, poolMax: 5 });
      apps.push(await startTestServer(database, env, true));
    }
  } catch (err) {
    await close();
    throw err;
  }
  return { apps: [...apps], close };
}
