import { openDatabase, migrateDatabase } from '../src/db/client';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
const qs = [
 `select datcollate, datctype, datlocprovider, pg_encoding_to_char(encoding) enc, version() from pg_database where datname = current_database()`,
 `select lower('CAFÉ ÅNGSTRÖM') l, 'CAFÉ' ilike '%café%' il, 'Café' ilike '%CAFÉ%' il2, upper('é') u`,
 `select show_trgm('CAFÉ')`,
 `select name from pg_available_extensions where name in ('unaccent','pg_trgm')`,
 `select pg_advisory_xact_lock(hashtextextended('x',0))`,
];
const pgl = await PGlite.create({ extensions: { pg_trgm, unaccent } });
await pgl.exec('create extension pg_trgm');
for (const q of qs) console.log('pglite', JSON.stringify((await pgl.query(q)).rows));
const d = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/test' });
for (const q of qs) console.log('pg', JSON.stringify((await d.pool!.query(q)).rows));
await d.close(); await pgl.close();
