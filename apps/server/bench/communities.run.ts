/**
 * `npx tsx bench/communities.run.ts [flags]` (from apps/server; issue 5's bench): generates a world and measures community
 * search (trigram index vs none, same run) and follow / unfollow (1 member vs many), on
 * PGlite and, when DATABASE_URL is set, on PostgreSQL too. Not part of `npm test`.
 *
 * Flags (or environment variables):
 *   --communities N        BENCH_COMMUNITIES        default 100000
 *   --posts N              BENCH_POSTS              default 1000000
 *   --big-members N        BENCH_BIG_MEMBERS        default 100000
 *   --search-iterations N  BENCH_SEARCH_ITERATIONS  default 15 (per query and phase)
 *   --follow-iterations N  BENCH_FOLLOW_ITERATIONS  default 200 (follow + unfollow pairs per community)
 *   --engines a,b          BENCH_ENGINES            default pglite, plus postgres when DATABASE_URL is set
 *   --no-http              skip the HTTP (app.inject) measurements
 *   --no-lower-name-index  skip the extra phase with a btree on lower(name)
 *   --quick                10,000 communities, 50,000 posts, 10,000 members, fewer iterations
 *   --out FILE             also write the results as JSON
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { runCommunitiesBench, type CommunitiesBenchResult } from './communities.bench';
import { ms, ratio, timed, type Summary } from './stats';
import { generateWorld, openPglite, openPostgres, type WorldSizes } from './world';

const { values: flags } = parseArgs({
  options: {
    communities: { type: 'string' },
    posts: { type: 'string' },
    'big-members': { type: 'string' },
    'search-iterations': { type: 'string' },
    'follow-iterations': { type: 'string' },
    'http-iterations': { type: 'string' },
    engines: { type: 'string' },
    'no-http': { type: 'boolean', default: false },
    'no-lower-name-index': { type: 'boolean', default: false },
    quick: { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});

function intOption(flag: string | undefined, env: string, fallback: number): number {
  const raw = flag ?? process.env[env];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < 0) throw new Error(`${env}: expected a whole number, got ${raw}`);
  return n;
}

const quick = flags.quick;
const sizes: WorldSizes = {
  communities: intOption(flags.communities, 'BENCH_COMMUNITIES', quick ? 10_000 : 100_000),
  posts: intOption(flags.posts, 'BENCH_POSTS', quick ? 50_000 : 1_000_000),
  bigMembers: intOption(flags['big-members'], 'BENCH_BIG_MEMBERS', quick ? 10_000 : 100_000),
};
if (sizes.communities < 100) throw new Error('Use at least 100 communities.');
if (sizes.bigMembers < 2) throw new Error('Use at least 2 members for the big community.');
const options = {
  searchIterations: intOption(
    flags['search-iterations'],
    'BENCH_SEARCH_ITERATIONS',
    quick ? 8 : 12,
  ),
  httpIterations: intOption(flags['http-iterations'], 'BENCH_HTTP_ITERATIONS', quick ? 5 : 8),
  followIterations: intOption(
    flags['follow-iterations'],
    'BENCH_FOLLOW_ITERATIONS',
    quick ? 50 : 150,
  ),
  http: !flags['no-http'],
  lowerNameIndex: !flags['no-lower-name-index'],
};
const databaseUrl = process.env.DATABASE_URL;
const engines = (
  flags.engines ??
  process.env.BENCH_ENGINES ??
  (databaseUrl ? 'pglite,postgres' : 'pglite')
)
  .split(',')
  .map((e) => e.trim())
  .filter(Boolean);
for (const e of engines) {
  if (e !== 'pglite' && e !== 'postgres')
    throw new Error(`Unknown engine ${e} (pglite, postgres).`);
  if (e === 'postgres' && !databaseUrl) throw new Error('The postgres engine needs DATABASE_URL.');
}

const log = (line: string) => console.error(line);
const cell = (s: Summary | undefined) => (s ? `${ms(s.median)} / ${ms(s.p95)}` : '–');

interface EngineReport {
  engine: string;
  label: string;
  generationSeconds: number;
  generation: Record<string, number>;
  result: CommunitiesBenchResult;
}

function markdown(r: EngineReport): string {
  const out: string[] = [];
  const phase = (name: string) => r.result.search.find((p) => p.phase === name);
  const [indexed, baseline, asIs, lower] = [
    phase('indexed')!,
    phase('no-trigram')!,
    phase('as-is'),
    phase('lower-name'),
  ];
  out.push(`### ${r.label}`, '');
  out.push(
    `World generated in ${r.generationSeconds.toFixed(0)} s; trigram index rebuilt over all names in ${r.result.trigramIndexBuildSeconds.toFixed(1)} s.`,
    '',
  );
  out.push(
    '**Search** (service call; median / p95 in ms, first page of 50; baseline = the same query with bitmap scans off, so the GIN index cannot be read, interleaved with the indexed runs):',
    '',
  );
  out.push(
    '| query | rows | with trigram index | plan | without (baseline) | plan | baseline ÷ indexed |',
  );
  out.push('|---|---|---|---|---|---|---|');
  for (const c of r.result.cases) {
    out.push(
      `| ${c.label} | ${indexed.rows[c.key]} | ${cell(indexed.service[c.key])} | ${indexed.plans[c.key]} | ${cell(baseline.service[c.key])} | ${baseline.plans[c.key]} | ${ratio(baseline.service[c.key]!.median, indexed.service[c.key]!.median)} |`,
    );
  }
  if (Object.keys(indexed.http).length) {
    out.push(
      '',
      '**Search through HTTP** (app.inject, session lookup included; median / p95 in ms; baseline = the trigram index dropped, measured after the indexed phase):',
      '',
    );
    out.push('| query | with trigram index | without (baseline) | baseline ÷ indexed |');
    out.push('|---|---|---|---|');
    for (const c of r.result.cases) {
      out.push(
        `| ${c.label} | ${cell(indexed.http[c.key])} | ${cell(baseline.http[c.key])} | ${ratio(baseline.http[c.key]!.median, indexed.http[c.key]!.median)} |`,
      );
    }
  }
  if (lower && asIs) {
    out.push(
      '',
      '**With an extra btree on (lower(name) COLLATE "C", id)** (not in the schema; service, median / p95 in ms; "as is" measured again right before the btree was built):',
      '',
    );
    out.push('| query | schema as is | + lower(name) btree | plan | as is ÷ with btree |');
    out.push('|---|---|---|---|---|');
    for (const c of r.result.cases) {
      out.push(
        `| ${c.label} | ${cell(asIs.service[c.key])} | ${cell(lower.service[c.key])} | ${lower.plans[c.key]} | ${ratio(asIs.service[c.key]!.median, lower.service[c.key]!.median)} |`,
      );
    }
  }
  const f = r.result.follow;
  out.push(
    '',
    `**Follow / unfollow** (median / p95 in ms; ${options.followIterations} of each per community):`,
    '',
  );
  out.push(
    '| operation | 1 member | ' +
      `${sizes.bigMembers.toLocaleString('en-US')} members | big ÷ small |`,
  );
  out.push('|---|---|---|---|');
  for (const [label, part] of [
    ['service', f.service],
    ['HTTP', f.http],
  ] as const) {
    if (!part) continue;
    out.push(
      `| follow (${label}) | ${cell(part.followSmall)} | ${cell(part.followBig)} | ${ratio(part.followBig.median, part.followSmall.median)} |`,
    );
    out.push(
      `| unfollow (${label}) | ${cell(part.unfollowSmall)} | ${cell(part.unfollowBig)} | ${ratio(part.unfollowBig.median, part.unfollowSmall.median)} |`,
    );
  }
  out.push(
    '',
    `After the run: small community member_count ${f.check.small[0]} = ${f.check.small[1]} rows; big ${f.check.big[0]} = ${f.check.big[1]} rows.`,
  );
  return out.join('\n');
}

async function main() {
  const started = Date.now();
  const loadStart = os.loadavg()[0]!;
  log(
    `Sizes: ${sizes.communities.toLocaleString('en-US')} communities, ${sizes.posts.toLocaleString('en-US')} posts, ` +
      `${(sizes.bigMembers + 1).toLocaleString('en-US')} users (${sizes.bigMembers.toLocaleString('en-US')} in the big community). ` +
      `Engines: ${engines.join(', ')}. Machine: ${os.cpus().length} cores, Node ${process.version}.`,
  );
  const reports: EngineReport[] = [];
  for (const engine of engines) {
    log(`\n== ${engine}`);
    const bdb = engine === 'pglite' ? await openPglite() : await openPostgres(databaseUrl!);
    try {
      log('Generating the world…');
      const gen = await timed(() => generateWorld(bdb.database.db, sizes, log));
      log('Measuring…');
      const result = await runCommunitiesBench(bdb.database, gen.value, options, log);
      reports.push({
        engine,
        label: bdb.label,
        generationSeconds: gen.ms / 1000,
        generation: gen.value.timings,
        result,
      });
    } finally {
      await bdb.close();
    }
  }
  const header = [
    `## Communities: search and follow`,
    '',
    `Command: \`npm run bench -w @otakura/server${process.argv.slice(2).length ? ` -- ${process.argv.slice(2).join(' ')}` : ''}\`` +
      (databaseUrl ? ' with DATABASE_URL set' : ''),
    `Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown'}), Node ${process.version}.`,
    `World: ${sizes.communities.toLocaleString('en-US')} communities, ${sizes.posts.toLocaleString('en-US')} posts, ${(sizes.bigMembers + 1).toLocaleString('en-US')} users; ` +
      `one community with 1 member, one with ${sizes.bigMembers.toLocaleString('en-US')}.`,
    `Total run: ${((Date.now() - started) / 1000).toFixed(0)} s. Load average (1 min) at start ${loadStart.toFixed(1)}, at end ${os.loadavg()[0]!.toFixed(1)} (other work shares the machine; ratios are measured in the same run).`,
    '',
  ];
  console.log([...header, ...reports.map(markdown)].join('\n\n'));
  if (flags.out) {
    writeFileSync(
      flags.out,
      JSON.stringify(
        { sizes, options, machine: { cores: os.cpus().length, node: process.version }, reports },
        null,
        2,
      ),
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
