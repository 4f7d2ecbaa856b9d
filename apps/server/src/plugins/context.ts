import type { AppConfig } from '../config/env';
import type { Database } from '../db/client';
import type { Storage } from '../storage/storage';

/** What every module needs: built once in server.ts (or the test helper) and decorated on the app. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  storage: Storage;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
