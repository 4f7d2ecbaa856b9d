import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { buildTestApp, type TestApp } from '../../test/app';
import { createUser, type TestUser } from '../../test/factories';
import { listShopItemsSql, substringPattern } from './shop.repository';
import { list } from './shop.test-helpers';

const GENERATED = 4000;
let t: TestApp;
let viewer: TestUser;
let seller: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  viewer = await createUser(t);
  seller = await createUser(t);
  // A few thousand varied names a minute apart; every 800th is a 'Nendoroid', so a search is selective.
  await t.database.db
    .execute(sql`insert into shop_items (id, seller_id, name, price_cents, created_at)
    select gen_random_uuid(), ${seller.user.id}::uuid,
      case when i % 800 = 0 then 'Nendoroid ' else 'Gen ' end || md5(i::text),
      100, timestamptz '2025-01-01' + i * interval '1 minute'
    from generate_series(1, ${GENERATED}) as i`);
  // Planner statistics, as autovacuum would gather them (PGlite has no autovacuum).
  await t.database.db.execute(sql`vacuum analyze shop_items`);
  await t.database.db.execute(sql`vacuum analyze users`);
});
afterAll(async () => {
  await t?.close();
});

async function explain(query: ReturnType<typeof listShopItemsSql>): Promise<string> {
  const rows = await queryRows<Record<string, string>>(t.database.db, sql`explain ${query}`);
  return rows.map((r) => Object.values(r)[0]).join('\n');
}

describe('shop list plans', () => {
  it('reads the newest-first list from shop_items_created_idx in order, without a sort', async () => {
    const p = await explain(listShopItemsSql({ viewerId: viewer.user.id, limit: 25 }));
    expect(p, p).toContain('shop_items_created_idx');
    expect(p, p).not.toMatch(/Sort Key/);
    // The list's own scan (`s`); the `sellerBanEnds` probe (`t`, limit 1) runs only per seller
    // whose ban has an end, and with one seller here a first row of any scan answers it.
    expect(p, p).not.toMatch(/Seq Scan on shop_items s\b/);
    // A later page too (the keyset condition is an index condition).
    const later = await explain(
      listShopItemsSql({
        viewerId: viewer.user.id,
        limit: 25,
        after: { at: '2025-01-02T00:00:00.000000Z', id: viewer.user.id },
      }),
    );
    expect(later, later).toContain('shop_items_created_idx');
    expect(later, later).not.toMatch(/Sort Key/);
  });

  it('finds search matches through the trigram index', async () => {
    for (const q of ['nendoroid', 'NENDO', 'doro']) {
      const p = await explain(
        listShopItemsSql({ viewerId: viewer.user.id, pattern: substringPattern(q), limit: 25 }),
      );
      expect(p, p).toContain('shop_items_name_trgm_idx');
      expect(p, p).not.toMatch(/Seq Scan on shop_items s\b/);
      // Matches are sorted, never found by walking the whole list.
      expect(p, p).not.toContain('shop_items_created_idx');
    }
  });

  it('answers the indexed search correctly, newest first', async () => {
    const page = await list(viewer.http, { q: 'nendoroid', limit: 100 });
    const expected = [4000, 3200, 2400, 1600, 800].map(
      (i) => `Nendoroid ${createHash('md5').update(String(i)).digest('hex')}`,
    );
    expect(page.items.map((m) => m.name)).toEqual(expected);
  });
});
