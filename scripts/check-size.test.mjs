// The first-load size check: what it counts for a route, and that over budget fails.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { htmlAssets, measure, namespacesIn, report, routeNamespaces } from './check-size.mjs';
import { routePreloads } from './route-preloads.mjs';

const script = fileURLToPath(new URL('./check-size.mjs', import.meta.url));

/** Random bytes do not compress: a file of n bytes costs about n gzip bytes. */
const incompressible = (n) => randomBytes(n);

let dir;
afterEach(() => dir && fs.rmSync(dir, { recursive: true, force: true }));

/**
 * A fake build: `index.js` (entry, 30 kB) preloads `react.js` (`reactKb`), the login page
 * (`login.js`, 5 kB) uses the auth namespace, the feed page (in the lazy `layout.js`) pulls a
 * big `feed.js` (`feedKb`)
 * and a lazy `qr.js` (200 kB, must not count); English and Japanese locale chunks.
 */
function fakeBuild({ reactKb = 60, feedKb = 40 } = {}) {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-size-'));
  const assets = path.join(dir, 'assets');
  fs.mkdirSync(path.join(dir, '.vite'), { recursive: true });
  fs.mkdirSync(assets);
  const js = {
    'index.js': [30_000, 'useTranslation()'],
    'react.js': [reactKb * 1000, ''],
    'login.js': [5_000, "useTranslation('auth')"],
    'layout.js': [3_000, ''],
    'feed.js': [feedKb * 1000, "useTranslation(['posts'])"],
    'qr.js': [200_000, ''],
    'common-en.js': [2_000, ''],
    'auth-en.js': [3_000, ''],
    'posts-en.js': [4_000, ''],
    'posts-ja.js': [50_000, ''],
  };
  for (const [file, [size, source]] of Object.entries(js)) {
    fs.writeFileSync(path.join(assets, file), incompressible(size));
    const map = { version: 3, sources: [`../src/${file}.tsx`], sourcesContent: [source] };
    fs.writeFileSync(path.join(assets, `${file}.map`), JSON.stringify(map));
  }
  fs.writeFileSync(path.join(assets, 'index.css'), incompressible(10_000));
  fs.writeFileSync(path.join(assets, 'feed.css'), incompressible(5_000));
  const manifest = {
    'index.html': {
      file: 'assets/index.js',
      src: 'index.html',
      isEntry: true,
      imports: ['_react.js'],
      dynamicImports: ['src/app/routes/auth/login.tsx', 'src/app/routes/feed/feed.tsx'],
      css: ['assets/index.css'],
    },
    '_react.js': { file: 'assets/react.js' },
    'src/app/routes/auth/login.tsx': {
      file: 'assets/login.js',
      src: 'src/app/routes/auth/login.tsx',
      isDynamicEntry: true,
      imports: ['_react.js'],
    },
    'src/app/layouts/app-layout.tsx': {
      file: 'assets/layout.js',
      src: 'src/app/layouts/app-layout.tsx',
      isDynamicEntry: true,
      imports: ['_react.js'],
    },
    'src/app/routes/feed/feed.tsx': {
      file: 'assets/feed.js',
      src: 'src/app/routes/feed/feed.tsx',
      isDynamicEntry: true,
      imports: ['_react.js'],
      dynamicImports: ['_qr.js'],
      css: ['assets/feed.css'],
    },
    '_qr.js': { file: 'assets/qr.js', isDynamicEntry: true },
    'src/locales/en/common.json': {
      file: 'assets/common-en.js',
      src: 'src/locales/en/common.json',
    },
    'src/locales/en/auth.json': { file: 'assets/auth-en.js', src: 'src/locales/en/auth.json' },
    'src/locales/en/posts.json': { file: 'assets/posts-en.js', src: 'src/locales/en/posts.json' },
    'src/locales/ja/posts.json': { file: 'assets/posts-ja.js', src: 'src/locales/ja/posts.json' },
  };
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    [
      '<script type="module" crossorigin src="/assets/index.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/react.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index.css">',
    ].join('\n'),
  );
  writeSources(dir, "['posts']");
  return dir;
}

