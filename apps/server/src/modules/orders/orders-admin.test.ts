/**
 * /api/admin/orders: the admins' order list and shipping (docs/moderation.md, "Administration").
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminOrderPageSchema,
  AdminOrderSchema,
  SalePageSchema,
  type LiveEvent,
} from '@otakura/shared';
import { auditLog } from '../../db/schema';
import { newId } from '../../lib/ids';
import { buildTestApp, type TestApp } from '../../test/app';
import { createOrder, createShopItem, createUser, type TestUser } from '../../test/factories';
import type { NotifyInput } from '../notifications/notifications.service';
import { expectError, getOrder } from './orders.test-helpers';

let t: TestApp;
let admin: TestUser;
let moderator: TestUser;
let buyer: TestUser;
let seller: TestUser;
const notified: NotifyInput[] = [];
const events: LiveEvent[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t, { role: 'admin' });
  moderator = await createUser(t, { role: 'moderator' });
  buyer = await createUser(t, { name: 'Bea Buyer' });
  seller = await createUser(t);
  // The notifier as the routes see it: recorded here (its own module tests what it stores).
  t.ctx.notifier = {
    notify: async (input) => {
      notified.push(input);
    },
    notifyMany: async (inputs) => {
      notified.push(...inputs);
    },
  };
  t.ctx.live.subscribe((e) => events.push(e));
});
afterAll(async () => {
  await t?.close();
});

const ship = (who: TestUser, orderId: string) =>
  who.http(`/api/admin/orders/${orderId}/ship`, { method: 'POST' });

async function paidOrder(quantity = 1) {
  const item = await createShopItem(t, { sellerId: seller.user.id, name: 'Shippable figure' });
  return createOrder(t, { userId: buyer.user.id, items: [{ item, quantity }] });
}

const shipLines = (orderId: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.targetId, orderId));

describe('who may call', () => {
  it('refuses the signed-out (401), users and moderators (403), shipping nothing', async () => {
    const order = await paidOrder();
    for (const [path, method] of [
      ['/api/admin/orders', 'GET'],
      [`/api/admin/orders/${order.id}/ship`, 'POST'],
    ] as const) {
      await expectError(await t.http(path, { method }), 401, 'unauthorized');
      await expectError(await buyer.http(path, { method }), 403, 'forbidden');
      await expectError(await moderator.http(path, { method }), 403, 'forbidden');
    }
    expect((await getOrder(buyer.http, order.id)).shippedAt).toBeNull();
    expect(await shipLines(order.id)).toEqual([]);
  });
});

describe('POST /api/admin/orders/:orderId/ship', () => {
  it('ships a paid order once: audit line, buyer notified, order.updated, shown to buyer and seller', async () => {
    const order = await paidOrder(2);
    notified.length = 0;
    events.length = 0;

    const res = await ship(admin, order.id);
    expect(res.status, await res.clone().text()).toBe(200);
    const shipped = AdminOrderSchema.parse(await res.json());
    expect(shipped).toMatchObject({ id: order.id, status: 'paid' });
    expect(shipped.shippedAt).not.toBeNull();
    expect(shipped.buyer).toMatchObject({ id: buyer.user.id, name: 'Bea Buyer' });

    const lines = await shipLines(order.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      actorId: admin.user.id,
      action: 'order.ship',
      targetType: 'order',
      targetId: order.id,
      subjectId: buyer.user.id,
      label: 'Shippable figure',
    });
    expect(notified).toEqual([
      expect.objectContaining({
        recipientId: buyer.user.id,
        type: 'order',
        subtype: 'shipped',
        link: '/purchases',
        targetId: order.id,
      }),
    ]);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'order.updated', orderId: order.id, status: 'paid' }),
    );

    // The buyer's /purchases and the seller's sales show it.
    expect((await getOrder(buyer.http, order.id)).shippedAt).toBe(shipped.shippedAt);
    const sales = SalePageSchema.parse(await (await seller.http('/api/shop/sales')).json());
    expect(sales.items.find((s) => s.orderId === order.id)?.shippedAt).toBe(shipped.shippedAt);

    // Again: the same answer, no second line, no second notification.
    const again = await ship(admin, order.id);
    expect(again.status).toBe(200);
    expect(AdminOrderSchema.parse(await again.json()).shippedAt).toBe(shipped.shippedAt);
    expect(await shipLines(order.id)).toHaveLength(1);
    expect(notified).toHaveLength(1);
  });

  it('ships paid orders only (409 order_not_paid) and answers 404 for unknown ids', async () => {
    const item = await createShopItem(t, { sellerId: seller.user.id });
    for (const status of ['pending', 'cancelled', 'refunded'] as const) {
      const order = await createOrder(t, {
        userId: buyer.user.id,
        items: [{ item, quantity: 1 }],
        status,
      });
      await expectError(await ship(admin, order.id), 409, 'order_not_paid');
      expect((await getOrder(buyer.http, order.id)).shippedAt).toBeNull();
      expect(await shipLines(order.id)).toEqual([]);
    }
    await expectError(await ship(admin, newId()), 404, 'order_not_found');
    await expectError(await ship(admin, 'not-an-id'), 404, 'order_not_found');
  });
});

describe('GET /api/admin/orders', () => {
  it('lists orders to ship, shipped ones, or all, newest first, with the buyer', async () => {
    const toShip = await paidOrder();
    const done = await paidOrder();
    expect((await ship(admin, done.id)).status).toBe(200);
    const item = await createShopItem(t, { sellerId: seller.user.id });
    const pending = await createOrder(t, {
      userId: buyer.user.id,
      items: [{ item, quantity: 1 }],
      status: 'pending',
    });

    const list = async (query: string) =>
      AdminOrderPageSchema.parse(
        await (await admin.http(`/api/admin/orders?limit=100&${query}`)).json(),
      ).items;

    const waiting = await list('');
    expect(waiting.map((o) => o.id)).toContain(toShip.id);
    expect(waiting.every((o) => o.status === 'paid' && o.shippedAt === null)).toBe(true);
    expect(waiting.find((o) => o.id === toShip.id)?.buyer?.id).toBe(buyer.user.id);

    const shipped = await list('filter=shipped');
    expect(shipped.map((o) => o.id)).toContain(done.id);
    expect(shipped.every((o) => o.shippedAt !== null)).toBe(true);

    const all = await list('filter=all');
    const ids = all.map((o) => o.id);
    expect(ids).toEqual(expect.arrayContaining([toShip.id, done.id, pending.id]));
    // Newest first.
    expect(ids.indexOf(pending.id)).toBeLessThan(ids.indexOf(done.id));
    expect(ids.indexOf(done.id)).toBeLessThan(ids.indexOf(toShip.id));

    const first = AdminOrderPageSchema.parse(
      await (await admin.http('/api/admin/orders?filter=all&limit=1')).json(),
    );
    expect(first.items).toHaveLength(1);
    const next = AdminOrderPageSchema.parse(
      await (
        await admin.http(`/api/admin/orders?filter=all&limit=1&cursor=${first.nextCursor}`)
      ).json(),
    );
    expect(next.items[0]!.id).not.toBe(first.items[0]!.id);
  });
});
