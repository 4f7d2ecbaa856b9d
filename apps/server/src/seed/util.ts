/** Small helpers shared by the demo and bulk seeds. */
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Runs `fn` over `items` with at most `limit` calls in flight; results keep the input order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= items.length) return;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return out;
}

/** How many image renders to run at once: one per core, at least 1, at most 4. */
export function renderConcurrency(): number {
  const cores =
    typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  return Math.max(1, Math.min(4, cores));
}

/** Splits `rows` into arrays of at most `size`. */
export function chunks<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * The fixtures folder (apps/server/fixtures), found by walking up from this module:
 * works from src (tsx, vitest) and from the bundle in apps/server/dist.
 */
export function resolveFixturesDir(
  from: string = path.dirname(fileURLToPath(import.meta.url)),
): string {
  let dir = path.resolve(from);
  for (;;) {
    for (const candidate of [
      path.join(dir, 'fixtures'),
      path.join(dir, 'apps', 'server', 'fixtures'),
    ]) {
      if (existsSync(path.join(candidate, 'video'))) return candidate;
    }
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  throw new Error('Seed fixtures not found (apps/server/fixtures/video).');
}
