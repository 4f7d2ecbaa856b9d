/**
 * The cross-module rule (docs/architecture.md, "Module seams"): a module may import another
 * module only through its public files — its services and the few entry points listed here —
 * never its repository, mapper, routes or other internals. Shared helpers live in lib/ or db/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES = path.join(import.meta.dirname, 'modules');

/** Files other modules may import, besides any `*.service.ts`. */
const ENTRY_POINTS = new Set([
  'auth/auth.ts', // the Better Auth instance (live checks sessions on the socket)
  'auth/auth.guard.ts', // requireUser / optionalUser / requireRole for every route
  'live/live-bus.ts', // publish after a commit
  'live/live-publish.ts',
  'mail/mailer.ts',
  'mail/templates.ts',
  'uploads/multipart.ts', // reading a multipart file under a cap
  'link-previews/link-previews.settings.ts', // the fetcher's dependencies for create-post
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.ts$/.test(e.name) && !/\.test\.ts$|test-helpers?\.ts$|test-fixtures\.ts$/.test(e.name)
      ? [full]
      : [];
  });
}

/** `[from module, imported module/file]` for every import that crosses into another module. */
function crossModuleImports(): { file: string; target: string }[] {
  const found: { file: string; target: string }[] = [];
  for (const file of sourceFiles(MODULES)) {
    const own = path.relative(MODULES, file).split(path.sep)[0]!;
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const resolved = path.relative(MODULES, path.resolve(path.dirname(file), m[1]!));
      const [module, ...rest] = resolved.split(path.sep);
      if (!module || module.startsWith('..') || module === own || !rest.length) continue;
      found.push({ file: path.relative(MODULES, file), target: `${module}/${rest.join('/')}.ts` });
    }
  }
  return found;
}

describe('module seams', () => {
  it('finds the cross-module imports it checks (the scan works)', () => {
    const targets = crossModuleImports().map((i) => i.target);
    expect(targets).toContain('auth/auth.guard.ts');
    expect(targets.some((t) => t.endsWith('.service.ts'))).toBe(true);
  });

  it("no module imports another module's repository, mapper, routes or internals", () => {
    const offending = crossModuleImports().filter(
      ({ target }) => !target.endsWith('.service.ts') && !ENTRY_POINTS.has(target),
    );
    expect(offending).toEqual([]);
  });
});
