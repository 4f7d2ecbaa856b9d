/**
 * What mapping a comments page's rows costs, Drizzle's way against `withCompiledRows`
 * (db/prepared.ts): `npx tsx bench/row-mapping.run.ts [--rows 51] [--pages 2000] [--rounds 3]`.
 *
 * An embedded database (PGlite) gets one post with `--rows` comments; the comments page's query
 * (`selectViews`, as the page runs it) is prepared once and executed once, and its raw rows (the
 * driver's arrays) are kept. Then, in the same process and round by round, the same rows are
 * mapped `--pages` times with Drizzle's `mapResultRow` and with the compiled mapper; the figures
 * are µs per page and their ratio. Only the mapping is timed: no database, no HTTP.
 */
import { parseArgs } from 'node:util';
import * as drizzle from 'drizzle-orm';
import { asc, eq, sql } from 'drizzle-orm';
import { withCompiledRows } from '../src/db/prepared';
import { comments, users } from '../src/db/schema';
import { selectViews } from '../src/modules/comments/comments.repository';
import { createTestDatabase } from '../src/test/db';
import { createComment, createPost } from '../src/test/factories';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '51' },
    pages: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '3' },
  },
});
const [rowCount, pages, rounds] = [args.rows, args.pages, args.rounds].map(Number) as [
  number,
  number,
  number,
];

/** Drizzle's own row mapping: exported at run time, not in its types. */
const mapResultRow = (
  drizzle as unknown as {
    mapResultRow?: (fields: unknown, row: unknown[], joins: undefined) => unknown;
  }
).mapResultRow;
if (!mapResultRow) throw new Error('this Drizzle exports no mapResultRow');

/** The internals `withCompiledRows` reads and sets (see db/prepared.ts). */
interface Internals {
  fields: unknown;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

const database = await createTestDatabase();
try {
  const t = { database };
  const [user] = await database.db
    .insert(users)
    .values({ name: 'Bench', email: 'bench@example.test', username: 'bench' })
    .returning();
  const post = await createPost(t, { userId: user!.id });
  for (let i = 0; i < rowCount; i++) await createComment(t, { postId: post.id, userId: user!.id });

  const prepared = selectViews(database.db, sql.placeholder('viewer'))
    .where(eq(comments.postId, sql.placeholder('post')))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .prepare('bench_comment_page');
  const internals = prepared as unknown as Internals;
  let raw: unknown[][] = [];
  internals.customResultMapper = (rows) => (raw = rows);
  await prepared.execute({ viewer: user!.id, post: post.id });
  internals.customResultMapper = undefined;
  const fields = internals.fields;
  const compiled = withCompiledRows(prepared) as unknown as Required<Internals>;
  console.log(`${raw.length} rows of ${raw[0]?.length ?? 0} columns; ${pages} pages a round`);

  const time = (map: () => unknown) => {
    const start = performance.now();
    for (let i = 0; i < pages; i++) map();
    return ((performance.now() - start) / pages) * 1000;
  };
  for (let round = 1; round <= rounds; round++) {
    const drizzle = time(() => raw.map((row) => mapResultRow(fields, row, undefined)));
    const ours = time(() => compiled.customResultMapper(raw));
    console.log(
      `round ${round}: mapResultRow ${drizzle.toFixed(0)} µs a page, compiled ${ours.toFixed(0)} µs (×${(drizzle / ours).toFixed(1)})`,
    );
  }
} finally {
  await database.close();
}
