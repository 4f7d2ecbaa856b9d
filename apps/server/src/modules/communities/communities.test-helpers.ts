/** Helpers shared by the communities tests. */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { CommunityPageSchema, type CommunityPage } from '@otakura/shared';
import type { TestHttp } from '../../test/factories';

/** A token no other test's names contain: letters only, so it is a plain substring. */
export function token(): string {
  return `zq${[...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`;
}

export async function expectError(
  res: Response,
  status: number,
  code: string,
): Promise<{ code: string; message: string; details?: { path: string; message: string }[] }> {
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect({ status: res.status, code: body.error?.code }).toEqual({ status, code });
  return body.error;
}

export function searchPath(params: Record<string, string | number | boolean | undefined>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) qs.set(k, String(v));
  return `/api/communities?${qs.toString()}`;
}

export async function search(
  http: TestHttp,
  params: Record<string, string | number | boolean | undefined>,
): Promise<CommunityPage> {
  const res = await http(searchPath(params));
  expect(res.status, await res.clone().text()).toBe(200);
  return CommunityPageSchema.parse(await res.json());
}

/** Every page, following nextCursor; fails on a repeated cursor. */
export async function searchAll(
  http: TestHttp,
  params: Record<string, string | number | boolean | undefined>,
): Promise<{ items: CommunityPage['items']; pages: number }> {
  const items: CommunityPage['items'] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  let pages = 0;
  for (;;) {
    const page = await search(http, { ...params, cursor });
    pages += 1;
    items.push(...page.items);
    if (!page.nextCursor) return { items, pages };
    expect(seen.has(page.nextCursor)).toBe(false);
    seen.add(page.nextCursor);
    cursor = page.nextCursor;
  }
}

/** The list order: lower-cased name by code point (COLLATE "C" on UTF-8 = code point order), then id. */
export function listOrder(
  a: { name: string; id: string },
  b: { name: string; id: string },
): number {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  if (x !== y) return codePointCompare(x, y);
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function codePointCompare(x: string, y: string): number {
  const a = [...x].map((c) => c.codePointAt(0)!);
  const b = [...y].map((c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}
