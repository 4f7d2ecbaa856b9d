import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShopItemSchema, type ShopItem } from '@otakura/shared';
import { newId } from '../../lib/ids';
import { buildTestApp, type TestApp } from '../../test/app';
import { createShopItem, createUser, type TestUser } from '../../test/factories';
import { pngOf, storedKeys, TEXT } from '../uploads/test-fixtures';
import { expectError } from './shop.test-helpers';

let t: TestApp;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t, { role: 'admin', displayUsername: 'ShopAdmin' });
  member = await createUser(t);
});
afterAll(async () => {
  await t?.close();
});

/** Stored files of one item. */
const filesOf = (itemId: string) =>
  storedKeys(path.join(t.config.dataDir, 'files')).filter((k) => k.startsWith(`shop/${itemId}/`));

function form(bytes: Buffer, type = 'image/png', name = 'item.png'): FormData {
  const f = new FormData();
  f.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return f;
}

async function ok(res: Response, status: number): Promise<ShopItem> {
  expect(res.status, await res.clone().text()).toBe(status);
  return ShopItemSchema.parse(await res.json());
}

const create = async (body: Record<string, unknown>) =>
  ok(await admin.http('/api/admin/shop/items', { method: 'POST', json: body }), 201);

describe('who may administer the shop', () => {
  it('answers 403 to a normal user and 401 signed out, changing nothing', async () => {
    const item = await createShopItem(t, { sellerId: member.user.id, name: 'Untouched' });
    const attempts: [string, string, RequestInit & { json?: unknown }][] = [
      ['POST', '/api/admin/shop/items', { json: { name: 'Nope', priceCents: 100 } }],
      ['PATCH', `/api/admin/shop/items/${item.id}`, { json: { name: 'Changed' } }],
      ['PUT', `/api/admin/shop/items/${item.id}/image`, { body: form(await pngOf(50, 50)) }],
    ];
    for (const [method, url, init] of attempts) {
      await expectError(await member.http(url, { method, ...init }), 403, 'forbidden');
      await expectError(await t.http(url, { method, ...init }), 401, 'unauthorized');
    }
    const after = ShopItemSchema.parse(
      await (await member.http(`/api/shop/items/${item.id}`)).json(),
    );
    expect(after).toMatchObject({ name: 'Untouched', imageUrl: null });
    expect(filesOf(item.id)).toEqual([]);
  });
});

describe('POST /api/admin/shop/items', () => {
  it('creates an item sold by the admin with defaults, trimming text', async () => {
    const item = await create({ name: '  Chibi Keychain ', priceCents: 799 });
    expect(item).toMatchObject({
      name: 'Chibi Keychain',
      priceCents: 799,
      shippingCents: 0,
      quantity: 0,
      soldOut: true,
      about: '',
      condition: '',
      imageUrl: null,
      likeCount: 0,
      currency: 'usd',
      seller: { id: admin.user.id, username: 'ShopAdmin' },
    });
    const seen = await ok(await member.http(`/api/shop/items/${item.id}`), 200);
    expect(seen).toEqual(item);
  });

  it('creates an item for a given seller', async () => {
    const seller = await createUser(t);
    const item = await create({
      name: 'Art Book',
      about: 'Hardcover.',
      condition: 'New',
      priceCents: 3500,
      shippingCents: 500,
      quantity: 12,
      sellerId: seller.user.id,
    });
    expect(item).toMatchObject({
      seller: { id: seller.user.id },
      about: 'Hardcover.',
      condition: 'New',
      shippingCents: 500,
      quantity: 12,
      soldOut: false,
    });
  });

  it('refuses bad input with 400 validation_error naming the field, creating nothing', async () => {
    const before = (await member.http('/api/shop/items?limit=100').then((r) => r.json())) as {
      items: unknown[];
    };
    const bad: [Record<string, unknown>, string][] = [
      [{ priceCents: 100 }, 'name'],
      [{ name: '   ', priceCents: 100 }, 'name'],
      [{ name: 'x'.repeat(121), priceCents: 100 }, 'name'],
      [{ name: 'x', about: 'a'.repeat(5001), priceCents: 100 }, 'about'],
      [{ name: 'x', condition: 'c'.repeat(61), priceCents: 100 }, 'condition'],
      [{ name: 'x' }, 'priceCents'],
      [{ name: 'x', priceCents: 9.99 }, 'priceCents'],
      [{ name: 'x', priceCents: -1 }, 'priceCents'],
      [{ name: 'x', priceCents: 10_000_001 }, 'priceCents'],
      [{ name: 'x', priceCents: '100' }, 'priceCents'],
      [{ name: 'x', priceCents: 1, shippingCents: 1_000_001 }, 'shippingCents'],
      [{ name: 'x', priceCents: 1, quantity: 100_001 }, 'quantity'],
      [{ name: 'x', priceCents: 1, quantity: 1.5 }, 'quantity'],
      [{ name: 'x\u0000y', priceCents: 1 }, 'name'],
      [{ name: 'x', priceCents: 1, sellerId: 'nobody' }, 'sellerId'],
      [{ name: 'x', priceCents: 1, sellerId: newId() }, 'sellerId'],
    ];
    for (const [body, field] of bad) {
      const res = await admin.http('/api/admin/shop/items', { method: 'POST', json: body });
      const json = (await res.json()) as {
        error: { code: string; details?: { path: string }[] };
      };
      expect({ status: res.status, code: json.error.code }, JSON.stringify(body)).toEqual({
        status: 400,
        code: 'validation_error',
      });
      expect(
        json.error.details?.map((d) => d.path),
        JSON.stringify(body),
      ).toContain(field);
    }
    const after = (await member.http('/api/shop/items?limit=100').then((r) => r.json())) as {
      items: unknown[];
    };
    expect(after.items).toHaveLength(before.items.length);
  });
});

