import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShopItemSchema } from '@otakura/shared';
import { queryRows } from '../../db/client';
import { userBlocks } from '../../db/schema';
import { newId } from '../../lib/ids';
import { buildTestApp, type TestApp } from '../../test/app';
import { expectCursorRefused } from '../../test/expect-error';
import { createShopItem, createUser, type TestUser } from '../../test/factories';
import { expectError, list, listAll, token } from './shop.test-helpers';

let t: TestApp;
let viewer: TestUser;
let seller: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  viewer = await createUser(t);
  seller = await createUser(t, { name: 'Sally Seller', displayUsername: 'SallySells' });
});
afterAll(async () => {
  await t?.close();
});

/** Every item's id in newest-first order, as the database orders them. */
async function newestFirstIds(): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    t.database.db,
    sql`select s.id from shop_items s order by s.created_at desc, s.id desc`,
  );
  return rows.map((r) => r.id);
}

describe('GET /api/shop/items', () => {
  it('lists newest first with (created_at, id) order, pages without duplicates or gaps, ties included', async () => {
    const tied = new Date('2026-01-01T00:00:00.123456Z');
    for (let i = 0; i < 7; i++)
      await createShopItem(t, { sellerId: seller.user.id, createdAt: tied });
    for (let i = 0; i < 11; i++)
      await createShopItem(t, {
        sellerId: seller.user.id,
        createdAt: new Date(Date.UTC(2025, 0, 1 + i)),
      });
    const expected = await newestFirstIds();
    expect(expected.length).toBeGreaterThanOrEqual(18);

    const { items, pages } = await listAll(viewer.http, { limit: 4 });
    expect(items.map((i) => i.id)).toEqual(expected);
    expect(pages).toBe(Math.ceil(expected.length / 4));

    const first = await list(viewer.http, { limit: 100 });
    expect(first.items.map((i) => i.id)).toEqual(expected);
    expect(first.nextCursor).toBeNull();
  });

  it('presents price in cents with the configured currency, stock and soldOut, and no hidden fields', async () => {
    const q = token();
    const inStock = await createShopItem(t, {
      sellerId: seller.user.id,
      name: `${q} Figure`,
      priceCents: 4250,
      quantity: 3,
      imageKey: 'shop/x/pic-640.webp',
    });
    const soldOut = await createShopItem(t, {
      sellerId: seller.user.id,
      name: `${q} Poster`,
      priceCents: 0,
      quantity: 0,
    });
    const page = await list(viewer.http, { q });
    expect(page.items).toEqual([
      {
        id: soldOut.id,
        name: `${q} Poster`,
        imageUrl: null,
        priceCents: 0,
        currency: 'usd',
        likeCount: 0,
        likedByMe: false,
        quantity: 0,
        soldOut: true,
      },
      {
        id: inStock.id,
        name: `${q} Figure`,
        imageUrl: '/files/shop/x/pic-640.webp',
        priceCents: 4250,
        currency: 'usd',
        likeCount: 0,
        likedByMe: false,
        quantity: 3,
        soldOut: false,
      },
    ]);
  });

  it('refuses a forged cursor, a cursor of another list and a bad limit with 400', async () => {
    await expectCursorRefused(await viewer.http('/api/shop/items?cursor=garbage'));
    const foreign = Buffer.from(JSON.stringify(['m', 'Title', newId()])).toString('base64url');
    await expectCursorRefused(await viewer.http(`/api/shop/items?cursor=${foreign}`));
    for (const limit of ['0', '101', 'x'])
      await expectError(
        await viewer.http(`/api/shop/items?limit=${limit}`),
        400,
        'validation_error',
      );
  });

  it('answers 401 signed out', async () => {
    await expectError(await t.http('/api/shop/items'), 401, 'unauthorized');
  });

  it('hides items of a banned seller and of a seller the viewer blocked, from the list and the item page', async () => {
    const q = token();
    const banned = await createUser(t, { banned: true, signIn: false });
    const blocked = await createUser(t);
    const expired = await createUser(t, {
      banned: true,
      banExpires: new Date(Date.now() - 60_000),
      signIn: false,
    });
    const a = await createShopItem(t, { sellerId: banned.user.id, name: `${q} a` });
    const b = await createShopItem(t, { sellerId: blocked.user.id, name: `${q} b` });
    const c = await createShopItem(t, { sellerId: expired.user.id, name: `${q} c` });
    await t.database.db
      .insert(userBlocks)
      .values({ blockerId: viewer.user.id, blockedId: blocked.user.id });

    expect((await list(viewer.http, { q })).items.map((i) => i.id)).toEqual([c.id]);
    // Someone else, who blocked nobody, still sees the blocked seller's item.
    const other = await createUser(t);
    expect((await list(other.http, { q })).items.map((i) => i.id)).toEqual([c.id, b.id]);
    expect((await listAll(viewer.http, {})).items.map((i) => i.id)).not.toContain(a.id);

    await expectError(await viewer.http(`/api/shop/items/${a.id}`), 404, 'shop_item_not_found');
    await expectError(await viewer.http(`/api/shop/items/${b.id}`), 404, 'shop_item_not_found');
    expect((await other.http(`/api/shop/items/${b.id}`)).status).toBe(200);
  });
});

describe('GET /api/shop/items/:itemId', () => {
  it('answers the item page with its seller, description, condition, stock, price and shipping', async () => {
    const item = await createShopItem(t, {
      sellerId: seller.user.id,
      name: 'Vintage Cel',
      about: 'Hand-painted production cel.',
      condition: 'Used - good',
      priceCents: 12_000,
      shippingCents: 850,
      quantity: 1,
    });
    const res = await viewer.http(`/api/shop/items/${item.id}`);
    expect(res.status, await res.clone().text()).toBe(200);
    const body = ShopItemSchema.parse(await res.json());
    expect(body).toEqual({
      id: item.id,
      name: 'Vintage Cel',
      imageUrl: null,
      priceCents: 12_000,
      currency: 'usd',
      likeCount: 0,
      likedByMe: false,
      quantity: 1,
      soldOut: false,
      about: 'Hand-painted production cel.',
      condition: 'Used - good',
      shippingCents: 850,
      seller: { id: seller.user.id, username: 'SallySells', name: 'Sally Seller', avatarUrl: null },
      createdAt: item.createdAt.toISOString(),
      series: null,
      volume: null,
      communities: [],
    });
  });

  it('answers 404 shop_item_not_found for unknown and malformed ids, 401 signed out', async () => {
    for (const id of [newId(), 'not-an-id', '1'])
      await expectError(await viewer.http(`/api/shop/items/${id}`), 404, 'shop_item_not_found');
    const item = await createShopItem(t, { sellerId: seller.user.id });
    await expectError(await t.http(`/api/shop/items/${item.id}`), 401, 'unauthorized');
  });

  it('takes the currency from the configuration', async () => {
    const eur = await buildTestApp({ CURRENCY: 'EUR' });
    try {
      const who = await createUser(eur);
      const item = await createShopItem(eur, { sellerId: who.user.id });
      const body = ShopItemSchema.parse(
        await (await who.http(`/api/shop/items/${item.id}`)).json(),
      );
      expect(body.currency).toBe('eur');
    } finally {
      await eur.close();
    }
  });
});
