import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@otakura/shared';
import { buildTestApp, type TestApp } from '../../test/app';
import { createShopItem, createUser, type TestUser } from '../../test/factories';
import { expectError, list, listAll, listPath, token } from './shop.test-helpers';

let t: TestApp;
let viewer: TestUser;
let seller: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  viewer = await createUser(t);
  seller = await createUser(t);
});
afterAll(async () => {
  await t?.close();
});

const item = (name: string, createdAt?: Date) =>
  createShopItem(t, { sellerId: seller.user.id, name, ...(createdAt ? { createdAt } : {}) });

describe('GET /api/shop/items?q=', () => {
  it('matches a case-insensitive substring of the name, newest first', async () => {
    const q = token();
    const old = await item(`Old ${q.toUpperCase()} figure`, new Date('2025-01-01T00:00:00Z'));
    const mid = await item(`mid-${q}-poster`, new Date('2025-02-01T00:00:00Z'));
    const recent = await item(`${q}`, new Date('2025-03-01T00:00:00Z'));
    await item(`unrelated ${q.slice(0, 4)}`);
    for (const search of [q, q.toUpperCase(), q.slice(2, 7), `  ${q}  `]) {
      const page = await list(viewer.http, { q: search });
      expect(
        page.items.map((i) => i.id),
        search,
      ).toEqual([recent.id, mid.id, old.id]);
    }
  });

  it('matches %, _ and \\ literally', async () => {
    const q = token();
    const percent = await item(`${q} 100% cotton`);
    const underscore = await item(`${q} snake_case`);
    const backslash = await item(`${q} back\\slash`);
    await item(`${q} 100 cotton`);
    await item(`${q} snakeXcase`);
    await item(`${q} backslash`);
    expect((await list(viewer.http, { q: `${q} 100%` })).items.map((i) => i.id)).toEqual([
      percent.id,
    ]);
    expect((await list(viewer.http, { q: 'e_c' })).items.map((i) => i.id)).toEqual([underscore.id]);
    expect((await list(viewer.http, { q: 'k\\s' })).items.map((i) => i.id)).toEqual([backslash.id]);
    expect((await list(viewer.http, { q: '%' })).items.map((i) => i.id)).toEqual([percent.id]);
  });

  it('pages a search without duplicates or gaps', async () => {
    const q = token();
    const made = [];
    for (let i = 0; i < 9; i++)
      made.push(await item(`${q} #${i}`, new Date(Date.UTC(2024, 5, 1 + i))));
    const { items, pages } = await listAll(viewer.http, { q, limit: 2 });
    expect(items.map((i) => i.id)).toEqual(made.map((m) => m.id).reverse());
    expect(pages).toBe(5);
  });

  it('lists everything for a blank search and nothing for a name no item has', async () => {
    const all = await listAll(viewer.http, { limit: 100 });
    expect((await listAll(viewer.http, { q: '   ', limit: 100 })).items).toEqual(all.items);
    expect((await list(viewer.http, { q: token() })).items).toEqual([]);
  });

  it(`refuses a search longer than ${LIMITS.searchQueryMax} characters with 400`, async () => {
    await expectError(
      await viewer.http(listPath({ q: 'a'.repeat(LIMITS.searchQueryMax + 1) })),
      400,
      'validation_error',
    );
    expect((await viewer.http(listPath({ q: 'a'.repeat(LIMITS.searchQueryMax) }))).status).toBe(
      200,
    );
  });
});
