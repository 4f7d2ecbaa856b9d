/**
 * Global setup of the server tests (runs once per `vitest run`, before any worker).
 * Embedded: builds (or reuses from node_modules/.cache) the migrated PGlite template that every
 * test database is loaded from. PostgreSQL (DATABASE_URL): names the run, migrates its template
 * database (every migrated test database is a copy of it), and drops at the end every database
 * of the run.
 */
import type { TestProject } from 'vitest/node';
import {
  buildTemplateDump,
  createPostgresTemplate,
  dropRunDatabases,
  newTestRunId,
} from './src/test/db';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runId = newTestRunId();
  project.provide('otakuraTestRunId', runId);
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) project.provide('otakuraTestDbDump', await buildTemplateDump());
  else project.provide('otakuraTestPgTemplate', await createPostgresTemplate(databaseUrl, runId));
  return async () => {
    if (databaseUrl) await dropRunDatabases(databaseUrl, runId);
  };
}
