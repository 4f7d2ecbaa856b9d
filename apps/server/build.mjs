// Bundles the server (and @otakura/shared, which ships TypeScript source) into
// dist/server.js. npm packages stay external and load from node_modules.
import path from 'node:path';
import { build } from 'esbuild';

const sharedEntry = path.resolve(import.meta.dirname, '../../packages/shared/src/index.ts');

await build({
  absWorkingDir: import.meta.dirname,
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  // Bundle the workspace package; everything else comes from node_modules.
  plugins: [
    {
      name: 'bundle-workspace',
      setup(b) {
        b.onResolve({ filter: /^@otakura\/shared$/ }, () => ({ path: sharedEntry }));
      },
    },
  ],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});