describe('PATCH /api/admin/shop/items/:itemId', () => {
  it('changes only the fields given', async () => {
    const item = await create({ name: 'Plush', about: 'Soft.', priceCents: 1500, quantity: 4 });
    const edited = await ok(
      await admin.http(`/api/admin/shop/items/${item.id}`, {
        method: 'PATCH',
        json: { priceCents: 1200, quantity: 0, condition: 'Like new' },
      }),
      200,
    );
    expect(edited).toEqual({
      ...item,
      priceCents: 1200,
      quantity: 0,
      soldOut: true,
      condition: 'Like new',
    });
    const same = await ok(
      await admin.http(`/api/admin/shop/items/${item.id}`, { method: 'PATCH', json: {} }),
      200,
    );
    expect(same).toEqual(edited);
  });

  it('answers 404 for unknown and malformed ids and 400 for bad fields, changing nothing', async () => {
    for (const id of [newId(), 'garbage'])
      await expectError(
        await admin.http(`/api/admin/shop/items/${id}`, { method: 'PATCH', json: { name: 'x' } }),
        404,
        'shop_item_not_found',
      );
    const item = await create({ name: 'Stays', priceCents: 100 });
    for (const json of [
      { name: '' },
      { priceCents: -5 },
      { quantity: 'many' },
      { sellerId: newId() },
    ])
      await expectError(
        await admin.http(`/api/admin/shop/items/${item.id}`, { method: 'PATCH', json }),
        400,
        'validation_error',
      );
    expect(await ok(await member.http(`/api/shop/items/${item.id}`), 200)).toEqual(item);
  });
});

describe('PUT /api/admin/shop/items/:itemId/image', () => {
  it('stores a web-sized picture under shop/{id}/ and deletes the old file only after the new one is saved', async () => {
    const item = await create({ name: 'Pictured', priceCents: 100 });
    const put = async (bytes: Buffer) =>
      ok(
        await admin.http(`/api/admin/shop/items/${item.id}/image`, {
          method: 'PUT',
          body: form(bytes),
        }),
        200,
      );
    const one = await put(await pngOf(1600, 1200, '#ff0000'));
    expect(one.imageUrl).toMatch(new RegExp(`^/files/shop/${item.id}/[0-9a-f-]+-640\\.webp$`));
    expect((await t.http(one.imageUrl!)).status).toBe(200);
    const two = await put(await pngOf(300, 300, '#0000ff'));
    expect(two.imageUrl).not.toBe(one.imageUrl);
    expect((await t.http(one.imageUrl!)).status).toBe(404);
    expect((await t.http(two.imageUrl!)).status).toBe(200);
    expect(filesOf(item.id).map((k) => `/files/${k}`)).toEqual([two.imageUrl]);
    const listed = await member.http('/api/shop/items?limit=100').then((r) => r.json());
    expect(
      (listed as { items: { id: string; imageUrl: string | null }[] }).items.find(
        (i) => i.id === item.id,
      )?.imageUrl,
    ).toBe(two.imageUrl);

    await expectError(
      await admin.http(`/api/admin/shop/items/${item.id}/image`, {
        method: 'PUT',
        body: form(TEXT, 'image/png', 'fake.png'),
      }),
      415,
      'unsupported_media_type',
    );
    expect(filesOf(item.id).map((k) => `/files/${k}`)).toEqual([two.imageUrl]);
  });

  it('answers 404 for an unknown item, storing nothing', async () => {
    const id = newId();
    await expectError(
      await admin.http(`/api/admin/shop/items/${id}/image`, {
        method: 'PUT',
        body: form(await pngOf(50, 50)),
      }),
      404,
      'shop_item_not_found',
    );
    expect(filesOf(id)).toEqual([]);
  });
});
