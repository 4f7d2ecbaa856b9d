/**
 * Prepared queries for the hottest one-statement reads. Building a query with Drizzle's query
 * builder costs more than running it when the statement is a primary-key lookup: profiled under
 * load, the builder (`is`, `buildQueryFromSourceParams`, `buildSelection`) was 23 % of the
 * server's busy time on the community page and 40 % on a profile (docs/performance.md). A
 * prepared query is built once per database handle and then only binds its placeholders; with
 * node-postgres it is also a named statement, parsed once per connection.
 *
 * `db` is usually the app's long-lived handle (one build for the process); a transaction gets
 * its own, dropped with it.
 */
import { Column, is, noopDecoder, SQL, Subquery } from 'drizzle-orm';
import type { Db } from './client';

export function preparedFor<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const byDb = new WeakMap<Db, Q>();
  return (db) => {
    let query = byDb.get(db);
    if (!query) {
      query = build(db);
      byDb.set(db, query);
    }
    return query;
  };
}

/** What `withCompiledRows` reads and sets of a Drizzle prepared query (drizzle-orm 0.45: both sessions). */
interface PreparedRowsInternals {
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: (rows: unknown[][]) => unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** The decoder Drizzle's `mapResultRow` picks for a selected field, picked once. */
function decoderOf(field: unknown): Decoder | undefined {
  // `decoder` is internal to Drizzle's SQL (set by `mapWith`); read as mapResultRow reads it.
  const of = (value: unknown) => (value as { decoder: Decoder }).decoder;
  const decoder: Decoder = is(field, Column)
    ? field
    : is(field, SQL)
      ? of(field)
      : is(field, Subquery)
        ? of(field._.sql)
        : of((field as SQL.Aliased).sql);
  return decoder === noopDecoder ? undefined : decoder;
}

/**
 * Maps the rows of a prepared query of a flat selection with the decoders chosen once, instead of
 * Drizzle's `mapResultRow`, which asks for every cell of every row which kind of field it is
 * (`is`, walking prototype chains three times for an aliased SQL field): a fifth of the server's
 * time on a comments page of 51 rows of 33 columns (docs/performance.md). The rows are the same
 * objects Drizzle would make (prepared.test.ts and comments.prepared.test.ts compare them on
 * both engines). Throws at build
 * for a nested selection or a query Drizzle no longer shapes this way.
 */
export function withCompiledRows<Q extends object>(prepared: Q): Q {
  const query = prepared as PreparedRowsInternals;
  const fields = query.fields;
  if (!Array.isArray(fields) || query.customResultMapper !== undefined)
    throw new Error('withCompiledRows: not a prepared select of this Drizzle version');
  const columns = fields.map(({ path, field }) => {
    const key = path[0];
    if (path.length !== 1 || key === undefined)
      throw new Error(`withCompiledRows: nested field ${path.join('.')}`);
    return { key, decoder: decoderOf(field) };
  });
  query.customResultMapper = (rows) =>
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < columns.length; i++) {
        const { key, decoder } = columns[i]!;
        const value = row[i];
        out[key] =
          value === null ? null : decoder === undefined ? value : decoder.mapFromDriverValue(value);
      }
      return out;
    });
  return prepared;
}
