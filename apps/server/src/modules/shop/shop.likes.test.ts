import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LikeStateSchema, ShopItemSchema } from '@otakura/shared';
import { queryRows } from '../../db/client';
import { newId } from '../../lib/ids';
import { buildTestApp, type TestApp } from '../../test/app';
import { createShopItem, createUser, type TestUser } from '../../test/factories';
import { openLive } from '../live/live.test-helpers';
import { expectError, list } from './shop.test-helpers';

let t: TestApp;
let alice: TestUser;
let seller: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await createUser(t);
  seller = await createUser(t);
});
afterAll(async () => {
  await t?.close();
});

const newItem = () => createShopItem(t, { sellerId: seller.user.id });

async function likeVia(who: TestUser, itemId: string, method: 'PUT' | 'DELETE') {
  const res = await who.http(`/api/shop/items/${itemId}/like`, { method });
  expect(res.status, await res.clone().text()).toBe(200);
  return LikeStateSchema.parse(await res.json());
}

async function counts(itemId: string) {
  const [row] = await queryRows<{ counter: number; rows: number }>(
    t.database.db,
    sql`select s.like_count as counter,
        (select count(*) from shop_likes l where l.item_id = s.id)::int as rows
      from shop_items s where s.id = ${itemId}::uuid`,
  );
  return row!;
}

/** Every shop item whose like_count differs from its rows. */
async function shopCounterMismatches(): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    t.database.db,
    sql`select s.id from shop_items s
      where s.like_count <> (select count(*) from shop_likes l where l.item_id = s.id)`,
  );
  return rows.map((r) => r.id);
}

describe('PUT / DELETE /api/shop/items/:itemId/like', () => {
  it('likes and unlikes idempotently; the item page and the list say likedByMe', async () => {
    const item = await newItem();
    expect(await likeVia(alice, item.id, 'PUT')).toEqual({ liked: true, likeCount: 1 });
    expect(await likeVia(alice, item.id, 'PUT')).toEqual({ liked: true, likeCount: 1 });
    const bob = await createUser(t);
    expect(await likeVia(bob, item.id, 'PUT')).toEqual({ liked: true, likeCount: 2 });
    const page = ShopItemSchema.parse(
      await (await alice.http(`/api/shop/items/${item.id}`)).json(),
    );
    expect(page).toMatchObject({ likedByMe: true, likeCount: 2 });
    const listed = (await list(alice.http, { limit: 100 })).items.find((i) => i.id === item.id);
    expect(listed).toMatchObject({ likedByMe: true, likeCount: 2 });
    const other = await createUser(t);
    const seen = ShopItemSchema.parse(
      await (await other.http(`/api/shop/items/${item.id}`)).json(),
    );
    expect(seen).toMatchObject({ likedByMe: false, likeCount: 2 });

    expect(await likeVia(alice, item.id, 'DELETE')).toEqual({ liked: false, likeCount: 1 });
    expect(await likeVia(alice, item.id, 'DELETE')).toEqual({ liked: false, likeCount: 1 });
    expect(await counts(item.id)).toEqual({ counter: 1, rows: 1 });
    expect(await shopCounterMismatches()).toEqual([]);
  });

  it('publishes shop.liked on shop:{id} when the count changed, and nothing when it did not', async () => {
    const item = await newItem();
    const watcher = await createUser(t);
    const c = await openLive(t.url, { cookie: watcher.cookie, origin: t.config.publicUrl });
    try {
      const subscribed = await c.subscribe([`shop:${item.id}`]);
      expect(subscribed.topics).toEqual([`shop:${item.id}`]);
      await likeVia(alice, item.id, 'PUT');
      expect(await c.next('shop.liked')).toEqual({
        type: 'shop.liked',
        topic: `shop:${item.id}`,
        itemId: item.id,
        likeCount: 1,
        actorId: alice.user.id,
      });
      await likeVia(alice, item.id, 'PUT');
      await likeVia(alice, item.id, 'DELETE');
      // The repeated like published nothing: the next event is the unlike.
      expect(await c.next('shop.liked')).toMatchObject({ likeCount: 0 });
      await c.roundTrip();
      expect(c.events.filter((e) => e.type === 'shop.liked')).toHaveLength(2);
    } finally {
      await c.close();
    }
  });

  it('answers 404 for unknown and malformed ids and 401 signed out, changing nothing', async () => {
    for (const id of [newId(), 'not-an-id']) {
      for (const method of ['PUT', 'DELETE'])
        await expectError(
          await alice.http(`/api/shop/items/${id}/like`, { method }),
          404,
          'shop_item_not_found',
        );
    }
    const item = await newItem();
    await expectError(
      await t.http(`/api/shop/items/${item.id}/like`, { method: 'PUT' }),
      401,
      'unauthorized',
    );
    expect(await counts(item.id)).toEqual({ counter: 0, rows: 0 });
  });

  it('keeps like_count equal to the like rows under 30 parallel likes and unlikes from several users (a real race on PostgreSQL; serialised on PGlite)', async () => {
    const item = await newItem();
    const likers = await Promise.all([1, 2, 3, 4, 5].map(() => createUser(t)));
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => {
        const who = likers[i % likers.length]!;
        const method = (i * 7) % 3 === 0 ? 'DELETE' : 'PUT';
        return who.http(`/api/shop/items/${item.id}/like`, { method });
      }),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(30).fill(200));
    const { counter, rows } = await counts(item.id);
    expect(counter).toBe(rows);
    const final = ShopItemSchema.parse(
      await (await alice.http(`/api/shop/items/${item.id}`)).json(),
    );
    expect(final.likeCount).toBe(rows);
    expect(await shopCounterMismatches()).toEqual([]);
  });
});
