import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { routePreloads } from '../../scripts/route-preloads.mjs';
import { rendererAliases } from './renderer';

const srcDir = fileURLToPath(new URL('./src', import.meta.url));
const apiTarget = 'http://localhost:3000';

/** The product name is configuration: VITE_PRODUCT_NAME, else the server's PRODUCT_NAME, else Otakura. */
function resolveProductName(mode: string): string {
  const env = loadEnv(mode, fileURLToPath(new URL('../..', import.meta.url)), '');
  const fromEnv =
    process.env.VITE_PRODUCT_NAME ??
    env.VITE_PRODUCT_NAME ??
    process.env.PRODUCT_NAME ??
    env.PRODUCT_NAME;
  return fromEnv?.trim() || 'Otakura';
}

/** Writes the product name into index.html's <title>. */
function productNameInHtml(productName: string): Plugin {
  const escaped = productName.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return {
    name: 'otakura-product-name',
    transformIndexHtml: (html) => html.replaceAll('%PRODUCT_NAME%', escaped),
  };
}

const themeBootFile = fileURLToPath(new URL('./public/theme-boot.js', import.meta.url));
const THEME_BOOT_TAG = '<script src="/theme-boot.js"></script>';

/**
 * Puts public/theme-boot.js into the built index.html as an inline script: it must run before
 * first paint, and as a file it was a render-blocking request of its own (~150 ms on Lighthouse's
 * mobile profile). The server allows it by its hash (apps/server/src/plugins/inline-scripts.ts),
 * so script-src stays free of 'unsafe-inline'. The dev server keeps the file.
 */
function inlineThemeBoot(): Plugin {
  return {
    name: 'otakura-inline-theme-boot',
    apply: 'build',
    transformIndexHtml(html) {
      if (!html.includes(THEME_BOOT_TAG)) {
        throw new Error(`index.html no longer loads the theme boot script with ${THEME_BOOT_TAG}`);
      }
      const script = readFileSync(themeBootFile, 'utf8');
      if (/<\/script/i.test(script)) throw new Error('theme-boot.js must not contain "</script"');
      return html.replace(THEME_BOOT_TAG, () => `<script>${script}</script>`);
    },
  };
}

/**
 * Writes dist/.vite/route-preloads.json: per landing page, the chunks and stylesheets its first
 * visit loads beyond index.html (scripts/route-preloads.mjs). The server names them in the HTML
 * it sends for that path (apps/server/src/plugins/web-app.ts).
 */
function writeRoutePreloads(): Plugin {
  let outDir = '';
  return {
    name: 'otakura-route-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const routes = routePreloads({ dist: outDir });
      writeFileSync(
        path.join(outDir, '.vite', 'route-preloads.json'),
        `${JSON.stringify({ routes }, null, 2)}\n`,
      );
    },
  };
}

export default defineConfig(({ mode }) => {
  const productName = resolveProductName(mode);
  return {
    plugins: [
      react(),
      productNameInHtml(productName),
      inlineThemeBoot(),
      writeRoutePreloads(),
      // .br and .gz siblings of every text file over 1 kB; the server sends the one the
      // client accepts (plugins/web-app.ts, @fastify/static preCompressed). Source maps are
      // fetched only by devtools, so they stay raw.
      compression({
        algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
        include: /\.(html|css|js|mjs|json|svg)$/,
        threshold: 1024,
        skipIfLargerOrEqual: true,
        logLevel: 'silent',
      }),
    ],
    resolve: { alias: [{ find: '@', replacement: srcDir }, ...rendererAliases] },
    define: { 'import.meta.env.VITE_PRODUCT_NAME': JSON.stringify(productName) },
    server: {
      port: 5173,
      strictPort: true,
      proxy: {
        '/api': { target: apiTarget, ws: true, changeOrigin: false },
        '/files': { target: apiTarget, changeOrigin: false },
      },
    },
    preview: { port: 4173 },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      assetsDir: 'assets',
      sourcemap: true,
      target: 'es2022',
      // .vite/manifest.json: which chunk serves which module, read by scripts/check-size.mjs.
      manifest: true,
      rolldownOptions: {
        output: {
          // The renderer (Preact behind React's API, renderer.ts) and the router change least
          // often: their own long-cached chunk, needed by every page. Every other library is split by the import graph like app code, so a page loads
          // only what it uses (no catch-all vendor chunk: qrcode, zod or the auth client would
          // otherwise ship to every page).
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler|react-router|preact)[\\/]/,
                priority: 20,
              },
              // Everything else the entry needs at startup (query client, i18next, toasts, the
              // session store, the API client with zod) in one chunk rather than ~20 small ones.
              { name: 'core', tags: ['$initial'], priority: 10 },
            ],
          },
        },
      },
    },
  };
});
