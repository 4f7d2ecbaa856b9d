import { integer, timestamp, uuid } from 'drizzle-orm/pg-core';
import { newId } from '../../lib/ids';

/** Primary key: a UUIDv7 generated in the app (never a serial). */
export const idColumn = () =>
  uuid('id')
    .primaryKey()
    .$defaultFn(() => newId());

/** A `timestamptz` read and written as a JS `Date`. */
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAtColumn = () => tstz('created_at').notNull().defaultNow();
export const updatedAtColumn = () =>
  tstz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** A denormalised counter, kept equal to its rows by the services (and CHECKed >= 0). */
export const counterColumn = (name: string) => integer(name).notNull().default(0);
