import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import { createTestDatabase } from '../test/db';
import { newId } from '../lib/ids';
const database = await createTestDatabase();
const ids = Array.from({ length: 5 }, () => newId());
const r = await queryRows(database.db, sql`select (${sql.param(ids)}::uuid[])[2] as second, cardinality(${sql.param(ids)}::uuid[]) as n, encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing substring(int8send(floor(extract(epoch from now()) * 1000)::bigint) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid as v7`);
console.log(r, ids[1]);
await database.close();
