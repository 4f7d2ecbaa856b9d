/**
 * Benchmarks of issue 5 on one generated world:
 * (a) community search by substring with the pg_trgm GIN index vs without it (the index
 *     dropped in the same run: the baseline), in the service and through HTTP;
 * (b) follow / unfollow of a community with 1 member vs one with `bigMembers` members.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeSignature } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SearchCommunitiesQuerySchema, type SearchCommunitiesQuery } from '@otakura/shared';
import { buildApp } from '../src/app';
import { createAppContext } from '../src/app-context';
import { loadConfig } from '../src/config/env';
import { queryRows, type Database } from '../src/db/client';
import { communityCursor } from '../src/lib/cursor';
import {
  listCommunitiesSql,
  substringPattern,
  type ListSection,
} from '../src/modules/communities/communities.repository';
import * as service from '../src/modules/communities/communities.service';
import { measure, summarize, timed, type Summary } from './stats';
import type { World } from './world';

export interface BenchOptions {
  searchIterations: number;
  httpIterations: number;
  followIterations: number;
  http: boolean;
  /** Also measure with a btree on (lower(name) COLLATE "C", id), which the schema does not have. */
  lowerNameIndex: boolean;
}

export interface SearchCase {
  key: string;
  label: string;
  q: string;
  cursor?: string;
  followedFirst?: boolean;
}

export interface SearchPhase {
  /**
   * `indexed` (the schema as migrated); `no-trigram` (the baseline: bitmap scans off in the
   * service, the index dropped for HTTP); `as-is` / `lower-name` (before / with an extra btree).
   */
  phase: string;
  service: Record<string, Summary>;
  http: Record<string, Summary>;
  plans: Record<string, string>;
  /** Rows on the first page (sanity: the same in every phase). */
  rows: Record<string, number>;
}

export interface FollowResult {
  service: Record<'followSmall' | 'unfollowSmall' | 'followBig' | 'unfollowBig', Summary>;
  http?: Record<'followSmall' | 'unfollowSmall' | 'followBig' | 'unfollowBig', Summary>;
  /** member_count and rows of both communities after the run. */
  check: { small: [number, number]; big: [number, number] };
}

export interface CommunitiesBenchResult {
  cases: SearchCase[];
  search: SearchPhase[];
  follow: FollowResult;
  /** Seconds to rebuild the trigram index over every name (after the baseline). */
  trigramIndexBuildSeconds: number;
}

