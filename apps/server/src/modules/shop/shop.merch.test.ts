/**
 * Merch on the series (issue 12): the admin tags items with a series, a volume and communities;
 * the series page and the community page show merch shelves; paying for a volume marks it owned,
 * and the owned list obeys the owner's privacy setting. Real HTTP, real database (PGlite here,
 * PostgreSQL under `npm run test:pg`).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CheckoutStartedSchema,
  MerchShelfSchema,
  OwnedVolumesSchema,
  ShopItemSchema,
  type MerchShelf,
  type ShopItem,
} from '@otakura/shared';
import { queryRows } from '../../db/client';
import { newId } from '../../lib/ids';
import { buildTestApp, type TestApp } from '../../test/app';
import {
  createCommunity,
  createMedia,
  createShopItem,
  createUser,
  type TestHttp,
  type TestUser,
} from '../../test/factories';
import { addVolume } from '../media/media-units.test-helpers';
import { paymentProviders } from '../orders/orders.providers';
import * as orders from '../orders/orders.service';
import { CARD } from '../orders/orders.test-helpers';
import { expectError } from './shop.test-helpers';

let t: TestApp;
let admin: TestUser;
let seller: TestUser;
let buyer: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t, { role: 'admin' });
  seller = await createUser(t);
  buyer = await createUser(t);
  other = await createUser(t);
});
afterAll(async () => {
  await t?.close();
});

async function okItem(res: Response, status = 200): Promise<ShopItem> {
  expect(res.status, await res.clone().text()).toBe(status);
  return ShopItemSchema.parse(await res.json());
}

async function shelf(http: TestHttp, path: string): Promise<MerchShelf> {
  const res = await http(path);
  expect(res.status, await res.clone().text()).toBe(200);
  return MerchShelfSchema.parse(await res.json());
}

async function itemCount(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from shop_items`,
  );
  return row!.n;
}

async function ownedRows(userId: string) {
  return queryRows<{ volumeId: string; orderId: string | null }>(
    t.database.db,
    sql`select volume_id as "volumeId", order_id as "orderId" from owned_volumes
      where user_id = ${userId}::uuid order by created_at`,
  );
}

describe('tagging items (admin create and edit)', () => {
  it('creates an item tagged with a series, one of its volumes and communities; every reader sees the tags', async () => {
    const manga = await createMedia(t, { kind: 'manga', title: 'Tagged Manga' });
    const vol = await addVolume(t, manga.id, 2);
    const c1 = await createCommunity(t, { name: 'Zeta readers' });
    const c2 = await createCommunity(t, { name: 'Alpha readers' });
    const created = await okItem(
      await admin.http('/api/admin/shop/items', {
        method: 'POST',
        json: {
          name: 'Tagged Manga Vol. 2',
          priceCents: 999,
          quantity: 3,
          mediaId: manga.id,
          mediaVolumeId: vol.id,
          communityIds: [c1.id, c2.id],
        },
      }),
      201,
    );
    expect(created).toMatchObject({
      series: { id: manga.id, title: 'Tagged Manga', kind: 'manga' },
      volume: { id: vol.id, number: 2, title: 'Volume 2' },
      // By name.
      communities: [
        { id: c2.id, name: 'Alpha readers' },
        { id: c1.id, name: 'Zeta readers' },
      ],
    });
    expect(await okItem(await other.http(`/api/shop/items/${created.id}`))).toEqual(created);

    // An untagged item answers nulls and no communities.
    const plain = await createShopItem(t, { sellerId: seller.user.id });
    expect(await okItem(await other.http(`/api/shop/items/${plain.id}`))).toMatchObject({
      series: null,
      volume: null,
      communities: [],
    });
  });

  it('refuses bad tags with 400 naming the field and writes nothing', async () => {
    const manga = await createMedia(t, { kind: 'manga' });
    const elsewhere = await createMedia(t, { kind: 'manga' });
    const foreignVolume = await addVolume(t, elsewhere.id, 1);
    const community = await createCommunity(t);
    const before = await itemCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ mediaId: newId() }, 'mediaId'],
      [{ mediaId: 'not-an-id' }, 'mediaId'],
      [{ mediaId: manga.id, mediaVolumeId: foreignVolume.id }, 'mediaVolumeId'],
      [{ mediaVolumeId: foreignVolume.id }, 'mediaVolumeId'],
      [{ mediaId: manga.id, mediaVolumeId: newId() }, 'mediaVolumeId'],
      [{ communityIds: [community.id, newId()] }, 'communityIds'],
      [{ communityIds: [community.id, community.id] }, 'communityIds'],
      [{ communityIds: Array.from({ length: 6 }, () => newId()) }, 'communityIds'],
    ];
    for (const [tags, field] of cases) {
      const res = await admin.http('/api/admin/shop/items', {
        method: 'POST',
        json: { name: 'Should not exist', priceCents: 100, ...tags },
      });
      const body = (await res.clone().json()) as { error: { details?: { path: string }[] } };
      await expectError(res, 400, 'validation_error');
      expect(body.error.details?.map((d) => d.path)).toContain(field);
    }
    expect(await itemCount()).toBe(before);

    // An edit with a bad tag changes no field of the item.
    const item = await createShopItem(t, { sellerId: seller.user.id, name: 'Kept name' });
    const res = await admin.http(`/api/admin/shop/items/${item.id}`, {
      method: 'PATCH',
      json: { name: 'Changed', mediaId: manga.id, mediaVolumeId: foreignVolume.id },
    });
    await expectError(res, 400, 'validation_error');
    expect(await okItem(await other.http(`/api/shop/items/${item.id}`))).toMatchObject({
      name: 'Kept name',
      series: null,
      volume: null,
    });
  });

  it('lets only admins tag: 403 for a member, 401 signed out, nothing changed', async () => {
    const manga = await createMedia(t, { kind: 'manga' });
    const item = await createShopItem(t, { sellerId: seller.user.id });
    for (const [http, status, code] of [
      [seller.http, 403, 'forbidden'],
      [t.http, 401, 'unauthorized'],
    ] as const) {
      const res = await http(`/api/admin/shop/items/${item.id}`, {
        method: 'PATCH',
        json: { mediaId: manga.id },
      });
      await expectError(res, status, code);
    }
    expect((await okItem(await other.http(`/api/shop/items/${item.id}`))).series).toBeNull();
  });

  it('edits tags: a new series drops the old volume, null removes the series, communities are replaced', async () => {
    const a = await createMedia(t, { kind: 'manga' });
    const b = await createMedia(t, { kind: 'video' });
    const va = await addVolume(t, a.id, 1);
    const c1 = await createCommunity(t);
    const c2 = await createCommunity(t);
    const item = await createShopItem(t, { sellerId: seller.user.id });
    const patch = (json: Record<string, unknown>) =>
      admin.http(`/api/admin/shop/items/${item.id}`, { method: 'PATCH', json });

    expect(
      await okItem(await patch({ mediaId: a.id, mediaVolumeId: va.id, communityIds: [c1.id] })),
    ).toMatchObject({ series: { id: a.id }, volume: { id: va.id }, communities: [{ id: c1.id }] });
    // The volume alone may be cleared; the stored series stays.
    expect(await okItem(await patch({ mediaVolumeId: null }))).toMatchObject({
      series: { id: a.id },
      volume: null,
    });
    // Setting the volume again checks it against the stored series.
    expect(await okItem(await patch({ mediaVolumeId: va.id }))).toMatchObject({
      volume: { id: va.id },
    });
    expect(await okItem(await patch({ mediaId: b.id }))).toMatchObject({
      series: { id: b.id, kind: 'video' },
      volume: null,
    });
    expect(await okItem(await patch({ communityIds: [c2.id] }))).toMatchObject({
      communities: [{ id: c2.id }],
    });
    expect(await okItem(await patch({ mediaId: null, communityIds: [] }))).toMatchObject({
      series: null,
      volume: null,
      communities: [],
    });
  });
});

describe('merch shelves', () => {
  it('the series shelf lists its listed items: in stock first, then volumes by number, then newest; never hidden ones or those of a banned seller', async () => {
    const manga = await createMedia(t, { kind: 'manga', title: 'Shelf Manga' });
    const [v1, v2, v3] = [
      await addVolume(t, manga.id, 1),
      await addVolume(t, manga.id, 2),
      await addVolume(t, manga.id, 3),
    ];
    const banned = await createUser(t, { banned: true, signIn: false });
    const mk = (o: Parameters<typeof createShopItem>[1]) => createShopItem(t, o);
    const vol3 = await mk({ sellerId: seller.user.id, mediaId: manga.id, mediaVolumeId: v3!.id });
    const vol1 = await mk({ sellerId: seller.user.id, mediaId: manga.id, mediaVolumeId: v1!.id });
    const soldOut = await mk({
      sellerId: seller.user.id,
      mediaId: manga.id,
      mediaVolumeId: v2!.id,
      quantity: 0,
    });
    const poster = await mk({ sellerId: seller.user.id, mediaId: manga.id });
    const hidden = await mk({ sellerId: seller.user.id, mediaId: manga.id, hiddenAt: new Date() });
    const ofBanned = await mk({ sellerId: banned.user.id, mediaId: manga.id });
    const elsewhere = await mk({ sellerId: seller.user.id, mediaId: (await createMedia(t)).id });
    void hidden;
    void ofBanned;
    void elsewhere;

    const got = await shelf(other.http, `/api/media/${manga.id}/merch`);
    expect(got.items.map((i) => i.id)).toEqual([vol1.id, vol3.id, poster.id, soldOut.id]);
    expect(got.items[0]).toMatchObject({
      name: vol1.name,
      priceCents: 1999,
      currency: 'usd',
      soldOut: false,
      volume: { id: v1!.id, number: 1 },
      owned: false,
    });
    expect(got.items[2]).toMatchObject({ volume: null, owned: false });
    expect(got.items[3]).toMatchObject({ soldOut: true });
  });

  it('a series without merch has an empty shelf; unknown or malformed series answer 404; signed out 401', async () => {
    const empty = await createMedia(t);
    expect((await shelf(other.http, `/api/media/${empty.id}/merch`)).items).toEqual([]);
    await expectError(await other.http(`/api/media/${newId()}/merch`), 404, 'media_not_found');
    await expectError(await other.http('/api/media/nope/merch'), 404, 'media_not_found');
    await expectError(await t.http(`/api/media/${empty.id}/merch`), 401, 'unauthorized');
  });

  it('the community shelf lists items tagged with it and the items of the series whose community it is', async () => {
    const community = await createCommunity(t);
    const series = await createMedia(t, { kind: 'manga', communityId: community.id });
    const unrelated = await createCommunity(t);
    const tagged = await createShopItem(t, { sellerId: seller.user.id, quantity: 0 });
    await t.database.db.execute(
      sql`insert into shop_item_communities (item_id, community_id)
        values (${tagged.id}::uuid, ${community.id}::uuid), (${tagged.id}::uuid, ${unrelated.id}::uuid)`,
    );
    const ofSeries = await createShopItem(t, { sellerId: seller.user.id, mediaId: series.id });
    // Tagged both ways: listed once.
    const both = await createShopItem(t, { sellerId: seller.user.id, mediaId: series.id });
    await t.database.db.execute(
      sql`insert into shop_item_communities (item_id, community_id) values (${both.id}::uuid, ${community.id}::uuid)`,
    );
    const hidden = await createShopItem(t, {
      sellerId: seller.user.id,
      mediaId: series.id,
      hiddenAt: new Date(),
    });
    void hidden;
    await createShopItem(t, { sellerId: seller.user.id });

    const got = await shelf(other.http, `/api/communities/${community.id}/merch`);
    expect(got.items.map((i) => i.id)).toEqual([both.id, ofSeries.id, tagged.id]);
    expect((await shelf(other.http, `/api/communities/${unrelated.id}/merch`)).items).toEqual([
      expect.objectContaining({ id: tagged.id }),
    ]);
    expect(
      (await shelf(other.http, `/api/communities/${(await createCommunity(t)).id}/merch`)).items,
    ).toEqual([]);
    await expectError(
      await other.http(`/api/communities/${newId()}/merch`),
      404,
      'community_not_found',
    );
  });

  it('shows at most the shelf limit', async () => {
    const media = await createMedia(t);
    for (let i = 0; i < 26; i += 1)
      await createShopItem(t, { sellerId: seller.user.id, mediaId: media.id });
    expect((await shelf(other.http, `/api/media/${media.id}/merch`)).items).toHaveLength(24);
  });
});

describe('owned volumes', () => {
  async function buyAndPay(who: TestUser, itemIds: string[]) {
    const res = await who.http('/api/checkout', {
      method: 'POST',
      json: { lines: itemIds.map((itemId) => ({ itemId, quantity: 1 })) },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const started = CheckoutStartedSchema.parse(await res.json());
    const [row] = await queryRows<{ s: string }>(
      t.database.db,
      sql`select provider_session_id as s from orders where id = ${started.orderId}::uuid`,
    );
    const sessionId = row!.s;
    const pay = await who.http(`/api/checkout/test/${sessionId}/pay`, {
      method: 'POST',
      json: CARD,
    });
    expect(pay.status, await pay.clone().text()).toBe(200);
    return { orderId: started.orderId, sessionId };
  }

  it('paying for a volume marks it owned in the same step; a repeated payment event adds nothing', async () => {
    const manga = await createMedia(t, { kind: 'manga', title: 'Owned Manga' });
    const v1 = await addVolume(t, manga.id, 1);
    const volItem = await createShopItem(t, {
      sellerId: seller.user.id,
      mediaId: manga.id,
      mediaVolumeId: v1.id,
    });
    const merch = await createShopItem(t, { sellerId: seller.user.id, mediaId: manga.id });
    const buyer2 = await createUser(t);

    // Pending (not paid yet): not owned.
    const pending = await buyer2.http('/api/checkout', {
      method: 'POST',
      json: { lines: [{ itemId: volItem.id, quantity: 1 }] },
    });
    expect(pending.status).toBe(201);
    expect(await ownedRows(buyer2.user.id)).toEqual([]);

    const { orderId, sessionId } = await buyAndPay(buyer2, [volItem.id, merch.id]);
    // Only the volume, from this order.
    expect(await ownedRows(buyer2.user.id)).toEqual([{ volumeId: v1.id, orderId }]);

    // The same session confirmed again by a new signed event: nothing more.
    const test = (await paymentProviders(t.ctx)).test;
    const again = test.completedEvent(sessionId, orderId);
    const d: orders.OrdersDeps = {
      db: t.database.db,
      config: t.config,
      providers: await paymentProviders(t.ctx),
    };
    expect((await orders.handleWebhook(d, test, again.raw, again.header)).applied).toBe(true);
    expect(await ownedRows(buyer2.user.id)).toEqual([{ volumeId: v1.id, orderId }]);

    // Buying the same volume again keeps the first order.
    await buyAndPay(buyer2, [volItem.id]);
    expect(await ownedRows(buyer2.user.id)).toEqual([{ volumeId: v1.id, orderId }]);

    // The series shelf marks it owned for the buyer only.
    const mine = await shelf(buyer2.http, `/api/media/${manga.id}/merch`);
    expect(mine.items.find((i) => i.id === volItem.id)).toMatchObject({ owned: true });
    expect(mine.items.find((i) => i.id === merch.id)).toMatchObject({ owned: false });
    const theirs = await shelf(other.http, `/api/media/${manga.id}/merch`);
    expect(theirs.items.find((i) => i.id === volItem.id)).toMatchObject({ owned: false });

    const res = await buyer2.http(`/api/users/${buyer2.user.id}/owned-volumes`);
    expect(res.status).toBe(200);
    expect(OwnedVolumesSchema.parse(await res.json())).toMatchObject({
      public: false,
      items: [
        {
          volumeId: v1.id,
          number: 1,
          title: 'Volume 1',
          coverUrl: null,
          series: { id: manga.id, title: 'Owned Manga', kind: 'manga' },
        },
      ],
    });
  });

  it('the owned list is private by default: the owner sees it, others an empty private list, signed out 401; shown once the owner allows it', async () => {
    const manga = await createMedia(t, { kind: 'manga', title: 'Private Manga' });
    const v = await addVolume(t, manga.id, 4);
    const item = await createShopItem(t, {
      sellerId: seller.user.id,
      mediaId: manga.id,
      mediaVolumeId: v.id,
    });
    await buyAndPay(buyer, [item.id]);
    const path = `/api/users/${buyer.user.id}/owned-volumes`;
    const read = async (http: TestHttp) => {
      const res = await http(path);
      expect(res.status, await res.clone().text()).toBe(200);
      return OwnedVolumesSchema.parse(await res.json());
    };

    expect(await read(buyer.http)).toMatchObject({ public: false, items: [{ volumeId: v.id }] });
    expect(await read(other.http)).toEqual({ public: false, items: [] });
    await expectError(await t.http(path), 401, 'unauthorized');

    const on = await buyer.http('/api/me/settings', {
      method: 'PATCH',
      json: { showOwnedVolumes: true },
    });
    expect(on.status, await on.clone().text()).toBe(200);
    expect(await on.json()).toMatchObject({ showOwnedVolumes: true });
    expect(await read(other.http)).toMatchObject({ public: true, items: [{ volumeId: v.id }] });

    const off = await buyer.http('/api/me/settings', {
      method: 'PATCH',
      json: { showOwnedVolumes: false },
    });
    expect(off.status).toBe(200);
    expect(await read(other.http)).toEqual({ public: false, items: [] });
    expect((await read(buyer.http)).items).toHaveLength(1);

    await expectError(
      await other.http(`/api/users/${newId()}/owned-volumes`),
      404,
      'user_not_found',
    );
    await expectError(await other.http('/api/users/x/owned-volumes'), 404, 'user_not_found');
  });
});
