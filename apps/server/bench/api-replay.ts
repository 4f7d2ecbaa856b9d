/**
 * The SQL baseline of the API benchmark, in its own process (forked by `api.suite.ts`): the
 * statements one request ran (captured from the server's `pg` client, in order, with their
 * parameters) replayed as a sequence by `connections` concurrent workers for `seconds`,
 * through a pool opened exactly as the app opens its own (`openDatabase`: same `pg` driver,
 * pool size and transport). Answers completed sequences per second.
 *
 * A sequence that opens a transaction runs on one checked-out client, as the app's does.
 */
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../src/db/client';
import { machineBusySeconds, selfCpuSeconds } from './cpu-meter';
import { replayTypes } from './replay-types';

export interface CapturedStatement {
  text: string;
  values?: unknown[];
  rowMode?: 'array';
  name?: string;
}

export interface ReplayCommand {
  id: number;
  databaseUrl: string;
  statements: CapturedStatement[];
  connections: number;
  seconds: number;
  /** Warm-up before the measured window. */
  warmupSeconds: number;
}

export type ReplayReply =
  | {
      id: number;
      ok: true;
      sequencesPerSec: number;
      sequences: number;
      poolMax: number;
      /** CPU µs of this process, and of the whole machine, per sequence (cpu-meter.ts). */
      replayUsPerSeq: number;
      machineUsPerSeq: number;
    }
  | { id: number; ok: false; error: string };

async function replay(cmd: ReplayCommand): Promise<ReplayReply> {
  const database = await openDatabase({
    databaseUrl: cmd.databaseUrl,
    onPoolError: () => undefined,
  });
  const pool = database.pool!;
  const inTx = cmd.statements.some((s) => /^\s*(begin|start transaction)/i.test(s.text));
  const configs = cmd.statements.map((s) => ({
    text: s.text,
    values: s.values,
    ...(s.rowMode ? { rowMode: s.rowMode } : {}),
    ...(s.name ? { name: s.name } : {}),
    types: replayTypes,
  }));
  const runOnce = async () => {
    if (inTx) {
      const client = await pool.connect();
      try {
        for (const c of configs) await client.query(c);
      } finally {
        client.release();
      }
    } else {
      for (const c of configs) await pool.query(c);
    }
  };
  let counting = false;
  let done = 0;
  let stop = false;
  const worker = async () => {
    while (!stop) {
      await runOnce();
      if (counting) done++;
    }
  };
  const workers = Array.from({ length: cmd.connections }, worker);
  await new Promise((r) => setTimeout(r, cmd.warmupSeconds * 1000));
  counting = true;
  const t0 = performance.now();
  const cpu0 = selfCpuSeconds();
  const machine0 = machineBusySeconds();
  await new Promise((r) => setTimeout(r, cmd.seconds * 1000));
  counting = false;
  const elapsed = (performance.now() - t0) / 1000;
  const perSeq = (seconds: number) => (done > 0 ? (seconds / done) * 1e6 : Number.NaN);
  const replayUsPerSeq = perSeq(selfCpuSeconds() - cpu0);
  const machineUsPerSeq = perSeq(machineBusySeconds() - machine0);
  stop = true;
  await Promise.all(workers);
  const poolMax = (pool as unknown as { options: { max: number } }).options.max;
  await database.close();
  return {
    id: cmd.id,
    ok: true,
    sequencesPerSec: done / elapsed,
    sequences: done,
    poolMax,
    replayUsPerSeq,
    machineUsPerSeq,
  };
}

process.on('message', (cmd: ReplayCommand) => {
  replay(cmd).then(
    (r) => process.send!(r),
    (e: unknown) =>
      process.send!({ id: cmd.id, ok: false, error: e instanceof Error ? e.message : String(e) }),
  );
});
