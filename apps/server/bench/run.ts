/**
 * `npm run bench [-- flags]`: runs the benchmark suites (`bench/<name>.suite.ts`), each
 * measuring its subject against a baseline in the same run, and writes each suite's
 * figures into BENCHMARKS.md (between its markers) and bench/results/<name>.json.
 * Not part of `npm test`.
 *
 *   --suite a,b     which suites (default: all of SUITES, in that order)
 *   --world big     small | big (default big): the generated world's size
 *   --rounds N      rounds per ratio (default 3)
 *   --fresh         regenerate named worlds
 *   --no-write      print only: BENCHMARKS.md and bench/results/<name>.json stay as they are
 *   --busy-ok       write even when the machine was busy at a suite's start (see BUSY_LOAD)
 *   --<other> V     passed to the suites (`extra`)
 *
 * DATABASE_URL names the PostgreSQL server for the suites that need one.
 * Issue 5's community search bench is `npx tsx bench/communities.run.ts` (its own flags).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BenchOptions, Suite, WorldName } from './suite';

/** Every suite, in the order a plain `npm run bench` runs them. */
const SUITES = ['api', 'live', 'startup', 'web'] as const;

/**
 * A suite that starts while the 1-minute load average is above this share of the cores does not
 * replace its run of record in BENCHMARKS.md (a busy machine's figures are not comparable):
 * it prints them and keeps them in bench/results/<name>.busy.json. `--busy-ok` writes anyway.
 */
export const BUSY_LOAD = 0.5;

/** Whether a suite's figures may replace the run of record, and why not when they may not. */
export function mayWrite(
  load1AtStart: number,
  cores: number,
  flags: { noWrite: boolean; busyOk: boolean },
): { write: boolean; reason?: string } {
  if (flags.noWrite) return { write: false, reason: '--no-write' };
  if (!flags.busyOk && load1AtStart > BUSY_LOAD * cores) {
    return {
      write: false,
      reason: `the load average was ${load1AtStart.toFixed(1)} at the start, above ${BUSY_LOAD} × ${cores} cores (--busy-ok writes anyway)`,
    };
  }
  return { write: true };
}

const benchDir = import.meta.dirname;
const benchmarksFile = path.resolve(benchDir, '../../../BENCHMARKS.md');

function parseFlags(argv: string[]): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) throw new Error(`Unexpected argument ${a}`);
    const eq = a.indexOf('=');
    if (eq > 0) out[a.slice(2, eq)] = a.slice(eq + 1);
    else if (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--'))
      out[a.slice(2)] = argv[++i]!;
    else out[a.slice(2)] = true;
  }
  return out;
}

/** Replaces (or appends) the suite's marked block in BENCHMARKS.md. */
function writeSection(suite: Suite, body: string): void {
  const start = `<!-- bench:${suite.name}:start -->`;
  const end = `<!-- bench:${suite.name}:end -->`;
  const block = `${start}\n## ${suite.title}\n\n${body.trim()}\n${end}`;
  const text = readFileSync(benchmarksFile, 'utf8');
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  const next =
    a >= 0 && b > a
      ? text.slice(0, a) + block + text.slice(b + end.length)
      : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(benchmarksFile, next);
}

async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2));
  const {
    suite: suiteFlag,
    world,
    rounds,
    fresh,
    'no-write': noWrite,
    'busy-ok': busyOk,
    ...extra
  } = flags;
  const names =
    typeof suiteFlag === 'string' ? suiteFlag.split(',').map((s) => s.trim()) : [...SUITES];
  const worldName: WorldName = world === 'small' ? 'small' : 'big';
  if (world !== undefined && world !== 'small' && world !== 'big')
    throw new Error('--world: small or big');
  const options: BenchOptions = {
    world: worldName,
    rounds: typeof rounds === 'string' ? Number(rounds) : 3,
    databaseUrl: process.env.DATABASE_URL,
    fresh: fresh === true,
    extra,
  };
  if (!Number.isInteger(options.rounds) || options.rounds < 1)
    throw new Error('--rounds: a whole number ≥ 1');
  mkdirSync(path.join(benchDir, 'results'), { recursive: true });
  const command = `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim();

  for (const name of names) {
    const mod = (await import(`./${name}.suite.ts`)) as { default: Suite };
    const suite = mod.default;
    const log = (line: string) => console.log(`[${name}] ${line}`);
    const load0 = os.loadavg()[0]!;
    const t0 = Date.now();
    log(`start (world ${options.world}, ${options.rounds} rounds)`);
    const result = await suite.run(options, log);
    const seconds = ((Date.now() - t0) / 1000).toFixed(0);
    const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), Node ${process.version}; load average ${load0.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end; ${seconds} s.`;
    const body = `Command: \`${command}\` (${new Date().toISOString().slice(0, 10)}).\n\nMachine: ${machine}\n\n${result.markdown}`;
    console.log(`\n${body}\n`);
    const verdict = mayWrite(load0, os.cpus().length, {
      noWrite: noWrite === true,
      busyOk: busyOk === true,
    });
    if (verdict.write) {
      writeFileSync(
        path.join(benchDir, 'results', `${name}.json`),
        JSON.stringify(result.json, null, 2),
      );
      writeSection(suite, body);
    } else {
      log(`BENCHMARKS.md left as it is: ${verdict.reason}`);
      if (noWrite !== true) {
        writeFileSync(
          path.join(benchDir, 'results', `${name}.busy.json`),
          JSON.stringify({ load1AtStart: load0, result: result.json }, null, 2),
        );
      }
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