/** The router and the startup words the namespace check reads, under `<dir>/root`. */
function writeSources(build, feedNamespaces) {
  const app = path.join(build, 'root', 'apps/web/src/app');
  fs.mkdirSync(app, { recursive: true });
  fs.mkdirSync(path.join(build, 'root', 'apps/web/src/lib'), { recursive: true });
  fs.writeFileSync(
    path.join(build, 'root', 'apps/web/src/lib/i18n.ts'),
    "export const SHELL_NAMESPACES = ['common'] as const;",
  );
  fs.writeFileSync(
    path.join(app, 'router.tsx'),
    [
      "const AUTH_NS = ['auth'];",
      "const Shell = page(() => import('./layouts/app-layout').then((m) => ({ default: m.A })));",
      "const Login = page(() => import('./routes/auth/login'), AUTH_NS);",
      `route('/feed', page(() => import('./routes/feed/feed'), ${feedNamespaces}));`,
    ].join('\n'),
  );
}

const budgets = {
  css: 40,
  routes: [
    { path: '/login', modules: ['src/app/routes/auth/login.tsx'], js: 150 },
    {
      path: '/feed',
      modules: ['src/app/layouts/app-layout.tsx', 'src/app/routes/feed/feed.tsx'],
      js: 180,
    },
  ],
};

function run(dist) {
  try {
    const args = [script, '--dist', dist, '--root', path.join(dist, 'root')];
    return { status: 0, out: execFileSync('node', args, { encoding: 'utf8' }) };
  } catch (error) {
    return { status: error.status, out: `${error.stdout}${error.stderr}` };
  }
}

describe('measure', () => {
  it("counts the entry, its preloads, the route's chunk and its English words, not lazy chunks or Japanese", () => {
    const [login, feed] = measure({ dist: fakeBuild(), budgets });
    const files = (row) => row.files.map((f) => f.file).sort();
    expect(files(login)).toEqual([
      'assets/auth-en.js',
      'assets/common-en.js',
      'assets/index.js',
      'assets/login.js',
      'assets/react.js',
    ]);
    expect(login.namespaces).toEqual(['auth', 'common']);
    expect(files(feed)).toEqual([
      'assets/common-en.js',
      'assets/feed.js',
      'assets/index.js',
      'assets/layout.js',
      'assets/posts-en.js',
      'assets/react.js',
    ]);
    // ~100 kB of incompressible JavaScript and its CSS, within budget.
    expect(login.js).toBeGreaterThan(99_000);
    expect(login.js).toBeLessThan(104_000);
    expect(feed.css).toBeGreaterThan(15_000);
    expect(login.css).toBeLessThan(feed.css);
    expect(login.ok && feed.ok).toBe(true);
  });

  it('fails the route whose first load is over budget', () => {
    const [login, feed] = measure({ dist: fakeBuild({ feedKb: 120 }), budgets });
    expect(login.ok).toBe(true);
    expect(feed.ok).toBe(false);
    const { text, ok } = report([login, feed]);
    expect(ok).toBe(false);
    expect(text).toMatch(/\/feed .*OVER/);
    expect(text).toMatch(/OVER BUDGET/);
  });

  it('reports a goal below the enforced ceiling without failing', () => {
    const withGoal = {
      ...budgets,
      routes: budgets.routes.map((r) => (r.path === '/login' ? { ...r, goal: 60 } : r)),
    };
    const rows = measure({ dist: fakeBuild(), budgets: withGoal });
    expect(rows.every((r) => r.ok)).toBe(true);
    const { text, ok } = report(rows);
    expect(ok).toBe(true);
    expect(text).toMatch(/goal 60\.0 kB: 4\d\.\d kB still to cut/);
    expect(text).not.toMatch(/goal 180/);
  });

  it('names a route module the build does not have', () => {
    const dist = fakeBuild();
    const missing = { css: 40, routes: [{ path: '/x', modules: ['src/app/routes/x.tsx'], js: 1 }] };
    expect(() => measure({ dist, budgets: missing })).toThrow(/src\/app\/routes\/x\.tsx/);
  });
});

