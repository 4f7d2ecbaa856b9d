/**
 * CPU time per request, by process, for the API benchmark (Linux `/proc`; elsewhere every figure
 * is NaN and the tables say "–"). Requests per second say how fast a configuration was on a
 * shared machine that day; CPU per request says what each request cost and who paid, which
 * moves far less from run to run:
 *
 * - a process's own CPU (user + system, `/proc/<pid>/stat`), kernel work done for its sockets
 *   included: the server, the bare floor, the replay, the load generator;
 * - the machine's busy CPU (`/proc/stat`, every core, every process: PostgreSQL's backends too).
 *
 * So (machine − the processes measured) per request is, on a machine doing nothing else, what
 * the database and the kernel spent for one request; HTTP ÷ SQL is close to the SQL's machine
 * cost ÷ the endpoint's when both saturate the cores.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's counters (USER_HZ). */
const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds (user + system) process `pid` has used; NaN when it cannot be read. */
export function processCpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at the state, field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return Number.NaN;
  }
}

/** Busy CPU seconds of the whole machine (user, nice, system, irq, softirq, steal). */
export function machineBusySeconds(): number {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const [user, nice, system, , , irq, softirq, steal] = line
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number) as number[];
    return (user! + nice! + system! + irq! + softirq! + steal!) / ticksPerSecond;
  } catch {
    return Number.NaN;
  }
}

/** This process's own CPU seconds (the load generator runs here). */
export function selfCpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

export interface CpuPerRequest {
  /** µs of the process under load (server, floor) per request. */
  serverUs: number;
  /** µs of the load generator (this process) per request. */
  loadUs: number;
  /** µs of the whole machine per request. */
  machineUs: number;
}

/**
 * Measures `run` (which answers how many requests it completed): CPU of process `pid`, of this
 * process and of the machine, each per request.
 */
export async function meterCpu(
  pid: number | undefined,
  run: () => Promise<number>,
): Promise<CpuPerRequest> {
  const s0 = processCpuSeconds(pid);
  const l0 = selfCpuSeconds();
  const m0 = machineBusySeconds();
  const requests = await run();
  const per = (seconds: number) => (requests > 0 ? (seconds / requests) * 1e6 : Number.NaN);
  return {
    serverUs: per(processCpuSeconds(pid) - s0),
    loadUs: per(selfCpuSeconds() - l0),
    machineUs: per(machineBusySeconds() - m0),
  };
}
