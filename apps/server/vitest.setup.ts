/**
 * Global setup of the server tests (runs once per `vitest run`, before any worker).
 * Embedded: builds (or reuses from node_modules/.cache) the migrated PGlite template that every
 * test database is loaded from. PostgreSQL (DATABASE_URL): names the run, and drops at the end
 * any test database a file left behind.
 */
import type { TestProject } from 'vitest/node';
import { buildTemplateDump, dropRunDatabases, newTestRunId } from './src/test/db';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runId = newTestRunId();
  project.provide('otakuraTestRunId', runId);
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) project.provide('otakuraTestDbDump', await buildTemplateDump());
  return async () => {
    if (databaseUrl) await dropRunDatabases(databaseUrl, runId);
  };
}
