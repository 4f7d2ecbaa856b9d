import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { buildTestApp, type TestApp } from '../../test/app';
import { createUser, type TestUser } from '../../test/factories';
import { listCommunitiesSql, substringPattern, type ListSection } from './communities.repository';
import { search } from './communities.test-helpers';

const GENERATED = 4000;
let t: TestApp;
let viewer: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  viewer = await createUser(t);
  // A few thousand varied names; every 800th holds 'Kimetsu', so a search for it is selective.
  await t.database.db.execute(sql`insert into communities (id, name)
    select gen_random_uuid(), 'Gen ' || md5(i::text) || case when i % 800 = 0 then ' Kimetsu' else '' end
    from generate_series(1, ${GENERATED}) as i`);
  // Planner statistics, as autovacuum would gather them (PGlite has no autovacuum).
  await t.database.db.execute(sql`vacuum analyze communities`);
});
afterAll(async () => {
  await t?.close();
});

async function plan(q: string, section: ListSection = 'all'): Promise<string> {
  const rows = await queryRows<Record<string, string>>(
    t.database.db,
    sql`explain ${listCommunitiesSql({ viewerId: viewer.user.id, pattern: substringPattern(q), section, limit: 51 })}`,
  );
  return rows.map((r) => Object.values(r)[0]).join('\n');
}

describe('community search plans', () => {
  it('uses the trigram index for a search of 3 or more letters', async () => {
    for (const q of ['kimetsu', 'KIMETSU', 'mets', 'ime']) {
      const p = await plan(q);
      expect(p, p).toContain('communities_name_trgm_idx');
      expect(p, p).not.toMatch(/Seq Scan on communities/);
    }
    // Also for the "everything else" part of the followed-first list.
    expect(await plan('kimetsu', 'unfollowed')).toContain('communities_name_trgm_idx');
  });

  it('answers the indexed search correctly', async () => {
    const page = await search(viewer.http, { q: 'kimetsu', limit: 100 });
    const expected = [800, 1600, 2400, 3200, 4000]
      .map((i) => `Gen ${createHash('md5').update(String(i)).digest('hex')} Kimetsu`)
      .sort();
    expect(page.items.map((c) => c.name)).toEqual(expected);
  });

  it('answers 1- and 2-character searches (no trigram to use) correctly too', async () => {
    for (const q of ['E', 'a1']) {
      const page = await search(viewer.http, { q, limit: 100 });
      expect(page.items).toHaveLength(100);
      expect(page.items.every((c) => c.name.toLowerCase().includes(q.toLowerCase()))).toBe(true);
      expect(page.nextCursor).not.toBeNull();
    }
  });

  it('reads the alphabetical list from the name index for the empty query only', async () => {
    await t.database.db.execute(sql`analyze communities`);
    const all = await queryRows<Record<string, string>>(
      t.database.db,
      sql`explain ${listCommunitiesSql({ viewerId: viewer.user.id, section: 'all', limit: 51 })}`,
    );
    const p = all.map((r) => Object.values(r)[0]).join('\n');
    expect(p, p).toContain('communities_name_lower_idx');
    expect(p, p).not.toMatch(/Sort Key/);
    // A substring search sorts its matches instead of walking the whole alphabet.
    expect(await plan('kimetsu')).toContain('communities_name_trgm_idx');
    expect(await plan('kimetsu')).not.toContain('communities_name_lower_idx');
  });
});
