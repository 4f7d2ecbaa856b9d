import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { renderer, testRendererAliases } from './renderer';

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...testRendererAliases,
    ],
    // Libraries' ES module builds (React Router's `node` export is CommonJS, whose `require`
    // would pass the renderer's aliases by).
    ...(renderer === 'preact'
      ? {
          conditions: ['module', 'browser', 'development'],
          mainFields: ['browser', 'module', 'jsnext:main', 'jsnext', 'main'],
        }
      : {}),
  },
  define: { 'import.meta.env.VITE_PRODUCT_NAME': JSON.stringify('Otakura') },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // The libraries that import `react` run through Vite too, so the renderer's aliases reach them
    // and the tests render with what the build ships (renderer.ts). Preact itself stays a native
    // module: one instance, which `vi.resetModules()` does not duplicate.
    server: renderer === 'preact' ? { deps: { inline: [/\/node_modules\/(?!preact\/)/] } } : {},
    testTimeout: 30_000,
    hookTimeout: 30_000,
    clearMocks: true,
    restoreMocks: true,
  },
});
