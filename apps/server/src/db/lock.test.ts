import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, LOCK_FILE_NAME } from './lock';

const lockModule = fileURLToPath(new URL('./lock.ts', import.meta.url));
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const tmpRoot = mkdtempSync(path.join(os.tmpdir(), 'otakura-lock-'));
const children: ChildProcess[] = [];

/** A second, real process that takes the lock on `dir` and reports through its output and exit code. */
function lockInChild(
  dir: string,
  holdMs: number,
): { child: ChildProcess; output: Promise<{ code: number | null; out: string }> } {
  const code = `
    const { acquireDataDirLock } = await import(${JSON.stringify(lockModule)});
    try {
      const release = await acquireDataDirLock(${JSON.stringify(dir)});
      console.log('LOCKED ' + process.pid);
      await new Promise((r) => setTimeout(r, ${holdMs}));
      await release();
    } catch (err) {
      console.log('REFUSED ' + err.message);
      process.exitCode = 3;
    }`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: serverDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const output = new Promise<{ code: number | null; out: string }>((resolve) =>
    child.on('close', (c) => resolve({ code: c, out })),
  );
  return { child, output };
}

async function waitFor(check: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const freshDir = (name: string) => path.join(tmpRoot, name);

afterEach(() => {
  for (const c of children.splice(0))
    if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});
afterAll(() => rmSync(tmpRoot, { recursive: true, force: true }));

describe('data directory lock', () => {
  it('creates the directory and a lock file naming this process, removed on release', async () => {
    const dir = freshDir('basic');
    const release = await acquireDataDirLock(dir);
    const file = path.join(dir, LOCK_FILE_NAME);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid });
    await expect(acquireDataDirLock(dir)).rejects.toThrow(/already has .* open/);
    await release();
    expect(existsSync(file)).toBe(false);
    const again = await acquireDataDirLock(dir);
    await again();
  });

  it('makes a second server process refuse to start while the first holds the lock', async () => {
    const dir = freshDir('second-process');
    const release = await acquireDataDirLock(dir);
    try {
      const { output } = lockInChild(dir, 0);
      const { code, out } = await output;
      expect(code).toBe(3);
      expect(out).toContain(`REFUSED Another Otakura server (pid ${process.pid}) is using`);
      expect(out).toContain('Stop it first, or set DATA_DIR to another folder.');
    } finally {
      await release();
    }
  });

  it('refuses while another process holds it, and takes over once that process was killed', async () => {
    const dir = freshDir('killed-holder');
    let out = '';
    const { child, output } = lockInChild(dir, 60_000);
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    await waitFor(() => out.includes('LOCKED'));
    await expect(acquireDataDirLock(dir)).rejects.toThrow(
      `Another Otakura server (pid ${child.pid}) is using`,
    );
    child.kill('SIGKILL');
    await output;
    expect(existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(true); // kill -9 leaves it behind
    const release = await acquireDataDirLock(dir);
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8'))).toMatchObject({
      pid: process.pid,
    });
    await release();
  });

  it('takes over a stale lock whose pid is dead, and one left behind with its own pid', async () => {
    const dir = freshDir('stale');
    const { output } = lockInChild(freshDir('elsewhere'), 0);
    const { out } = await output;
    const deadPid = Number(/LOCKED (\d+)/.exec(out)?.[1]);
    expect(deadPid).toBeGreaterThan(0);
    const file = path.join(dir, LOCK_FILE_NAME);
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      file,
      JSON.stringify({ pid: deadPid, startedAt: Date.now() - 1000, hostname: 'x', token: 't' }),
    );
    const release = await acquireDataDirLock(dir);
    await release();

    // A container restarts with the same pid as the crashed server that left the lock.
    writeFileSync(
      file,
      JSON.stringify({ pid: process.pid, startedAt: 1, hostname: 'old', token: 'old' }),
    );
    const release2 = await acquireDataDirLock(dir);
    await release2();

    writeFileSync(file, 'garbage');
    const release3 = await acquireDataDirLock(dir);
    await release3();
  });

  it.runIf(existsSync('/proc/self/stat'))(
    'tells a live holder from a reused pid or an earlier boot (Linux)',
    async () => {
      const dir = freshDir('reused-pid');
      mkdirSync(dir, { recursive: true });
      const file = path.join(dir, LOCK_FILE_NAME);
      const stat = readFileSync(`/proc/${process.ppid}/stat`, 'utf8');
      const parentStart = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
      const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
      const lock = (extra: object) =>
        writeFileSync(
          file,
          JSON.stringify({ pid: process.ppid, startedAt: 1, hostname: 'h', token: 't', ...extra }),
        );

      lock({ procStart: parentStart, bootId: boot });
      await expect(acquireDataDirLock(dir)).rejects.toThrow(`(pid ${process.ppid}) is using`);

      lock({ procStart: String(Number(parentStart) + 1), bootId: boot }); // same pid, another program
      const releaseReused = await acquireDataDirLock(dir);
      await releaseReused();

      lock({ procStart: parentStart, bootId: 'an-earlier-boot' });
      const releaseRebooted = await acquireDataDirLock(dir);
      await releaseRebooted();
    },
  );
});
