/**
 * A list page as a page cache keeps it (lib/page-cache.ts) when its items differ between viewers
 * only in a few booleans (the shop list's `likedByMe`; a comments page's `likedByMe` and
 * `reportedByMe`): one page for every viewer, each item's JSON written once with the flags false
 * and cut where their values go, so a viewer's answer is put together from the ids each flag is
 * true for, without checking or serializing anything again. The text is what a route's schema
 * check and `JSON.stringify` make of the same page (list-page-json.test.ts holds them equal):
 * items in order, then `nextCursor`, as `pageOf` (packages/shared) declares them.
 *
 * Where a value goes: the one place `"flag":false` stands in the item's JSON. A string value
 * cannot hold that text (its quotes are escaped), so it is the key; when it is not there exactly
 * once (a nested object with the same key, a schema that drops it), the page is not shared.
 */
import type { FastifyReply } from 'fastify';
import { sendJsonText } from './json-text';
import type { PageCache } from './page-cache';

export interface FlaggedListPage {
  /**
   * Each item's JSON in `parts`, cut where a flag's value goes: `gaps[j]` is the flag whose
   * `true` or `false` goes between `parts[j]` and `parts[j + 1]`.
   */
  items: { id: string; parts: string[]; gaps: number[] }[];
  /** `nextCursor` as JSON (a string or null). */
  nextCursor: string;
}

/** Per flag (in the order the page was written with), the ids of the items it is true for. */
export type FlagSets = readonly ReadonlySet<string>[];

/** A schema of one item (zod's `parse`): the check an item passes once, when stored. */
interface ItemSchema {
  parse(value: unknown): unknown;
}

/**
 * The shared form of `page`: each item checked against `item` with `flags` false, and cut where
 * their values go. Undefined when a flag's place cannot be found exactly once in an item.
 */
export function flaggedListPage<T extends { id: string }, K extends string>(
  page: { items: (T & Record<K, boolean>)[]; nextCursor: string | null },
  item: ItemSchema,
  flags: readonly K[],
): FlaggedListPage | undefined {
  const off = Object.fromEntries(flags.map((flag) => [flag, false]));
  const items: FlaggedListPage['items'] = [];
  for (const i of page.items) {
    const text = JSON.stringify(item.parse({ ...i, ...off }));
    const places: { at: number; flag: number; key: string }[] = [];
    for (const [k, flag] of flags.entries()) {
      const key = `${JSON.stringify(flag)}:`;
      const at = text.indexOf(`${key}false`);
      if (at < 0 || text.indexOf(`${key}false`, at + 1) >= 0) return undefined;
      places.push({ at: at + key.length, flag: k, key });
    }
    places.sort((a, b) => a.at - b.at);
    const parts: string[] = [];
    let from = 0;
    for (const p of places) {
      parts.push(text.slice(from, p.at));
      from = p.at + 'false'.length;
    }
    parts.push(text.slice(from));
    items.push({ id: i.id, parts, gaps: places.map((p) => p.flag) });
  }
  return { items, nextCursor: JSON.stringify(page.nextCursor) };
}

/** The ids each of `flags` is true for on `page` (one viewer's part of it). */
export function flagSetsOf<K extends string>(
  items: readonly ({ id: string } & Record<K, boolean>)[],
  flags: readonly K[],
): FlagSets {
  return flags.map((flag) => new Set(items.filter((i) => i[flag]).map((i) => i.id)));
}

/** One viewer's answer: the shared page with flag `k` true for the items in `sets[k]`. */
export function flaggedListPageJson(page: FlaggedListPage, sets: FlagSets): string {
  const items = page.items.map((i) => {
    let text = i.parts[0]!;
    for (let j = 0; j < i.gaps.length; j++)
      text += (sets[i.gaps[j]!]!.has(i.id) ? 'true' : 'false') + i.parts[j + 1]!;
    return text;
  });
  return `{"items":[${items.join(',')}],"nextCursor":${page.nextCursor}}`;
}

/**
 * A list route's answer through `cache` (the shop list, a comments page): a hit is put together
 * from the shared page and the viewer's flags; a miss loads the page, and stores it when `load`
 * says it is the same for every viewer but for `flags`. With the cache off (TTL 0) or a page
 * that is not shared, the page goes back to the route's own serializer.
 */
export async function answerFromFlaggedCache<
  P extends { items: { id: string }[]; nextCursor: string | null },
>(
  reply: FastifyReply,
  cache: PageCache<FlaggedListPage, FlagSets>,
  key: string,
  viewerId: string,
  opts: {
    load: () => Promise<{ page: P; shared: boolean }>;
    item: ItemSchema;
    flags: readonly string[];
  },
): Promise<P | FastifyReply> {
  const hit = cache.get(key, viewerId);
  if (hit) return sendJsonText(reply, flaggedListPageJson(hit.base, hit.rel));
  const epoch = cache.epoch;
  const { page, shared } = await opts.load();
  if (!shared || cache.ttlMs <= 0) return page;
  type Flagged = { id: string } & Record<string, boolean>;
  const items = page.items as unknown as Flagged[];
  const base = flaggedListPage({ items, nextCursor: page.nextCursor }, opts.item, opts.flags);
  if (!base) return page;
  const sets = flagSetsOf(items, opts.flags);
  cache.set(key, viewerId, base, sets, epoch);
  return sendJsonText(reply, flaggedListPageJson(base, sets));
}
