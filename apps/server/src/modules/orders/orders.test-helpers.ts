/** Helpers shared by the orders tests. */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { CheckoutStartedSchema, OrderSchema, type Order } from '@otakura/shared';
import { queryRows } from '../../db/client';
import type { TestApp } from '../../test/app';
import type { TestHttp } from '../../test/factories';

export async function expectError(
  res: Response,
  status: number,
  code: string,
  message?: string,
): Promise<{ code: string; message: string; details?: { path: string }[] }> {
  const body = (await res.json()) as {
    error?: { code: string; message: string; details?: { path: string }[] };
  };
  expect({ status: res.status, code: body.error?.code }, JSON.stringify(body)).toEqual({
    status,
    code,
  });
  if (message !== undefined) expect(body.error?.message).toBe(message);
  return body.error!;
}

export async function stockOf(t: TestApp, itemId: string): Promise<number> {
  const [row] = await queryRows<{ quantity: number }>(
    t.database.db,
    sql`select quantity from shop_items where id = ${itemId}::uuid`,
  );
  return row!.quantity;
}

export async function checkout(
  http: TestHttp,
  lines: { itemId: string; quantity: number }[],
  promoCode?: string,
) {
  const res = await http('/api/checkout', { method: 'POST', json: { lines, promoCode } });
  expect(res.status, await res.clone().text()).toBe(201);
  return CheckoutStartedSchema.parse(await res.json());
}

export async function getOrder(http: TestHttp, orderId: string): Promise<Order> {
  const res = await http(`/api/orders/${orderId}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return OrderSchema.parse(await res.json());
}

export async function sessionIdOf(t: TestApp, orderId: string): Promise<string> {
  const [row] = await queryRows<{ s: string }>(
    t.database.db,
    sql`select provider_session_id as s from orders where id = ${orderId}::uuid`,
  );
  return row!.s;
}

export async function expireHoldInDb(t: TestApp, orderId: string): Promise<void> {
  await t.database.db.execute(
    sql`update orders set expires_at = now() - interval '1 minute' where id = ${orderId}::uuid`,
  );
}

export const CARD = {
  cardNumber: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: '123',
  name: 'Test Buyer',
};
