import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: path.resolve(import.meta.dirname),
  test: {
    name: 'e2e',
    include: ['**/*.e2e.ts'],
    environment: 'node',
    // Generous: every picture also runs axe, on a loaded 2-core machine.
    testTimeout: 180_000,
    hookTimeout: 60_000,
    // One browser at a time on a 2-core machine.
    fileParallelism: false,
  },
});
