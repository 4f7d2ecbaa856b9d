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

/** Newest modification time of any file under the given paths. */
function newest(paths) {
  let t = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const e of readdirSync(p))
        if (e !== 'node_modules' && e !== 'dist') walk(path.join(p, e));
    } else if (!/\.test\.tsx?$/.test(p)) t = Math.max(t, st.mtimeMs);
  };
  paths.forEach((p) => walk(path.join(root, p)));
  return t;
}
const mtime = (p) => (existsSync(path.join(root, p)) ? statSync(path.join(root, p)).mtimeMs : 0);

function build(workspace, label) {
  console.log(`Building ${label}…`);
  const r = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const shared = ['packages/shared/src', 'package-lock.json'];
if (
  mtime('apps/web/dist/index.html') <
  newest([
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    ...shared,
  ])
) {
  build('@otakura/web', 'the web app');
}
if (
  mtime('apps/server/dist/server.js') <
  newest(['apps/server/src', 'apps/server/build.mjs', ...shared])
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
