/**
 * A shop item's page in the page cache (lib/page-cache.ts, `pages.shopItems`; migrations 0016 and
 * 0018): a repeat comes from it, each viewer with their own like; every change of what the page
 * shows — through a route, or written straight into the database — reaches the next answer; a
 * viewer who blocks someone is never answered from it. Both passes (PGlite's LISTEN;
 * PostgreSQL's through the live bus), and two servers on PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ShopItemSchema, type ShopItem } from '@otakura/shared';
import {
  communities,
  media,
  mediaVolumes,
  shopItemCommunities,
  shopItems,
  userBlocks,
  users,
} from '../../db/schema';
import { addVolume } from '../media/media.test-helpers';
import { buildTestApp, type TestApp } from '../../test/app';
import {
  createCommunity,
  createMedia,
  createShopItem,
  createUser,
  withCookie,
  type TestHttp,
} from '../../test/factories';
import { buildSharedDbApps, type SharedDbApps } from '../../test/shared-db-apps';
import { getShopItem } from './shop.service';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/** Far below the cache's TTL (60 s): passing proves the NOTIFY carried the change, not the clock. */
const POLL = { timeout: 10_000, interval: 5 };

async function item(http: TestHttp, id: string): Promise<ShopItem> {
  const res = await http(`/api/shop/items/${id}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return ShopItemSchema.parse(await res.json());
}

describe('the shop item page cache', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** An item by a seller named `names.seller`, of a series' volume, on one community's shelf. */
  async function itemWithEverything(
    names: { seller: string; series: string; community: string },
    volumeNumber: number,
    about = '',
  ) {
    const seller = await createUser(t, { name: names.seller });
    const series = await createMedia(t, { title: names.series, kind: 'manga' });
    const volume = await addVolume(t, series.id, volumeNumber);
    const c = await createCommunity(t, { name: names.community });
    const row = await createShopItem(t, {
      sellerId: seller.user.id,
      mediaId: series.id,
      mediaVolumeId: volume.id,
      about,
    });
    await t.database.db.insert(shopItemCommunities).values({ itemId: row.id, communityId: c.id });
    return { seller, series, volume, c, row };
  }

  it('answers a repeat from the cache with what the database says, each viewer with their own like', async () => {
    const cache = t.ctx.pages.shopItems;
    expect(cache.ttlMs).toBeGreaterThan(POLL.timeout * 2);
    const [fan, other] = [await createUser(t), await createUser(t)];
    const { c, row } = await itemWithEverything(
      { seller: 'Sora Seller', series: 'Cached Series', community: 'Cached Shelf' },
      3,
      'Has "likedByMe":false in its text',
    );
    const path = `/api/shop/items/${row.id}`;

    const first = await fan.http(path);
    const hits = cache.stats.hits;
    const second = await fan.http(path);
    expect(cache.stats.hits).toBe(hits + 1);
    expect(second.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await second.text();
    expect(text).toBe(await first.text());
    // What the cache answers is what the service makes of the rows, field for field.
    const fromDb = await getShopItem(
      { db: t.database.db, currency: t.ctx.config.currency },
      fan.user.id,
      row.id,
    );
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(fromDb)));
    expect(fromDb).toMatchObject({
      about: 'Has "likedByMe":false in its text',
      likedByMe: false,
      seller: { name: 'Sora Seller' },
      series: { title: 'Cached Series' },
      volume: { number: 3 },
      communities: [{ id: c.id, name: 'Cached Shelf' }],
    });

    // A like through the route: the liker's next read has it, another viewer the count only.
    // The route drops the item pages itself before it answers (plugins/page-cache.ts), so this
    // holds on PostgreSQL, where the NOTIFY may come a moment after the answer.
    const drop = vi.spyOn(cache, 'drop');
    expect((await fan.http(`${path}/like`, { method: 'PUT' })).status).toBe(200);
    const drops = drop.mock.calls.length;
    drop.mockRestore();
    expect(drops).toBeGreaterThanOrEqual(t.database.kind === 'pglite' ? 2 : 1);
    expect(await item(fan.http, row.id)).toMatchObject({ likeCount: 1, likedByMe: true });
    expect(await item(other.http, row.id)).toMatchObject({ likeCount: 1, likedByMe: false });
    const before = cache.stats.hits;
    expect(await item(other.http, row.id)).toMatchObject({ likeCount: 1, likedByMe: false });
    expect(await item(fan.http, row.id)).toMatchObject({ likeCount: 1, likedByMe: true });
    expect(cache.stats.hits).toBe(before + 2);
  });

  it('a change written straight into the database of anything the page shows reaches it', async () => {
    const viewer = await createUser(t);
    const { seller, series, volume, c, row } = await itemWithEverything(
      { seller: 'Before Rename', series: 'Old Title', community: 'Old Shelf' },
      1,
    );
    // Asked with the id in upper case: the key is the id as the database names the row.
    const id = row.id.toUpperCase();
    const read = () => item(viewer.http, id);
    const cached = async () => {
      await read();
      const hits = t.ctx.pages.shopItems.stats.hits;
      await read();
      expect(t.ctx.pages.shopItems.stats.hits).toBe(hits + 1);
    };
    const db = t.database.db;

    await cached();
    await db.update(shopItems).set({ priceCents: 777 }).where(eq(shopItems.id, row.id));
    await expect.poll(async () => (await read()).priceCents, POLL).toBe(777);

    await cached();
    await db.update(users).set({ name: 'After Rename' }).where(eq(users.id, seller.user.id));
    await expect.poll(async () => (await read()).seller.name, POLL).toBe('After Rename');

    await cached();
    await db.update(media).set({ title: 'New Title' }).where(eq(media.id, series.id));
    await expect.poll(async () => (await read()).series?.title, POLL).toBe('New Title');

    await cached();
    await db.update(mediaVolumes).set({ title: 'Finale' }).where(eq(mediaVolumes.id, volume.id));
    await expect.poll(async () => (await read()).volume?.title, POLL).toBe('Finale');

    await cached();
    await db.update(communities).set({ name: 'New Shelf' }).where(eq(communities.id, c.id));
    await expect.poll(async () => (await read()).communities[0]?.name, POLL).toBe('New Shelf');

    await cached();
    const d = await createCommunity(t, { name: 'Another Shelf' });
    await db.insert(shopItemCommunities).values({ itemId: row.id, communityId: d.id });
    await expect.poll(async () => (await read()).communities.length, POLL).toBe(2);

    // Hidden, then the seller banned: 404, never from the cache.
    await cached();
    await db.update(shopItems).set({ hiddenAt: new Date() }).where(eq(shopItems.id, row.id));
    const status = () => viewer.http(`/api/shop/items/${id}`).then((r) => r.status);
    await expect.poll(status, POLL).toBe(404);
    await db.update(shopItems).set({ hiddenAt: null }).where(eq(shopItems.id, row.id));
    await expect.poll(status, POLL).toBe(200);
    await cached();
    await db.update(users).set({ banned: true }).where(eq(users.id, seller.user.id));
    await expect.poll(status, POLL).toBe(404);
  });

  it('never answers a viewer who blocks someone from the shared page; a block reaches it', async () => {
    const cache = t.ctx.pages.shopItems;
    const seller = await createUser(t);
    const blocker = await createUser(t);
    const stranger = await createUser(t);
    const row = await createShopItem(t, { sellerId: seller.user.id });
    await item(blocker.http, row.id);
    await item(blocker.http, row.id); // cached for the blocker while they block nobody

    await t.database.db
      .insert(userBlocks)
      .values({ blockerId: blocker.user.id, blockedId: stranger.user.id });
    await expect.poll(async () => (await item(blocker.http, row.id)).id, POLL).toBe(row.id);
    const before = { hits: cache.stats.hits, misses: cache.stats.misses };
    for (let i = 0; i < 2; i++) await item(blocker.http, row.id);
    expect(cache.stats.hits).toBe(before.hits);
    expect(cache.stats.misses).toBe(before.misses + 2);

    // Blocking the seller hides the item from the blocker only.
    await t.database.db
      .insert(userBlocks)
      .values({ blockerId: blocker.user.id, blockedId: seller.user.id });
    const res = await blocker.http(`/api/shop/items/${row.id}`);
    expect(res.status).toBe(404);
    expect((await item(stranger.http, row.id)).id).toBe(row.id);
  });
});

describe.runIf(process.env.DATABASE_URL)('the shop item page cache across two servers', () => {
  let shared: SharedDbApps;

  beforeAll(async () => {
    shared = await buildSharedDbApps(2);
  });
  afterAll(async () => {
    await shared?.close();
  });

  it('a like and a seller rename on A reach the page B has cached', async () => {
    const [a, b] = shared.apps as [TestApp, TestApp];
    const seller = await createUser(a, { name: 'Seller On A' });
    const fan = await createUser(a);
    const row = await createShopItem(a, { sellerId: seller.user.id });
    const onB = withCookie(b, fan.cookie);
    for (let i = 0; i < 2; i++) await item(onB, row.id);
    expect(b.ctx.pages.shopItems.stats.hits).toBeGreaterThan(0);

    expect((await fan.http(`/api/shop/items/${row.id}/like`, { method: 'PUT' })).status).toBe(200);
    await expect
      .poll(async () => {
        const v = await item(onB, row.id);
        return [v.likeCount, v.likedByMe];
      }, POLL)
      .toEqual([1, true]);
    await a.database.db
      .update(users)
      .set({ name: 'Renamed On A' })
      .where(eq(users.id, seller.user.id));
    await expect.poll(async () => (await item(onB, row.id)).seller.name, POLL).toBe('Renamed On A');
  });
});
