/**
 * `withCompiledRows` (db/prepared.ts) maps a prepared query's rows to exactly the objects
 * Drizzle's own mapping makes: the same query prepared twice, once each way, over rows with
 * nulls, timestamps and mapped SQL (the comments page's: comments.prepared.test.ts). Runs on
 * both engines.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app';
import { createUser, uniqueName } from '../test/factories';
import { withCompiledRows } from './prepared';
import { users } from './schema';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('withCompiledRows', () => {
  it('decodes columns, mapped SQL and aliased SQL as Drizzle does, nulls included', async () => {
    const someone = await createUser(t, { bio: null });
    const query = (name: string) =>
      t.database.db
        .select({
          id: users.id,
          createdAt: users.createdAt,
          bio: users.bio,
          twice: sql<number>`${users.postCount} * 2`.mapWith(Number),
          when: sql<Date>`${users.createdAt}`.mapWith(users.createdAt),
          label: sql<string>`upper(${users.name})`.as('label'),
          nothing: sql<string | null>`null::text`,
        })
        .from(users)
        .where(eq(users.id, sql.placeholder('id')))
        .prepare(name);
    const plain = await query(uniqueName('plain_user')).execute({ id: someone.user.id });
    const compiled = await withCompiledRows(query(uniqueName('compiled_user'))).execute({
      id: someone.user.id,
    });
    expect(compiled).toEqual(plain);
    expect(compiled[0]!.when).toBeInstanceOf(Date);
    expect(compiled[0]!.nothing).toBeNull();
  });

  it('refuses a nested selection, whose rows it would not shape as Drizzle does', () => {
    const nested = t.database.db
      .select({ user: { id: users.id, name: users.name } })
      .from(users)
      .prepare(uniqueName('nested'));
    expect(() => withCompiledRows(nested)).toThrow(/nested field user.id/);
  });
});
