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