describe('routePreloads', () => {
  it("names what a landing route's first visit loads beyond index.html: chunks, words, CSS", () => {
    const routes = [
      {
        paths: ['/feed'],
        modules: ['src/app/layouts/app-layout.tsx', 'src/app/routes/feed/feed.tsx'],
        signedIn: true,
      },
      { paths: ['/login', '/'], modules: ['src/app/routes/auth/login.tsx'], signedIn: false },
    ];
    const [feed, login] = routePreloads({ dist: fakeBuild(), routes });
    expect(login.paths).toEqual(['/login', '/']);
    expect(login.signedIn).toBe(false);
    expect([...login.js].sort()).toEqual([
      '/assets/auth-en.js',
      '/assets/common-en.js',
      '/assets/login.js',
    ]);
    expect(login.css).toEqual([]);
    // Not the entry or what index.html preloads, not the lazy qr.js, not Japanese.
    expect([...feed.js].sort()).toEqual([
      '/assets/common-en.js',
      '/assets/feed.js',
      '/assets/layout.js',
      '/assets/posts-en.js',
    ]);
    expect(feed.css).toEqual(['/assets/feed.css']);
  });

  it('names a landing module the build does not have', () => {
    const routes = [{ paths: ['/x'], modules: ['src/app/routes/x.tsx'] }];
    expect(() => routePreloads({ dist: fakeBuild(), routes })).toThrow(/src\/app\/routes\/x\.tsx/);
  });
});

describe('the command', () => {
  it('exits 0 within budget and 1 over budget (shared chunk too big for both routes)', () => {
    const ok = run(fakeBuild());
    expect(ok.status).toBe(0);
    expect(ok.out).toMatch(/within budget/);
    const over = run(fakeBuild({ reactKb: 200 }));
    expect(over.status).toBe(1);
    expect(over.out).toMatch(/\/login .*OVER/);
  });

  it('exits 1 when a page uses a namespace the router does not name for it', () => {
    const dist = fakeBuild();
    expect(routeNamespaces({ dist, root: path.join(dist, 'root') })).toEqual([
      { module: 'src/app/layouts/app-layout.tsx', used: [], missing: [] },
      { module: 'src/app/routes/auth/login.tsx', used: ['auth'], missing: [] },
      { module: 'src/app/routes/feed/feed.tsx', used: ['posts'], missing: [] },
    ]);
    writeSources(dist, '[]');
    const failed = run(dist);
    expect(failed.status).toBe(1);
    expect(failed.out).toMatch(/feed\.tsx uses namespaces it does not name in router\.tsx: posts/);
  });

  it('exits 2 without a build', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-size-'));
    expect(run(dir).status).toBe(2);
  });
});

describe('helpers', () => {
  it('reads the scripts, preloads and stylesheets of index.html', () => {
    const { js, css } = htmlAssets(
      '<script src="/theme-boot.js"></script><script type="module" src="/assets/a.js"></script>' +
        '<link rel="modulepreload" href="/assets/b.js"><link rel="stylesheet" href="/assets/c.css">' +
        '<link rel="icon" href="/favicon.svg">',
    );
    expect([...js]).toEqual(['assets/a.js', 'assets/b.js']);
    expect([...css]).toEqual(['assets/c.css']);
  });

  it('finds the namespaces code asks for, only those with a locale file', () => {
    const known = new Set(['common', 'posts', 'auth', 'validation', 'legal']);
    const found = namespacesIn(
      [
        "useTranslation('posts'); useTranslation(['auth', 'nope']); useTranslation()",
        "i18next.t(message, { ns: 'validation' }); t('legal:title')",
      ],
      known,
    );
    expect([...found].sort()).toEqual(['auth', 'common', 'legal', 'posts', 'validation']);
  });
});
