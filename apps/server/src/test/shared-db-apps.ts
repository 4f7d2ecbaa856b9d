/**
 * Several test servers on ONE database, as several server processes behind one address
 * would be: each has its own pool, its own live bus (LISTEN connection) and its own port.
 * PostgreSQL only (DATABASE_URL): PGlite is owned by one process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { createAppContext } from '../app-context';
import { loadConfig } from '../config/env';
import { openDatabase, type Database } from '../db/client';
import type { PgLiveBus } from '../modules/live/pg-live-bus';
import type { TestApp } from './app';
import { createTestDatabase } from './db';

export interface SharedDbApps {
  apps: TestApp[];
  /** Closes every server, then drops the database. */
  close(): Promise<void>;
}

async function startApp(
  database: Database,
  env: Record<string, string>,
  ownsDatabase: boolean,
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'otakura-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    TRUST_PROXY: 'true',
    ...env,
  });
  const ctx = createAppContext(config, database, { log: { info: () => {} } });
  const app = await buildApp(ctx, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  if (ctx.live.kind === 'postgres') await (ctx.live as PgLiveBus).ready();
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('test server has no port');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    app,
    url,
    config,
    database,
    storage: ctx.storage,
    ctx,
    http(pathname, init = {}) {
      const { json, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (json !== undefined) headers.set('content-type', 'application/json');
      if (rest.method && rest.method !== 'GET' && !headers.has('origin'))
        headers.set('origin', config.publicUrl);
      return fetch(url + pathname, {
        ...rest,
        headers,
        body: json !== undefined ? JSON.stringify(json) : rest.body,
      });
    },
    async close() {
      await app.close();
      if (ownsDatabase) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
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
    apps.push(await startApp(primary, env, false));
    for (let i = 1; i < count; i++) {
      const database = await openDatabase({ databaseUrl: connectionString, poolMax: 5 });
      apps.push(await startApp(database, env, true));
    }
  } catch (err) {
    await close();
    throw err;
  }
  return { apps: [...apps], close };
}
