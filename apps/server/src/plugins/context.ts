import type { AppConfig } from '../config/env';
import type { Database } from '../db/client';
import type { PageCaches } from '../lib/page-cache';
import type { Auth } from '../modules/auth/auth';
import type { LiveBus } from '../modules/live/live-bus';
import type { Mailer } from '../modules/mail/mailer';
import type { Notifier } from '../modules/notifications/notifications.service';
import type { Storage } from '../storage/storage';

/** What every module needs: built once in server.ts (or the test helper) and decorated on the app. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  storage: Storage;
  mailer: Mailer;
  auth: Auth;
  live: LiveBus;
  /** Tell a user something happened (in-app, live, push): modules call it after their write commits. */
  notifier: Notifier;
  /** The community page and profile cache (lib/page-cache.ts; wired by plugins/page-cache.ts). */
  pages: PageCaches;
  /** Cross-module hooks registered by modules at start (e.g. users cleans up before an account is deleted). */
  hooks?: { beforeDeleteUser?: (userId: string) => Promise<void> };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
