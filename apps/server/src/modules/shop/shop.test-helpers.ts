/** Helpers shared by the shop catalog and administration tests. */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { ShopItemPageSchema, type ShopItemPage } from '@otakura/shared';
import type { TestHttp } from '../../test/factories';

/** A token no other test's names contain: letters only, so it is a plain substring. */
export function token(): string {
  return `zq${[...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`;
}

export async function expectError(res: Response, status: number, code: string): Promise<void> {
  const body = (await res.json()) as { error?: { code: string; message: string } };
  expect({ status: res.status, code: body.error?.code }, JSON.stringify(body)).toEqual({
    status,
    code,
  });
  expect(typeof body.error?.message).toBe('string');
}

export function listPath(params: Record<string, string | number | undefined>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) qs.set(k, String(v));
  return `/api/shop/items?${qs.toString()}`;
}

export async function list(
  http: TestHttp,
  params: Record<string, string | number | undefined>,
): Promise<ShopItemPage> {
  const res = await http(listPath(params));
  expect(res.status, await res.clone().text()).toBe(200);
  return ShopItemPageSchema.parse(await res.json());
}

/** Every page, following nextCursor; fails on a repeated cursor. */
export async function listAll(
  http: TestHttp,
  params: Record<string, string | number | undefined>,
): Promise<{ items: ShopItemPage['items']; pages: number }> {
  const items: ShopItemPage['items'] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  let pages = 0;
  for (;;) {
    const page = await list(http, { ...params, cursor });
    pages += 1;
    items.push(...page.items);
    if (!page.nextCursor) return { items, pages };
    expect(seen.has(page.nextCursor)).toBe(false);
    seen.add(page.nextCursor);
    cursor = page.nextCursor;
  }
}
