#!/usr/bin/env node
// The web app's first-load budget (issue 10): for each budgeted route, the gzip size of the
// JavaScript a first visit loads — the entry, everything index.html preloads, the entry's static
// imports, the route's lazy chunk with its static imports, and the English translation chunks
// its code asks for — and of the first-load CSS. Exits 1 when any is over budget.
//
//   npm run build -w @otakura/web && node scripts/check-size.mjs [--dist apps/web/dist] [--verbose]
//
// It also checks that every lazy page of app/router.tsx names the translation namespaces its
// code uses (routeNamespaces below); --root says where apps/web/src is read from.
//
// Reads the Vite manifest (build.manifest: dist/.vite/manifest.json) and dist/index.html; routes
// are named by their module's source path, never by a hashed file name.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * kB = 1000 bytes, as Vite prints them. `js` is the ceiling CI enforces: the route's size when it
 * was last cut, plus a few kB, so that nothing grows back unnoticed. `goal` is issue 10's target
 * (150 kB on /login, 180 kB on /feed), reported beside it until the ceiling reaches it
 * (docs/web.md, "Bundle and code splitting", says what still stands in the way).
 */
export const BUDGETS = {
  css: 40,
  // `modules`: the lazy modules the route renders (its layout when that is lazy, then the page),
  // as source paths; each is looked up in the manifest by `src`.
  routes: [
    { path: '/login', modules: ['src/app/routes/auth/login.tsx'], js: 125, goal: 150 },
    {
      path: '/feed',
      modules: ['src/app/layouts/app-layout.tsx', 'src/app/routes/feed/feed.tsx'],
      js: 180,
      goal: 180,
    },
  ],
};

/** Namespace i18next uses when a component names none (lib/i18n.ts `defaultNS`). */
const DEFAULT_NS = 'common';
const LOCALE = /^src\/locales\/([^/]+)\/([^/]+)\.json$/;

const gzipSize = (buf) => gzipSync(buf, { level: 9 }).length;

/** Vite's build manifest of `dist`, with a clear error when the web app is not built. */
export function readManifest(dist) {
  const file = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) {
    throw new Error(`${file} not found: build the web app first (build.manifest must be on)`);
  }
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** Scripts, module preloads and stylesheets index.html loads, as dist-relative paths. */
export function htmlAssets(html) {
  const js = new Set();
  const css = new Set();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (!url || /^[a-z]+:|^\/\//i.test(url)) continue;
    const file = url.replace(/^\//, '').replace(/[?#].*$/, '');
    if (tag.startsWith('<script') && /type="module"/.test(tag)) js.add(file);
    else if (/rel="modulepreload"/.test(tag)) js.add(file);
    else if (/rel="stylesheet"/.test(tag)) css.add(file);
  }
  return { js, css };
}

/** Manifest keys reachable from `key` through static imports (what loading it loads). */
function staticClosure(manifest, key, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) staticClosure(manifest, dep, seen);
  return seen;
}

/** The source texts a chunk was built from (its source map's sourcesContent). */
function sourcesOf(dist, file) {
  const map = path.join(dist, `${file}.map`);
  if (!fs.existsSync(map)) return [];
  const { sources = [], sourcesContent = [] } = JSON.parse(fs.readFileSync(map, 'utf8'));
  return sources.map((name, i) => ({ name, text: sourcesContent[i] ?? '' }));
}

/**
 * Namespaces the given source texts ask i18next for: `useTranslation('ns')` /
 * `useTranslation(['a', 'b'])` / `useTranslation()` (the default), `{ ns: 'ns' }`,
 * `t('ns:key')`. Only names that have a locale file count.
 */
