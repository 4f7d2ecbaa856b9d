import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { buildTestApp, type TestApp } from '../../test/app';
import { createUser, type TestUser } from '../../test/factories';
import { listMediaSql, substringPattern } from './media.repository';
import { search } from './media.test-helpers';

const GENERATED = 4000;
let t: TestApp;
let viewer: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  viewer = await createUser(t);
  // A few thousand varied titles; every 800th carries the keyword 'Kimetsu', so a search is selective.
  await t.database.db.execute(sql`insert into media (id, kind, title, keywords)
    select gen_random_uuid(), 'video', 'Gen ' || md5(i::text),
      case when i % 800 = 0 then array['Kimetsu', 'demons'] else array['filler'] end
    from generate_series(1, ${GENERATED}) as i`);
  // Planner statistics, as autovacuum would gather them (PGlite has no autovacuum).
  await t.database.db.execute(sql`vacuum analyze media`);
});
afterAll(async () => {
  await t?.close();
});

async function explain(query: ReturnType<typeof listMediaSql>): Promise<string> {
  const rows = await queryRows<Record<string, string>>(t.database.db, sql`explain ${query}`);
  return rows.map((r) => Object.values(r)[0]).join('\n');
}

describe('media list plans', () => {
  it('reads the alphabetical list from media_title_lower_idx in order, without a sort', async () => {
    const p = await explain(listMediaSql({ limit: 25 }));
    expect(p, p).toContain('media_title_lower_idx');
    expect(p, p).not.toMatch(/Sort Key/);
    expect(p, p).not.toMatch(/Seq Scan on media m/);
    // A later page too (the keyset condition is an index condition).
    const later = await explain(
      listMediaSql({ limit: 25, after: { title: 'Gen 8', id: viewer.user.id } }),
    );
    expect(later, later).toContain('media_title_lower_idx');
    expect(later, later).not.toMatch(/Sort Key/);
  });

  it('finds search matches through the trigram index', async () => {
    for (const q of ['kimetsu', 'KIMETSU', 'mets', 'demon']) {
      const p = await explain(listMediaSql({ pattern: substringPattern(q), limit: 25 }));
      expect(p, p).toContain('media_search_trgm_idx');
      expect(p, p).not.toMatch(/Seq Scan on media m/);
      // Matches are sorted, never found by walking the whole alphabet.
      expect(p, p).not.toContain('media_title_lower_idx');
    }
  });

  it('answers the indexed search correctly', async () => {
    const page = await search(viewer.http, { q: 'kimetsu', limit: 100 });
    const expected = [800, 1600, 2400, 3200, 4000]
      .map((i) => `Gen ${createHash('md5').update(String(i)).digest('hex')}`)
      .sort();
    expect(page.items.map((m) => m.title)).toEqual(expected);
  });
});
