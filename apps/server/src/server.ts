import { mkdirSync } from 'node:fs';
import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config/env';
import { migrateDatabase, openDatabase } from './db/client';
import { acquireDataDirLock } from './db/lock';
import { scheduleStatistics } from './db/statistics';
import { createAppContext } from './app-context';
import { flushResetRequests } from './modules/auth/auth.routes';
import { flushMail } from './modules/mail/mailer';
import { beginShutdown } from './modules/health/readiness';
import { loggerOptions } from './lib/log-options';
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_STAFF, isDatabaseEmpty } from './seed/demo-seed';

/**
 * Where a start spends its time, for the "Started in" line (docs/architecture.md, "Startup and
 * statistics"). `performance.now()` counts from the process's start, so the first phase is
 * Node itself plus loading the modules.
 */
function startupClock() {
  const phases: [string, number][] = [];
  let last = 0;
  return {
    mark(name: string) {
      const now = performance.now();
      phases.push([name, now - last]);
      last = now;
    },
    summary: () =>
      `${(last / 1000).toFixed(1)} s (${phases.map(([n, ms]) => `${n} ${Math.round(ms)} ms`).join(', ')})`,
  };
}

function readConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
}

async function main(): Promise<void> {
  const clock = startupClock();
  clock.mark('modules');
  const config = readConfig();
  mkdirSync(config.dataDir, { recursive: true });
  const embedded = !config.databaseUrl;
  let releaseLock: (() => Promise<void>) | undefined;
  if (embedded) {
    try {
      releaseLock = await acquireDataDirLock(config.dataDir);
    } catch (e) {
      console.error(e instanceof Error ? e.message : e);
      process.exit(1);
    }
  }

  const database = await openDatabase(
    embedded
      ? { dataDir: `${config.dataDir}/db`, sharedBuffers: config.pgliteSharedBuffers }
      : {
          databaseUrl: config.databaseUrl,
          poolMax: config.databasePoolMax,
          readUrls: config.databaseReadUrls,
          readMaxLagMs: config.databaseReadMaxLagMs,
          readCheckMs: config.databaseReadCheckMs,
        },
  );
  clock.mark('database');
  await migrateDatabase(database); // ANALYZEs when a migration ran
  clock.mark('migrations');
  const ctx = createAppContext(config, database);
  const { storage } = ctx;

  if (config.seedDemo && (await isDatabaseEmpty(database.db))) {
    console.log('First start: seeding the demo world…');
    const t0 = Date.now();
    const { seedDemo } = await import('./seed/demo-seed');
    await seedDemo({ db: database.db, storage, log: (m: string) => console.log(`  ${m}`) });
    console.log(`Demo world ready in ${((Date.now() - t0) / 1000).toFixed(1)} s.`);
  }
  clock.mark('seed check');

  // Pretty lines in a terminal, JSON lines otherwise (lib/log-options.ts, LOG_FORMAT).
  const app = await buildApp(ctx, { logger: loggerOptions(config) });
  clock.mark('app');
  // PGlite has no autovacuum: ANALYZE what changed, every few minutes (a no-op on PostgreSQL).
  const statistics = scheduleStatistics(database, { log: app.log });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // /api/health/ready answers 503 from now on; with SHUTDOWN_DRAIN_MS the server keeps
    // serving that long, so a proxy or orchestrator polling it stops sending traffic first.
    beginShutdown(ctx);
    app.log.info(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), config.shutdownDrainMs + 10_000);
    force.unref();
    try {
      if (config.shutdownDrainMs > 0) {
        app.log.info(`draining for ${config.shutdownDrainMs} ms (SHUTDOWN_DRAIN_MS)`);
        await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      }
      await app.close();
      await flushResetRequests();
      await flushMail(ctx.mailer);
      await ctx.live.close(); // the live plugin closed it with the app already; safe twice
      await statistics.stop();
      await database.close();
      await releaseLock?.();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  clock.mark('listen');
  const line = '─'.repeat(56);
  console.log(`\n${line}\n  ${config.productName} is running at ${config.publicUrl}`);
  console.log(
    `  Database: ${embedded ? `embedded (${config.dataDir}/db)` : 'PostgreSQL'}; files: ${storage.kind}`,
  );
  console.log(`  Started in ${clock.summary()}`);
  console.log(`  Demo sign-in: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
  for (const s of DEMO_STAFF) console.log(`    ${s.role}: ${s.email} / ${DEMO_PASSWORD}`);
  console.log(`  API docs: ${config.publicUrl}/api/docs\n${line}\n`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
