/**
 * Liveness and readiness (docs/observability.md).
 *
 * Live: the process answers HTTP; nothing else is asked, so a database outage never gets
 * a healthy process restarted. Ready: this process should get traffic: the database and
 * the storage answer within `READY_TIMEOUT_MS`, and it is not shutting down.
 */
import type { AppContext } from '../../plugins/context';

/** How long a readiness check waits for the database and the storage. */
export const READY_TIMEOUT_MS = 2000;

export type NotReadyReason = 'shutting_down' | 'database_unreachable' | 'storage_unreachable';

export interface Readiness {
  status: 'ready' | 'unavailable';
  reason?: NotReadyReason;
  database: { status: 'ok' | 'down'; latencyMs: number; error?: string };
  storage: { status: 'ok' | 'down'; latencyMs: number; error?: string };
}

const shuttingDown = new WeakSet<AppContext>();

/** From now on readiness answers 503 `shutting_down` (server.ts calls it first thing on SIGTERM). */
export function beginShutdown(ctx: AppContext): void {
  shuttingDown.add(ctx);
}

export function isShuttingDown(ctx: AppContext): boolean {
  return shuttingDown.has(ctx);
}

async function check(fn: () => Promise<void>, timeoutMs: number) {
  const t0 = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      fn(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { status: 'ok' as const, latencyMs: Math.round((performance.now() - t0) * 10) / 10 };
  } catch (e) {
    return {
      status: 'down' as const,
      latencyMs: Math.round(performance.now() - t0),
      error: e instanceof Error ? e.message : String(e),
    };
  } finally {
    clearTimeout(timer);
  }
}

export async function getReadiness(
  ctx: AppContext,
  timeoutMs: number = READY_TIMEOUT_MS,
): Promise<Readiness> {
  const [database, storage] = await Promise.all([
    check(() => ctx.database.ping(), timeoutMs),
    check(() => ctx.storage.ping(), timeoutMs),
  ]);
  const reason: NotReadyReason | undefined = isShuttingDown(ctx)
    ? 'shutting_down'
    : database.status !== 'ok'
      ? 'database_unreachable'
      : storage.status !== 'ok'
        ? 'storage_unreachable'
        : undefined;
  return { status: reason ? 'unavailable' : 'ready', reason, database, storage };
}
