// Every package a workspace imports must be declared in that workspace's package.json:
// a fresh `npm ci` then installs it, whatever npm happens to hoist. Run by `npm run lint`.
//
// - Each workspace's source files (src/, e2e/, bench/ and its config files) are read; every
//   bare import (`import … from 'x'`, `import 'x'`, `import('x')`, `export … from 'x'`,
//   `require('x')`, `vi.mock('x')`) names a package.
// - A package is declared when it is a Node builtin, in the workspace's dependencies,
//   devDependencies or peerDependencies, or in the root's devDependencies (the shared
//   tooling: vitest, eslint, typescript, playwright-core, axe-core).
// - The server's runtime code (src/ without tests and test helpers) must find its packages
//   in the server's `dependencies`: its build leaves npm packages external, so a production
//   install (`npm ci --omit=dev`) must bring them. Type-only imports are exempt.
//
// Usage: node scripts/check-deps.mjs   (exit 1 and a list when something is missing)
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';

const SOURCE = /\.(?:[cm]?[jt]sx?)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'migrations', 'fixtures', 'public']);
const TEST_FILE = /(?:\.test\.[cm]?[jt]sx?|\.test-helpers?\.tsx?|\.e2e\.ts)$|\/(?:test|testing)\//;

/** Package names imported by a file's text, each with whether every import of it is type-only. */
export function importsOf(text) {
  const found = new Map();
  const add = (spec, typeOnly) => {
    const name = packageName(spec);
    if (!name) return;
    found.set(name, (found.get(name) ?? true) && typeOnly);
  };
  const patterns = [
    // import x from 'a'; import type { X } from 'a'; export { x } from 'a'; export * from 'a'
    [
      /(?:^|[\s;])(import|export)\s+(type\s+)?[^'";]*?\sfrom\s*['"]([^'"]+)['"]/g,
      (m) => [m[3], !!m[2]],
    ],
    // import 'a' (side effect)
    [/(?:^|[\s;])import\s*['"]([^'"]+)['"]/g, (m) => [m[1], false]],
    // import('a'), require('a'), vi.mock('a'), vi.importActual('a')
    [
      /(?:\bimport|\brequire|\bvi\.(?:mock|doMock|importActual))\s*\(\s*['"]([^'"]+)['"]/g,
      (m) => [m[1], false],
    ],
  ];
  for (const [re, pick] of patterns) {
    for (const m of text.matchAll(re)) add(...pick(m));
  }
  return found;
}

/** 'a/b' → 'a', '@s/a/b' → '@s/a'; null for relative paths, aliases and virtual modules. */
export function packageName(spec) {
  if (/^(?:\.|\/|@\/|~|virtual:|data:|https?:)/.test(spec) || spec === '@') return null;
  if (spec.startsWith('node:')) return spec;
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
export const isBuiltin = (name) => builtins.has(name) || name.startsWith('node:');

function sourceFiles(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) sourceFiles(p, out);
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.push(p);
    }
  }
  return out;
}

function workspaceDirs(root, rootPkg) {
  const dirs = [];
  for (const pattern of rootPkg.workspaces ?? []) {
    const base = pattern.replace(/\/\*$/, '');
    const abs = path.join(root, base);
    if (!fs.existsSync(abs)) continue;
    const candidates = pattern.endsWith('/*')
      ? fs.readdirSync(abs).map((d) => path.join(abs, d))
      : [abs];
    for (const d of candidates) if (fs.existsSync(path.join(d, 'package.json'))) dirs.push(d);
  }
  return dirs;
}

const readJson = (p) => JSON.parse(fs.readFileSync(p, 'utf8'));
const keys = (o) => Object.keys(o ?? {});

/**
 * The undeclared imports of every workspace under `root`:
 * [{ workspace, file, name, problem }] (empty when all is declared).
 */
export function checkDependencies(root) {
  const rootPkg = readJson(path.join(root, 'package.json'));
  const rootTooling = new Set(keys(rootPkg.devDependencies));
  const problems = [];
  for (const dir of workspaceDirs(root, rootPkg)) {
    const pkg = readJson(path.join(dir, 'package.json'));
    const runtime = new Set(keys(pkg.dependencies));
    const declared = new Set([
      ...runtime,
      ...keys(pkg.devDependencies),
      ...keys(pkg.peerDependencies),
      ...keys(pkg.optionalDependencies),
    ]);
    const serverRuntime = pkg.name === '@otakura/server';
    for (const file of sourceFiles(dir)) {
      const rel = path.relative(root, file);
      const inSrc = rel.startsWith(path.join(path.relative(root, dir), 'src') + path.sep);
      const isTest = TEST_FILE.test(rel.split(path.sep).join('/'));
      for (const [name, typeOnly] of importsOf(fs.readFileSync(file, 'utf8'))) {
        if (isBuiltin(name) || name === pkg.name) continue;
        if (!declared.has(name) && !rootTooling.has(name)) {
          problems.push({ workspace: pkg.name, file: rel, name, problem: 'not declared' });
        } else if (serverRuntime && inSrc && !isTest && !typeOnly && !runtime.has(name)) {
          problems.push({
            workspace: pkg.name,
            file: rel,
            name,
            problem: 'runtime code needs it in "dependencies"',
          });
        }
      }
    }
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, '..');
  const problems = checkDependencies(root);
  if (problems.length === 0) {
    console.log('check-deps: every imported package is declared by its workspace');
  } else {
    console.error('check-deps: packages imported but not declared by the importing workspace:');
    const byPackage = new Map();
    for (const p of problems) {
      const what = `${p.workspace}: ${p.name} (${p.problem})`;
      byPackage.set(what, [...(byPackage.get(what) ?? []), p]);
    }
    for (const [what, list] of byPackage) {
      const more = list.length > 1 ? ` and ${list.length - 1} more` : '';
      console.error(`  ${what} in ${list[0].file}${more}`);
    }
    process.exit(1);
  }
}
