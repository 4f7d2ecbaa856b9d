/**
 * PGlite takes no lock on its data directory: a second process opens it, writes, and the write
 * is silently lost (DESIGN.md). So the server holds its own lock file in DATA_DIR and a second
 * server refuses to start. A lock left by a dead process (crash, kill -9) is taken over.
 */
import { randomUUID } from 'node:crypto';
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const LOCK_FILE_NAME = 'otakura.lock';

interface LockContent {
  pid: number;
  /** ms since epoch when the holder started; informational. */
  startedAt: number;
  /** Informational only: a container gets a new hostname on every start, so it decides nothing. */
  hostname: string;
  /** Identifies one acquisition, so release never removes someone else's lock. */
  token: string;
  /** Linux: the holder's start time in clock ticks since boot (/proc/pid/stat), to detect pid reuse. */
  procStart?: string;
  /** Linux: the kernel boot id; a lock from an earlier boot is stale whatever its pid. */
  bootId?: string;
}

/** Lock files held by this process (a second open of the same directory in one process also loses data). */
const heldHere = new Set<string>();

/**
 * Takes the exclusive lock on `dataDir` (created if missing) and returns its release function.
 * Throws, with a message naming the holder's pid, when another live process holds it.
 */
export async function acquireDataDirLock(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const lockPath = path.join(path.resolve(dataDir), LOCK_FILE_NAME);
  const shown = displayPath(dataDir);
  if (heldHere.has(lockPath)) {
    throw new Error(`This process already has ${shown} open. Open each data folder once.`);
  }
  const mine = ownLockContent();

  for (let attempt = 0; attempt < 4; attempt++) {
    if (tryCreate(lockPath, mine)) return holdLock(lockPath, mine);
    const holder = readLock(lockPath);
    if (holder === 'missing') continue; // released between our create and our read
    if (holder !== 'unreadable' && isAlive(holder)) {
      throw new Error(
        `Another Otakura server (pid ${holder.pid}) is using ${shown}. ` +
          'Stop it first, or set DATA_DIR to another folder.',
      );
    }
    if (holder === 'unreadable' && attempt === 0) {
      // Maybe caught between another process's create and write: look once more.
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    takeOverStale(lockPath, holder, shown);
  }
  throw new Error(
    `Could not take the lock on ${shown} (${lockPath}); another server may be starting.`,
  );
}

function ownLockContent(): LockContent {
  return {
    pid: process.pid,
    startedAt: Math.round(Date.now() - process.uptime() * 1000),
    hostname: os.hostname(),
    token: randomUUID(),
    procStart: procStartTicks(process.pid),
    bootId: bootId(),
  };
}

function displayPath(dataDir: string): string {
  const rel = path.relative(process.cwd(), path.resolve(dataDir));
  if (!rel) return '.';
  return rel.startsWith('..') || path.isAbsolute(rel) ? path.resolve(dataDir) : `./${rel}`;
}

function tryCreate(lockPath: string, content: LockContent): boolean {
  let fd: number;
  try {
    fd = openSync(lockPath, 'wx');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    writeSync(fd, JSON.stringify(content) + '\n');
  } finally {
    closeSync(fd);
  }
  return true;
}

function readLock(lockPath: string): LockContent | 'missing' | 'unreadable' {
  let text: string;
  try {
    text = readFileSync(lockPath, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw err;
  }
  try {
    const v = JSON.parse(text) as Partial<LockContent>;
    if (typeof v.pid === 'number' && Number.isInteger(v.pid) && v.pid > 0) {
      return {
        pid: v.pid,
        startedAt: typeof v.startedAt === 'number' ? v.startedAt : 0,
        hostname: typeof v.hostname === 'string' ? v.hostname : '',
        token: typeof v.token === 'string' ? v.token : '',
        procStart: typeof v.procStart === 'string' ? v.procStart : undefined,
        bootId: typeof v.bootId === 'string' ? v.bootId : undefined,
      };
    }
  } catch {
    // not JSON: unreadable
  }
  return 'unreadable';
}

/**
 * Whether the lock's holder still runs. A pid can be reused after a crash (in a container the
 * server is often pid 1 every time), so our own pid only counts when this process holds the lock
 * (it is in `heldHere`, checked before), and on Linux a live pid that started at another moment
 * (boot-relative ticks, immune to clock changes) or in an earlier boot is another program.
 */
function isAlive(holder: LockContent): boolean {
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false; // ESRCH: no such process
  }
  const boot = bootId();
  if (holder.bootId && boot && holder.bootId !== boot) return false;
  if (holder.procStart) {
    const started = procStartTicks(holder.pid);
    if (started !== undefined && started !== holder.procStart) return false;
  }
  return true;
}

/** Field 22 (starttime) of /proc/<pid>/stat; undefined off Linux. */
function procStartTicks(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may contain spaces and parentheses: count from its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = fields[19];
    return ticks && /^\d+$/.test(ticks) ? ticks : undefined;
  } catch {
    return undefined;
  }
}

function bootId(): string | undefined {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Removes a stale lock. A guard file makes the takeover exclusive, so two servers starting on
 * the same stale lock cannot both delete it and both believe they hold the new one.
 */
function takeOverStale(lockPath: string, stale: LockContent | 'unreadable', shown: string): void {
  const guardPath = `${lockPath}.takeover`;
  const guard = ownLockContent();
  if (!tryCreate(guardPath, guard)) {
    const other = readLock(guardPath);
    if (other !== 'missing' && other !== 'unreadable' && isAlive(other)) {
      throw new Error(
        `Another Otakura server (pid ${other.pid}) is starting on ${shown}. ` +
          'Stop it first, or set DATA_DIR to another folder.',
      );
    }
    unlinkIfExists(guardPath); // left by a process that died during a takeover
    if (!tryCreate(guardPath, guard)) return; // someone else is taking over: the caller retries
  }
  try {
    const now = readLock(lockPath);
    const same =
      now === 'unreadable'
        ? stale === 'unreadable'
        : now !== 'missing' &&
          stale !== 'unreadable' &&
          now.token === stale.token &&
          now.pid === stale.pid;
    if (same) unlinkIfExists(lockPath);
  } finally {
    unlinkIfExists(guardPath);
  }
}

function unlinkIfExists(file: string): void {
  try {
    unlinkSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

function holdLock(lockPath: string, mine: LockContent): () => Promise<void> {
  heldHere.add(lockPath);
  const releaseSync = () => {
    if (!heldHere.delete(lockPath)) return;
    process.removeListener('exit', releaseSync);
    const now = readLock(lockPath);
    if (now !== 'missing' && now !== 'unreadable' && now.token === mine.token) {
      unlinkIfExists(lockPath);
    }
  };
  // Normal exits clean up even if shutdown forgot to release; a crash leaves a stale lock, taken over later.
  process.on('exit', releaseSync);
  return async () => releaseSync();
}
