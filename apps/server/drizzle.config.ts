import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @otakura/server` writes a new migration after a schema change.
// Generation needs no database; migrations are applied at start by src/db/client.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
  strict: true,
  verbose: true,
});
