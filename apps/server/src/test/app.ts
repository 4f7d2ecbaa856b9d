import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app';
import { loadConfig, type AppConfig } from '../config/env';
import type { Database } from '../db/client';
import type { Storage } from '../storage/storage';
import { createAppContext } from '../app-context';
import type { AppContext } from '../plugins/context';
import type { PgLiveBus } from '../modules/live/pg-live-bus';
import { createTestDatabase } from './db';

export interface TestApp {
  app: FastifyInstance;
  /** http://127.0.0.1:<port> of the listening server. */
  url: string;
  config: AppConfig;
  database: Database;
  storage: Storage;
  ctx: AppContext;
  /** fetch against the test server; sends `Origin` like a browser would on writes. */
  http(pathname: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

/**
 * A real server on a random loopback port over `database`, with local storage in a
 * temp folder. `ownsDatabase`: close the database with the server. `buildOptions`:
 * passed to buildApp (e.g. `onRoute` to list every route).
 */
export async function startTestServer(
  database: Database,
  env: Record<string, string> = {},
  ownsDatabase = true,
  buildOptions: Omit<BuildAppOptions, 'logger'> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'otakura-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    // Tests act as several clients through X-Forwarded-For.
    TRUST_PROXY: 'true',
    ...env,
  });
  const ctx = createAppContext(config, database, { log: { info: () => {} } });
  const app = await buildApp(ctx, { ...buildOptions, logger: false });
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

/**
 * A real server on a random loopback port, with a fresh database (PGlite from
 * the migrated template, or a new database on DATABASE_URL's server) and local
 * storage in a temp folder.
 */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  return startTestServer(await createTestDatabase(), env);
}
