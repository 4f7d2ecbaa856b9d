// `npm start`: builds what is missing or stale, then runs the server.
// The server migrates the database, seeds the demo world on first run and
// prints the demo sign-in.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Otakura needs Node.js 20.19 or newer; this is ${process.version}.`);
  process.exit(1);
}

/**
 * True when any file under `paths` (tests, node_modules and dist aside) changed after `than`
 * (ms). Stops at the first such file, and reads directories with their entry types, so only
 * files are stat'ed: a few tens of ms for the ~900 source files on a warm cache.
 */
function changedSince(paths, than) {
  const newer = (p) => {
    let entries;
    try {
      entries = readdirSync(p, { withFileTypes: true });
    } catch (e) {
      if (e.code === 'ENOENT') return false;
      if (e.code !== 'ENOTDIR') throw e;
      return statSync(p).mtimeMs > than; // a file
    }
    for (const e of entries) {
      if (e.name === 'node_modules' || e.name === 'dist') continue;
      const full = path.join(p, e.name);
      if (
        e.isDirectory()
          ? newer(full)
          : !/\.test\.tsx?$/.test(e.name) && statSync(full).mtimeMs > than
      )
        return true;
    }
    return false;
  };
  return paths.some((p) => newer(path.join(root, p)));
}
const mtime = (p) => (existsSync(path.join(root, p)) ? statSync(path.join(root, p)).mtimeMs : 0);

function build(workspace, label) {
  console.log(`Building ${label}…`);
  const r = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const shared = ['packages/shared/src', 'package-lock.json'];
if (
  changedSince(
    [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      ...shared,
    ],
    mtime('apps/web/dist/index.html'),
  )
) {
  build('@otakura/web', 'the web app');
}
if (
  changedSince(
    ['apps/server/src', 'apps/server/build.mjs', ...shared],
    mtime('apps/server/dist/server.js'),
  )
) {
  build('@otakura/server', 'the server');
}

const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
