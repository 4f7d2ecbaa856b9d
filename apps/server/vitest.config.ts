import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'bench/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One module graph per worker, not per file: importing the app (Fastify, Better Auth,
    // Drizzle, the contract) once per file was half of the run (2026-11-29, 2 cores: 282 s →
    // 139 s). Every test builds its own app and database, and no server test mocks a module.
    isolate: false,
    globalSetup: [fileURLToPath(new URL('./vitest.setup.ts', import.meta.url))],
  },
});
