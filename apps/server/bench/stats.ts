/** Timing helpers of the benchmarks: wall-clock samples in milliseconds, summarised. */
import { performance } from 'node:perf_hooks';

export interface Summary {
  n: number;
  median: number;
  p95: number;
  mean: number;
  min: number;
  max: number;
}

/** Nearest-rank percentile of sorted samples. */
function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function summarize(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    median: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    mean: sorted.reduce((s, x) => s + x, 0) / (sorted.length || 1),
    min: sorted[0] ?? Number.NaN,
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

/** Runs `fn` `warmup` times unmeasured, then `iterations` times, one after another. */
export async function measure(
  fn: (i: number) => Promise<unknown>,
  opts: { iterations: number; warmup?: number },
): Promise<Summary> {
  for (let i = 0; i < (opts.warmup ?? Math.min(3, opts.iterations)); i++) await fn(i);
  const samples: number[] = [];
  for (let i = 0; i < opts.iterations; i++) {
    const start = performance.now();
    await fn(i);
    samples.push(performance.now() - start);
  }
  return summarize(samples);
}

/** `fn`'s wall time in ms, and its result. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}

/** 1.234 → "1.23", 123.4 → "123". */
export function ms(x: number): string {
  if (!Number.isFinite(x)) return '–';
  return x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2);
}

/** a / b as "×12.3". */
export function ratio(a: number, b: number): string {
  if (!Number.isFinite(a) || !Number.isFinite(b) || b === 0) return '–';
  const r = a / b;
  return `×${r >= 100 ? r.toFixed(0) : r >= 10 ? r.toFixed(1) : r.toFixed(2)}`;
}