/** An app on the bench database with a signed-in viewer, driven by app.inject (no sockets). */
async function benchApp(database: Database, viewerId: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'otakura-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  });
  const ctx = createAppContext(config, database, { log: { info: () => {} } });
  const app: FastifyInstance = await buildApp(ctx, { logger: false });
  await app.ready();
  const auth = await ctx.auth.$context;
  const session = await auth.internalAdapter.createSession(viewerId);
  const signature = await makeSignature(session.token, auth.secret);
  const cookie = `${auth.authCookies.sessionToken.name}=${encodeURIComponent(`${session.token}.${signature}`)}`;
  return {
    app,
    async request(method: 'GET' | 'PUT' | 'DELETE', url: string): Promise<unknown> {
      const res = await app.inject({
        method,
        url,
        headers: { cookie, ...(method === 'GET' ? {} : { origin: config.publicUrl }) },
      });
      if (res.statusCode !== 200)
        throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res.json();
    },
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function queryOf(c: SearchCase): SearchCommunitiesQuery {
  return SearchCommunitiesQuerySchema.parse({
    q: c.q,
    cursor: c.cursor,
    limit: '50',
    followedFirst: c.followedFirst ? 'true' : 'false',
  });
}

function urlOf(c: SearchCase): string {
  const qs = new URLSearchParams({ q: c.q, limit: '50' });
  if (c.cursor) qs.set('cursor', c.cursor);
  if (c.followedFirst) qs.set('followedFirst', 'true');
  return `/api/communities?${qs.toString()}`;
}

/** The scan nodes that touch communities in the plan of the case's main query. */
async function planOf(
  database: Database,
  world: World,
  c: SearchCase,
  baseline: boolean,
): Promise<string> {
  const section: ListSection = c.followedFirst ? 'unfollowed' : 'all';
  const rows = await database.db.transaction(async (tx) => {
    if (baseline) await tx.execute(sql`set local enable_bitmapscan = off`);
    return queryRows<Record<string, string>>(
      tx,
      sql`explain ${listCommunitiesSql({
        viewerId: world.viewerId,
        pattern: c.q.trim() ? substringPattern(c.q.trim()) : undefined,
        section,
        limit: 51,
      })}`,
    );
  });
  const lines = rows.map((r) => String(Object.values(r)[0]));
  const nodes = lines
    .map((l) =>
      /(Seq Scan|Index Scan|Index Only Scan|Bitmap Index Scan)(?: Backward)?(?: using (\S+))? on (\S+)/.exec(
        l,
      ),
    )
    .filter((m): m is RegExpExecArray => !!m)
    .map((m) => `${m[1]} ${m[2] ?? m[3]}`)
    .filter((n) => n.includes('communities'));
  const sort = lines.some((l) => /Sort Key/.test(l)) ? ' + Sort' : '';
  return `${[...new Set(nodes)].join(', ') || '?'}${sort}`;
}

export async function runCommunitiesBench(
  database: Database,
  world: World,
  opts: BenchOptions,
  log: (line: string) => void,
): Promise<CommunitiesBenchResult> {
  const db = database.db;
  const http = opts.http ? await benchApp(database, world.viewerId) : undefined;
  try {
    // A cursor in the middle of the alphabet, as a user deep in the list would hold.
    const [total] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from communities`,
    );
    const [middle] = await queryRows<{ id: string; name: string }>(
      db,
      sql`select id, name from communities order by lower(name) collate "C", id offset ${Math.floor(total!.n / 2)} limit 1`,
    );
    const cases: SearchCase[] = [
      {
        key: 'rare',
        label: `rare fragment '${world.rareFragment}' (1 match)`,
        q: world.rareFragment,
      },
      { key: 'phrase', label: "'frieren cosplay' (~0.1% of names)", q: 'frieren cosplay' },
      { key: 'word', label: "'naruto' (~2.5% of names)", q: 'naruto' },
      { key: 'three', label: "'ber' (3 letters, ~5%)", q: 'ber' },
      { key: 'two', label: "'ka' (2 letters: no trigram)", q: 'ka' },
      { key: 'one', label: "'z' (1 letter: no trigram)", q: 'z' },
      { key: 'all', label: 'empty query: first page of all', q: '' },
      {
        key: 'deep',
        label: 'empty query: a page in the middle (keyset)',
        q: '',
        cursor: communityCursor.encode({ section: 'rest', name: middle!.name, id: middle!.id }),
      },
      {
        key: 'followed',
        label: 'followedFirst, empty query (the picker)',
        q: '',
        followedFirst: true,
      },
    ];

    /** Runs the case's search in a transaction; the baseline turns bitmap scans (the only way a GIN index is read) off. */
    const searchOnce = (query: SearchCommunitiesQuery, baseline: boolean) =>
      db.transaction(async (tx) => {
        if (baseline) await tx.execute(sql`set local enable_bitmapscan = off`);
        return service.searchCommunities(tx, world.viewerId, query);
      });

    // (a) In the service: indexed and baseline interleaved query by query, so the load of a
    // shared machine falls on both alike.
    const indexed: SearchPhase = { phase: 'indexed', service: {}, http: {}, plans: {}, rows: {} };
    const baseline: SearchPhase = {
      phase: 'no-trigram',
      service: {},
      http: {},
      plans: {},
      rows: {},
    };
    for (const c of cases) {
      const query = queryOf(c);
      indexed.plans[c.key] = await planOf(database, world, c, false);
      baseline.plans[c.key] = await planOf(database, world, c, true);
      indexed.rows[c.key] = (await searchOnce(query, false)).items.length;
      baseline.rows[c.key] = (await searchOnce(query, true)).items.length;
      const samples = { indexed: [] as number[], baseline: [] as number[] };
      for (let i = 0; i < opts.searchIterations + 2; i++) {
        const order = i % 2 ? [false, true] : [true, false];
        for (const isBaseline of order) {
          const { ms } = await timed(() => searchOnce(query, isBaseline));
          if (i >= 2) samples[isBaseline ? 'baseline' : 'indexed'].push(ms);
        }
      }
      indexed.service[c.key] = summarize(samples.indexed);
      baseline.service[c.key] = summarize(samples.baseline);
      log(
        `  ${c.key}: indexed ${indexed.service[c.key]!.median.toFixed(2)} ms (${indexed.plans[c.key]}), ` +
          `baseline ${baseline.service[c.key]!.median.toFixed(2)} ms (${baseline.plans[c.key]})`,
      );
    }

    // Through HTTP: with the index, then with the index really dropped (sequential phases).
    const httpPhase = async (into: SearchPhase) => {
      if (!http) return;
      for (const c of cases) {
        into.http[c.key] = await measure(() => http.request('GET', urlOf(c)), {
          iterations: opts.httpIterations,
        });
        log(`  [http, ${into.phase}] ${c.key}: ${into.http[c.key]!.median.toFixed(2)} ms`);
      }
    };
    await httpPhase(indexed);
    await db.execute(sql`drop index communities_name_trgm_idx`);
    await httpPhase(baseline);
    const rebuild = await timed(() =>
      db.execute(
        sql`create index communities_name_trgm_idx on communities using gin (name gin_trgm_ops)`,
      ),
    );
    await db.execute(sql`analyze communities`);
    log(`  trigram index rebuilt in ${(rebuild.ms / 1000).toFixed(1)} s`);

    const search: SearchPhase[] = [indexed, baseline];
    if (opts.lowerNameIndex) {
      // What a btree in list order would add (the schema has none): the schema as is, measured
      // again right before, then with the btree.
      const lower: SearchPhase = {
        phase: 'lower-name',
        service: {},
        http: {},
        plans: {},
        rows: {},
      };
      const asIs: SearchPhase = { phase: 'as-is', service: {}, http: {}, plans: {}, rows: {} };
      for (const c of cases) {
        asIs.service[c.key] = await measure(() => searchOnce(queryOf(c), false), {
          iterations: opts.searchIterations,
        });
      }
      await db.execute(
        sql`create index bench_communities_lower_name_idx on communities (lower(name) collate "C", id)`,
      );
      await db.execute(sql`analyze communities`);
      for (const c of cases) {
        lower.plans[c.key] = await planOf(database, world, c, false);
        lower.rows[c.key] = (await searchOnce(queryOf(c), false)).items.length;
        lower.service[c.key] = await measure(() => searchOnce(queryOf(c), false), {
          iterations: opts.searchIterations,
        });
        log(
          `  [lower-name] ${c.key}: ${lower.service[c.key]!.median.toFixed(2)} ms (${lower.plans[c.key]})`,
        );
      }
      await db.execute(sql`drop index bench_communities_lower_name_idx`);
      search.push(asIs, lower);
    }

    const follow = await followBench(database, world, opts, http, log);
    return { cases, search, follow, trigramIndexBuildSeconds: rebuild.ms / 1000 };
  } finally {
    await http?.close();
  }
}

async function followBench(
  database: Database,
  world: World,
  opts: BenchOptions,
  http: Awaited<ReturnType<typeof benchApp>> | undefined,
  log: (line: string) => void,
): Promise<FollowResult> {
  const deps: service.CommunitiesDeps = {
    db: database.db,
    live: { publish: async () => {} },
    storage: undefined as never,
  };
  const { smallCommunityId: small, bigCommunityId: big, viewerId } = world;

  // Interleaved, so drift (caches, garbage collection) hits both communities alike.
  const run = async (
    follow: (id: string) => Promise<unknown>,
    unfollow: (id: string) => Promise<unknown>,
    iterations: number,
  ) => {
    const samples = {
      followSmall: [] as number[],
      unfollowSmall: [] as number[],
      followBig: [] as number[],
      unfollowBig: [] as number[],
    };
    for (let i = 0; i < iterations + 5; i++) {
      const warm = i < 5;
      for (const [id, f, u] of [
        [small, 'followSmall', 'unfollowSmall'],
        [big, 'followBig', 'unfollowBig'],
      ] as const) {
        const a = await timed(() => follow(id));
        const b = await timed(() => unfollow(id));
        if (!warm) {
          samples[f].push(a.ms);
          samples[u].push(b.ms);
        }
      }
    }
    return {
      followSmall: summarize(samples.followSmall),
      unfollowSmall: summarize(samples.unfollowSmall),
      followBig: summarize(samples.followBig),
      unfollowBig: summarize(samples.unfollowBig),
    };
  };

  const serviceResult = await run(
    (id) => service.follow(deps, viewerId, id),
    (id) => service.unfollow(deps, viewerId, id),
    opts.followIterations,
  );
  log(
    `  follow (service): small ${serviceResult.followSmall.median.toFixed(2)} ms, big ${serviceResult.followBig.median.toFixed(2)} ms`,
  );
  let httpResult: FollowResult['http'];
  if (http) {
    httpResult = await run(
      (id) => http.request('PUT', `/api/communities/${id}/membership`),
      (id) => http.request('DELETE', `/api/communities/${id}/membership`),
      opts.followIterations,
    );
    log(
      `  follow (http): small ${httpResult.followSmall.median.toFixed(2)} ms, big ${httpResult.followBig.median.toFixed(2)} ms`,
    );
  }

  const countOf = async (id: string): Promise<[number, number]> => {
    const [row] = await queryRows<{ counter: number; rows: number }>(
      database.db,
      sql`select c.member_count as counter,
        (select count(*)::int from community_members m where m.community_id = c.id) as rows
        from communities c where c.id = ${id}::uuid`,
    );
    return [row!.counter, row!.rows];
  };
  return {
    service: serviceResult,
    http: httpResult,
    check: { small: await countOf(small), big: await countOf(big) },
  };
}
