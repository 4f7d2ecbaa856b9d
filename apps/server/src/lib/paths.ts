import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/**
 * The apps/server folder, found by walking up from this module. Works from
 * src/ (tsx, vitest) and from the bundled dist/server.js alike.
 */
export function serverRoot(): string {
  if (cached) return cached;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).name === '@otakura/server') {
      cached = dir;
      return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the @otakura/server package folder');
    dir = parent;
  }
}

/** Where the built web app lives unless WEB_DIST_DIR says otherwise. */
export function defaultWebDistDir(): string {
  return path.resolve(serverRoot(), '../web/dist');
}
