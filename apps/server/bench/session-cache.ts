/**
 * Micro-benchmark of the session cache (docs/auth.md, "Session cache"): requests per second of
 * `GET /api/feed?tab=all` for a signed-in user through `app.inject` (no sockets: the server's
 * own work only), with the cache on and off, alternating in the same run, several rounds.
 *
 *   npx tsx apps/server/bench/session-cache.ts [--rounds 5] [--requests 2000] [--concurrency 10]
 *
 * Uses the test database (PGlite from the migrated template; PostgreSQL when DATABASE_URL is
 * set). Prints min / median / max of on ÷ off and the statements per request of each mode.
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { sessionCacheOf } from '../src/modules/auth/session-cache';
import { buildTestApp } from '../src/test/app';
import { createCommunity, createPost, createUser, joinCommunity } from '../src/test/factories';
import { queryCounter } from '../src/test/query-count';
import { summarize } from './stats';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    requests: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '10' },
  },
});
const rounds = Number(values.rounds);
const requests = Number(values.requests);
const concurrency = Number(values.concurrency);

const t = await buildTestApp();
try {
  const viewer = await createUser(t);
  const author = await createUser(t);
  const community = await createCommunity(t);
  await joinCommunity(t, viewer.user.id, community.id);
  for (let i = 0; i < 40; i++)
    await createPost(t, { userId: author.user.id, communityId: community.id });
  const cache = sessionCacheOf(t.ctx.auth)!;
  const url = '/api/feed?tab=all';
  const inject = async () => {
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie: viewer.cookie } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
  };

  /** Requests per second of `requests` injections, `concurrency` at a time. */
  async function run(enabled: boolean): Promise<number> {
    cache.enabled = enabled;
    for (let i = 0; i < 50; i++) await inject(); // warm-up (and fill the cache when on)
    let next = 0;
    const start = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next++ < requests) await inject();
      }),
    );
    return (requests / (performance.now() - start)) * 1000;
  }

  const statements: Record<string, number> = {};
  for (const enabled of [false, true]) {
    cache.enabled = enabled;
    await inject();
    const { statements: s } = await queryCounter(t.database).during(inject);
    statements[enabled ? 'on' : 'off'] = s.length;
  }

  const on: number[] = [];
  const off: number[] = [];
  const ratios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    // Alternate the order so drift on a shared machine does not favour one side.
    const first = r % 2 === 0;
    const a = await run(first);
    const b = await run(!first);
    const [rOn, rOff] = first ? [a, b] : [b, a];
    on.push(rOn);
    off.push(rOff);
    ratios.push(rOn / rOff);
    console.log(`round ${r + 1}: cache on ${rOn.toFixed(0)} req/s, off ${rOff.toFixed(0)} req/s`);
  }
  const f = (x: number) => x.toFixed(2);
  const sOn = summarize(on);
  const sOff = summarize(off);
  const sR = summarize(ratios);
  console.log(
    [
      `GET ${url} (${t.database.kind}, app.inject, ${requests} requests × ${rounds} rounds, ${concurrency} at a time)`,
      `| | min | median | max |`,
      `|---|---|---|---|`,
      `| cache on, req/s | ${sOn.min.toFixed(0)} | ${sOn.median.toFixed(0)} | ${sOn.max.toFixed(0)} |`,
      `| cache off, req/s | ${sOff.min.toFixed(0)} | ${sOff.median.toFixed(0)} | ${sOff.max.toFixed(0)} |`,
      `| on ÷ off | ${f(sR.min)} | ${f(sR.median)} | ${f(sR.max)} |`,
      `statements per request: on ${statements.on}, off ${statements.off}; cache ${JSON.stringify(cache.stats)}`,
    ].join('\n'),
  );
} finally {
  await t.close();
}
