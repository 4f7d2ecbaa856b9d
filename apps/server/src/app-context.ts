import type { AppConfig } from './config/env';
import type { Database } from './db/client';
import { createPageCaches } from './lib/page-cache';
import { createAuth } from './modules/auth/auth';
import { createMemoryLiveBus, type LiveBus } from './modules/live/live-bus';
import { createPgLiveBus } from './modules/live/pg-live-bus';
import { createRedisLiveBus } from './modules/live/redis-live-bus';
import { createMailer, type Mailer } from './modules/mail/mailer';
import { createNotifier } from './modules/notifications/notifications.service';
import { createPushDeliverer } from './modules/notifications/push.service';
import type { AppContext } from './plugins/context';
import { createStorage } from './storage/create-storage';
import type { Storage } from './storage/storage';

/**
 * The live bus LIVE_BUS names (docs/scale-out.md). Unset: several servers share one PostgreSQL,
 * so events travel through LISTEN/NOTIFY; PGlite is one process, so they stay in memory.
 */
function createLiveBus(config: AppConfig, database: Database): LiveBus {
  const choice = config.liveBus ?? (database.pool ? 'postgres' : 'memory');
  if (choice === 'redis') {
    if (!config.redisUrl) throw new Error('LIVE_BUS=redis needs REDIS_URL');
    return createRedisLiveBus({
      url: config.redisUrl,
      keyPrefix: config.redisKeyPrefix,
      log: console,
    });
  }
  if (choice === 'postgres') {
    if (!database.pool) throw new Error('LIVE_BUS=postgres needs DATABASE_URL');
    return createPgLiveBus(database.pool, { log: console });
  }
  return createMemoryLiveBus();
}

/** Builds the context from an opened database; storage and mailer follow the configuration unless given. */
export function createAppContext(
  config: AppConfig,
  database: Database,
  parts: {
    storage?: Storage;
    mailer?: Mailer;
    live?: LiveBus;
    log?: { info(o: object, m: string): void };
  } = {},
): AppContext {
  const storage = parts.storage ?? createStorage(config);
  const mailer = parts.mailer ?? createMailer(config, parts.log);
  const live = parts.live ?? createLiveBus(config, database);
  const notifier = createNotifier({
    db: database.db,
    live,
    deliverers: [createPushDeliverer(config, database)],
  });
  const ctx: AppContext = {
    config,
    database,
    storage,
    mailer,
    live,
    notifier,
    pages: createPageCaches({ ttlMs: config.pageCacheTtlMs }),
    auth: undefined as never,
  };
  ctx.auth = createAuth({
    config,
    database,
    mailer,
    beforeDeleteUser: (userId) => ctx.hooks?.beforeDeleteUser?.(userId) ?? Promise.resolve(),
  });
  return ctx;
}
