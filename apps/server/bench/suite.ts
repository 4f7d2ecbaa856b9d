/**
 * The contract between `bench/run.ts` (the `npm run bench` dispatcher) and each suite.
 * A suite lives in `bench/<name>.suite.ts` and default-exports a `Suite`. It measures
 * its subject AND its baseline in the same run (the machine is shared: ratios, not
 * absolute milliseconds, are the result), prints progress through `log`, and returns
 * the Markdown that `run.ts` writes into BENCHMARKS.md between
 * `<!-- bench:<name>:start -->` and `<!-- bench:<name>:end -->`, plus JSON that it
 * writes to `bench/results/<name>.json` (gitignored).
 */

export type WorldName = 'small' | 'big';

export interface BenchOptions {
  /** `--world small|big` (default big): the size of the generated world, where a suite has one. */
  world: WorldName;
  /** `--rounds N` (default 3): each ratio is measured this many times; report min/median/max. */
  rounds: number;
  /** PostgreSQL server for suites that need one (`DATABASE_URL`); suites create their own databases on it. */
  databaseUrl: string | undefined;
  /** `--fresh`: regenerate a named world even when a matching one exists. */
  fresh: boolean;
  /** Flags the dispatcher does not know, for the suite to read (`--live-clients 5000`, …). */
  extra: Record<string, string | boolean>;
}

export interface SuiteResult {
  /** Markdown for BENCHMARKS.md: tables of ratios (min / median / max over rounds), the goal each meets or misses, notes. No top-level heading. */
  markdown: string;
  /** Raw figures. */
  json: unknown;
}

export interface Suite {
  /** The `--suite` name, also the file name `<name>.suite.ts`. */
  name: string;
  /** The heading in BENCHMARKS.md. */
  title: string;
  run(options: BenchOptions, log: (line: string) => void): Promise<SuiteResult>;
}

/** A string flag from `extra` as a whole number, or the fallback. */
export function intFlag(extra: BenchOptions['extra'], name: string, fallback: number): number {
  const raw = extra[name];
  if (raw === undefined || typeof raw === 'boolean') return fallback;
  const n = Number(raw.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`--${name}: expected a whole number, got ${raw}`);
  return n;
}
