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
  /** ms since epoch when the holding process started. */
  startedAt: number;
  /** Informational only: a container gets a new hostname on every start, so it decides nothing. */
  hostname: string;
  token: string;
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
  const mine: LockContent = {
    pid: process.pid,
    startedAt: Math.round(Date.now() - process.uptime() * 1000),
    hostname: os.hostname(),
    token: randomUUID(),
  };

  if (heldHere.has(lockPath)) {
    throw new Error(`This process already has ${shown} open. Open each data folder once.`);
  }

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
  throw new Error(`Could not take the lock on ${shown} (${lockPath}); another server may be starting.`);
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
      };
    }
  } catch {
    // fall through
  }
  return 'unreadable';
}

/**
 * Whether the lock's holder still runs. A pid can be reused after a crash (in a container the
 * server is often pid 1 every time), so our own pid only counts when this process holds the lock,
 * and on Linux a live pid whose start time differs from the recorded one is another program.
 */
function isAlive(holder: LockContent): boolean {
  if (holder.pid === process.pid) return false; // not in heldHere: left by an earlier run with our pid
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (holder.startedAt > 0 && startTimesComparable()) {
    const started = processStartTime(holder.pid);
    if (started !== undefined && Math.abs(started - holder.startedAt) > START_TIME_TOLERANCE_MS) return false;
  }
  return true;
}

const START_TIME_TOLERANCE_MS = 5000;
let comparable: boolean | undefined;

/** /proc start times are trusted only if they match our own recorded start (right clock tick rate etc.). */
function startTimesComparable(): boolean {
  if (comparable === undefined) {
    const own = processStartTime(process.pid);
    comparable =
      own !== undefined && Math.abs(own - (Date.now() - process.uptime() * 1000)) < START_TIME_TOLERANCE_MS / 2;
  }
  return comparable;
}

/** Start of a process in ms since epoch, from Linux /proc; undefined elsewhere. */
function processStartTime(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces) start at field 3; starttime is field 22.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]);
    const btime = /^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1];
    if (!Number.isFinite(ticks) || !btime) return undefined;
    const CLOCK_TICKS_PER_SECOND = 100;
    return Number(btime) * 1000 + (ticks / CLOCK_TICKS_PER_SECOND) * 1000;
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
  const guard: LockContent = {
    pid: process.pid,
    startedAt: Math.round(Date.now() - process.uptime() * 1000),
    hostname: os.hostname(),
    token: randomUUID(),
  };
  if (!tryCreate(guardPath, guard)) {
    const other = readLock(guardPath);
    if (other !== 'missing' && other !== 'unreadable' && isAlive(other)) {
      throw new Error(
        `Another Otakura server (pid ${other.pid}) is starting on ${shown}. ` +
          'Stop it first, or set DATA_DIR to another folder.',
      );
    }
    unlinkIfExists(guardPath); // left by a process that died during a takeover
    if (!tryCreate(guardPath, guard)) return; // someone else is taking over: caller retries
  }
  try {
    const now = readLock(lockPath);
    const same =
      now === 'unreadable'
        ? stale === 'unreadable'
        : now !== 'missing' && stale !== 'unreadable' && now.token === stale.token && now.pid === stale.pid;
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
    if (now !== 'missing' && now !== 'unreadable' && now.token === mine.token) unlinkIfExists(lockPath);
  };
  // Normal exits clean up even if shutdown forgot to release; a crash leaves a stale lock, taken over later.
  process.on('exit', releaseSync);
  return async () => releaseSync();
}