export function namespacesIn(texts, known) {
  const found = new Set();
  const add = (ns) => known.has(ns) && found.add(ns);
  for (const text of texts) {
    for (const m of text.matchAll(/useTranslation\(\s*([^)]*)\)/g)) {
      const args = m[1].trim();
      if (!args) add(DEFAULT_NS);
      for (const q of args.matchAll(/['"`]([\w-]+)['"`]/g)) add(q[1]);
    }
    for (const m of text.matchAll(/\bns\s*[:=]\s*\{?\s*['"`]([\w-]+)['"`]/g)) add(m[1]);
    for (const m of text.matchAll(/\bt\(\s*['"`]([\w-]+):/g)) add(m[1]);
  }
  return found;
}

/**
 * What a first visit to a page made of `modules` (its lazy layout and page, as source paths)
 * loads: index.html's scripts, module preloads and stylesheets, the entry's static imports, each
 * module's chunk with its static imports and their CSS, and the chunks of the `language`
 * translations their code asks for. Dist-relative file names; `namespaces` sorted.
 */
export function firstLoad({ dist, modules, language = 'en', manifest = readManifest(dist) }) {
  const html = htmlAssets(fs.readFileSync(path.join(dist, 'index.html'), 'utf8'));
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error('the manifest has no entry chunk');
  const locales = new Map(); // namespace -> manifest key, for `language`
  for (const [key, chunk] of Object.entries(manifest)) {
    const m = LOCALE.exec(chunk.src ?? key);
    if (m && m[1] === language) locales.set(m[2], key);
  }
  const keys = staticClosure(manifest, entryKey);
  for (const module of modules) {
    const key = Object.keys(manifest).find((k) => (manifest[k].src ?? k) === module);
    if (!key) throw new Error(`no chunk in the manifest for ${module}`);
    staticClosure(manifest, key, keys);
  }
  const js = new Set(html.js);
  const css = new Set(html.css);
  for (const key of keys) {
    js.add(manifest[key].file);
    for (const file of manifest[key].css ?? []) css.add(file);
  }
  const texts = [...js].flatMap((file) => sourcesOf(dist, file).map((s) => s.text));
  const namespaces = new Set([DEFAULT_NS, ...namespacesIn(texts, new Set(locales.keys()))]);
  for (const ns of namespaces) {
    const key = locales.get(ns);
    if (key) for (const k of staticClosure(manifest, key)) js.add(manifest[k].file);
  }
  return { html, js, css, namespaces: [...namespaces].sort() };
}

/**
 * Measures every budgeted route. Returns rows with the sizes, the files counted, and whether
 * each is within budget.
 */
export function measure({ dist, budgets = BUDGETS, language = 'en' }) {
  const manifest = readManifest(dist);
  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) sizes.set(file, gzipSize(fs.readFileSync(path.join(dist, file))));
    return sizes.get(file);
  };

  return budgets.routes.map((route) => {
    let load;
    try {
      load = firstLoad({ dist, modules: route.modules, language, manifest });
    } catch (error) {
      throw new Error(`${error.message} (${route.path})`);
    }
    const files = [...load.js].filter((f) => f.endsWith('.js'));
    const jsBytes = files.reduce((sum, f) => sum + sizeOf(f), 0);
    const cssBytes = [...load.css].reduce((sum, f) => sum + sizeOf(f), 0);
    return {
      path: route.path,
      files: files.map((file) => ({ file, gzip: sizeOf(file) })).sort((a, b) => b.gzip - a.gzip),
      namespaces: load.namespaces,
      js: jsBytes,
      css: cssBytes,
      jsBudget: route.js * 1000,
      jsGoal: (route.goal ?? route.js) * 1000,
      cssBudget: budgets.css * 1000,
      ok: jsBytes <= route.js * 1000 && cssBytes <= budgets.css * 1000,
    };
  });
}

/**
 * Translation namespaces each lazy page of `app/router.tsx` uses against those it names.
 *
 * A page's `useTranslation(ns)` for a namespace that is not loaded suspends the page. Besides
 * rendering late, a suspension inside a list can throw in Preact's Suspense (two post cards
 * suspending on the same namespace and resuming together inserted one card's cover before
 * another card's footer: `NotFoundError`). So every page names every namespace its code uses;
 * this check fails the build when one is missing. Used = the namespaces named by the chunks of
 * the page's static-import closure, minus the entry's (the startup words, `SHELL_NAMESPACES`,
 * come with the entry); named = the page's list, the startup words and the lists of the two
 * shells (a page renders inside one of them).
 */
export function routeNamespaces({ dist, root, language = 'en' }) {
  const manifest = readManifest(dist);
  const router = fs.readFileSync(path.join(root, 'apps/web/src/app/router.tsx'), 'utf8');
  const i18n = fs.readFileSync(path.join(root, 'apps/web/src/lib/i18n.ts'), 'utf8');
  const list = (text) => [...text.matchAll(/['"`]([\w-]+)['"`]/g)].map((m) => m[1]);
  const consts = new Map(
    [...router.matchAll(/const (\w+_NS) = (\[[^\]]*\])/g)].map((m) => [m[1], list(m[2])]),
  );
  const startup = list(/SHELL_NAMESPACES = (\[[^\]]*\])/.exec(i18n)?.[1] ?? '[]');
  const pages = [];
  for (const call of pageCalls(router)) {
    const target = /import\('\.\/([^']+)'\)/.exec(call[0] ?? '')?.[1];
    if (!target) continue;
    const arg = (call[1] ?? '').trim();
    const ns = arg.startsWith('[') ? list(arg) : (consts.get(arg) ?? []);
    pages.push({ module: `src/app/${target}.tsx`, named: ns });
  }
  const shells = pages.filter((p) => p.module.includes('/layouts/')).flatMap((p) => p.named);

  const locales = new Set();
  for (const [key, chunk] of Object.entries(manifest)) {
    const l = LOCALE.exec(chunk.src ?? key);
    if (l && l[1] === language) locales.add(l[2]);
  }
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const entry = staticClosure(manifest, entryKey);
  const texts = (keys) =>
    [...keys].flatMap((k) => sourcesOf(dist, manifest[k].file).map((x) => x.text));
  return pages.map((page) => {
    const key = Object.keys(manifest).find((k) => (manifest[k].src ?? k) === page.module);
    if (!key) throw new Error(`no chunk in the manifest for ${page.module} (router.tsx)`);
    const own = [...staticClosure(manifest, key)].filter((k) => !entry.has(k));
    const used = [...namespacesIn(texts(own), locales)].sort();
    const named = new Set([...startup, ...shells, ...page.named]);
    return { module: page.module, used, missing: used.filter((ns) => !named.has(ns)) };
  });
}

/** The top-level arguments of every `page(…)` call in a source text. */
function pageCalls(text) {
  const calls = [];
  for (const m of text.matchAll(/\bpage\(/g)) {
    const args = [];
    let depth = 1;
    let from = m.index + m[0].length;
    for (let i = from; i < text.length && depth > 0; i++) {
      const c = text[i];
      if ('([{'.includes(c)) depth++;
      else if (')]}'.includes(c)) depth--;
      if ((c === ',' && depth === 1) || depth === 0) {
        args.push(text.slice(from, i));
        from = i + 1;
      }
    }
    calls.push(args.filter((a) => a.trim() !== ''));
  }
  return calls;
}

const kB = (n) => `${(n / 1000).toFixed(1)} kB`;

/** The report as text, and whether every route is within budget. */
export function report(rows, { verbose = false } = {}) {
  const lines = ['route    JS gzip (budget)          CSS gzip (budget)       files  en namespaces'];
  for (const r of rows) {
    const js = `${kB(r.js)} (${kB(r.jsBudget)})${r.js > r.jsBudget ? ' OVER' : ''}`;
    const css = `${kB(r.css)} (${kB(r.cssBudget)})${r.css > r.cssBudget ? ' OVER' : ''}`;
    lines.push(
      `${r.path.padEnd(8)} ${js.padEnd(25)} ${css.padEnd(23)} ${String(r.files.length).padStart(5)}  ${r.namespaces.join(', ')}`,
    );
    if (r.js > r.jsGoal) {
      lines.push(
        `         goal ${kB(r.jsGoal)}: ${kB(r.js - r.jsGoal)} still to cut (not enforced yet)`,
      );
    }
    if (verbose) for (const f of r.files) lines.push(`    ${kB(f.gzip).padStart(9)}  ${f.file}`);
  }
  const ok = rows.every((r) => r.ok);
  lines.push(ok ? 'first-load size: within budget' : 'first-load size: OVER BUDGET');
  return { text: lines.join('\n'), ok };
}

/** CLI: exit code 0 within budget, 1 over budget, 2 when the build cannot be read. */
export function main(argv = process.argv.slice(2)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const flag = (name) => (argv.includes(name) ? path.resolve(argv[argv.indexOf(name) + 1]) : null);
  const dist = flag('--dist') ?? path.join(root, 'apps/web/dist');
  // Where apps/web/src/app/router.tsx is read from (the repository; tests pass their own).
  const sources = flag('--root') ?? root;
  try {
    const { text, ok } = report(measure({ dist }), { verbose: argv.includes('--verbose') });
    console.log(text);
    const missing = routeNamespaces({ dist, root: sources }).filter((r) => r.missing.length > 0);
    for (const r of missing) {
      console.log(
        `${r.module} uses namespaces it does not name in router.tsx: ${r.missing.join(', ')}`,
      );
    }
    console.log(
      missing.length
        ? 'route namespaces: MISSING (a page would suspend while rendering)'
        : 'route namespaces: every page names the words it uses',
    );
    return ok && missing.length === 0 ? 0 : 1;
  } catch (error) {
    console.error(`check-size: ${error instanceof Error ? error.message : error}`);
    return 2;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main();
}
