/** Rows brought in from the first build's export (issue 12): what makes a second import a no-op. */
import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns';

/**
 * One imported record: the export's collection and key (e.g. `the-posts` / `-Nx…`) and the
 * local key it became (a uuid, or a composite key such as `user:post` for likes and follows).
 */
export const importRecords = pgTable(
  'import_records',
  {
    collection: text('collection').notNull(),
    externalId: text('external_id').notNull(),
    localId: text('local_id').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ name: 'import_records_pk', columns: [t.collection, t.externalId] })],
);
