/**
 * The HTTP floor of the API benchmark, in its own process (forked by `api.suite.ts`): a bare
 * Fastify (the app's version, no plugins) whose `GET /floor/:key` runs the statements one request
 * of endpoint `key` ran (captured as for the replay, through a pool opened by the app's own
 * `openDatabase`) and answers the last statement's rows as JSON. No session, no validation, no
 * row mapping, no headers beyond Fastify's: what any HTTP server in Node pays on this machine to
 * answer with the same SQL. Its req/s ÷ the replay's sequences/s is the best HTTP ÷ SQL an app can
 * reach here; the app's req/s ÷ this is what the app's own work costs.
 */
import Fastify from 'fastify';
import { openDatabase } from '../src/db/client';
import type { CapturedStatement } from './api-replay';
import { replayTypes } from './replay-types';

export interface FloorCommand {
  databaseUrl: string;
  port: number;
  endpoints: Record<string, CapturedStatement[]>;
}

// tsx relays messages of its own on the IPC channel: act on the first command only.
let started = false;
process.on('message', (cmd: FloorCommand) => {
  if (started || typeof cmd !== 'object' || cmd === null || !('endpoints' in cmd)) return;
  started = true;
  void (async () => {
    const database = await openDatabase({
      databaseUrl: cmd.databaseUrl,
      onPoolError: () => undefined,
    });
    const pool = database.pool!;
    const sequences = new Map(
      Object.entries(cmd.endpoints).map(([key, statements]) => [
        key,
        {
          inTx: statements.some((s) => /^\s*(begin|start transaction)/i.test(s.text)),
          configs: statements.map((s) => ({
            text: s.text,
            values: s.values,
            ...(s.rowMode ? { rowMode: s.rowMode } : {}),
            ...(s.name ? { name: s.name } : {}),
            types: replayTypes,
          })),
        },
      ]),
    );
    const app = Fastify({ logger: false });
    app.get<{ Params: { key: string } }>('/floor/:key', async (req, reply) => {
      const seq = sequences.get(req.params.key);
      if (!seq) return reply.status(404).send({ error: 'unknown endpoint' });
      let rows: unknown[] = [];
      if (seq.inTx) {
        const client = await pool.connect();
        try {
          for (const c of seq.configs) rows = (await client.query(c)).rows;
        } finally {
          client.release();
        }
      } else {
        for (const c of seq.configs) rows = (await pool.query(c)).rows;
      }
      return rows;
    });
    await app.listen({ port: cmd.port, host: '127.0.0.1' });
    process.send!({ listening: true });
  })().catch((e: unknown) => {
    process.send!({ error: e instanceof Error ? e.message : String(e) });
    process.exit(1);
  });
});
