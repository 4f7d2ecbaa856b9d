/**
 * A list page as a page cache keeps it (lib/page-cache.ts) when its items differ between viewers
 * only in a few booleans (the shop list's `likedByMe`; a comments page's `likedByMe` and
 * `reportedByMe`): one page for every viewer, each item's JSON written once with the flags false
 * and cut where their values go, so a viewer's answer is put together from the ids each flag is
 * true for, without checking or serializing anything again. The text is what a route's schema
 * check and `JSON.stringify` make of the same page (list-page-json.test.ts holds them equal):
 * items in order, then `nextCursor`, as `pageOf` (packages/shared) declares them. One object's
 * page (a shop item's) is kept the same way: its JSON cut where its flags go.
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
  items: ({ id: string } & FlaggedItem)[];
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
  const items: FlaggedListPage['items'] = [];
  for (const i of page.items) {
    const cut = flaggedItem(i, item, flags);
    if (!cut) return undefined;
    items.push({ id: i.id, ...cut });
  }
  return { items, nextCursor: JSON.stringify(page.nextCursor) };
}

/** One object's JSON cut where its flags' values go (`FlaggedListPage`'s items; an item page). */
export interface FlaggedItem {
  parts: string[];
  gaps: number[];
}

/**
 * `value` checked against `schema` with `flags` false, as JSON cut where their values go;
 * undefined when a flag's place cannot be found exactly once.
 */
export function flaggedItem<K extends string>(
  value: Record<K, boolean>,
  schema: ItemSchema,
  flags: readonly K[],
): FlaggedItem | undefined {
  const off = Object.fromEntries(flags.map((flag) => [flag, false]));
  const text = JSON.stringify(schema.parse({ ...value, ...off }));
  const places: { at: number; flag: number }[] = [];
  for (const [k, flag] of flags.entries()) {
    const key = `${JSON.stringify(flag)}:false`;
    const at = text.indexOf(key);
    if (at < 0 || text.indexOf(key, at + 1) >= 0) return undefined;
    places.push({ at: at + key.length - 'false'.length, flag: k });
  }
  places.sort((a, b) => a.at - b.at);
  const parts: string[] = [];
  let from = 0;
  for (const p of places) {
    parts.push(text.slice(from, p.at));
    from = p.at + 'false'.length;
  }
  parts.push(text.slice(from));
  return { parts, gaps: places.map((p) => p.flag) };
}

/** `item`'s JSON with flag `k` as `isTrue(k)` says. */
export function flaggedItemJson(item: FlaggedItem, isTrue: (flag: number) => boolean): string {
  let text = item.parts[0]!;
  for (let j = 0; j < item.gaps.length; j++)
    text += (isTrue(item.gaps[j]!) ? 'true' : 'false') + item.parts[j + 1]!;
  return text;
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
  const items = page.items.map((i) => flaggedItemJson(i, (k) => sets[k]!.has(i.id)));
  return `{"items":[${items.join(',')}],"nextCursor":${page.nextCursor}}`;
}

/**
 * A route's answer through a page cache whose viewers share a base and differ in `rel`: a hit is
 * put together from both; a miss loads, and stores when `load` says the answer is the same for
 * every viewer but for `rel` and `share` can cut it. With the cache off (TTL 0) or an answer
 * that is not shared, the value goes back to the route's own serializer.
 */
async function answerFromSharedCache<V, B, R>(
  reply: FastifyReply,
  cache: PageCache<B, R>,
  key: string,
  viewerId: string,
  opts: {
    load: () => Promise<{ value: V; shared: boolean }>;
    share: (value: V) => { base: B; rel: R } | undefined;
    json: (base: B, rel: R) => string;
  },
): Promise<V | FastifyReply> {
  const hit = cache.get(key, viewerId);
  if (hit) return sendJsonText(reply, opts.json(hit.base, hit.rel));
  const epoch = cache.epoch;
  const { value, shared } = await opts.load();
  if (!shared || cache.ttlMs <= 0) return value;
  const cut = opts.share(value);
  if (!cut) return value;
  cache.set(key, viewerId, cut.base, cut.rel, epoch);
  return sendJsonText(reply, opts.json(cut.base, cut.rel));
}

/**
 * A list route's answer through `cache` (the shop list, a comments page): the shared page and,
 * per viewer, the ids each of `flags` is true for.
 */
export function answerFromFlaggedCache<
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
  type Flagged = { id: string } & Record<string, boolean>;
  return answerFromSharedCache(reply, cache, key, viewerId, {
    load: async () => {
      const { page, shared } = await opts.load();
      return { value: page, shared };
    },
    share: (page) => {
      const items = page.items as unknown as Flagged[];
      const base = flaggedListPage({ items, nextCursor: page.nextCursor }, opts.item, opts.flags);
      return base && { base, rel: flagSetsOf(items, opts.flags) };
    },
    json: flaggedListPageJson,
  });
}

/**
 * One object's answer through `cache` (a shop item's page): its JSON cut where `flags` go and,
 * per viewer, the flags' values.
 */
export function answerItemFromFlaggedCache<K extends string, T extends Record<K, boolean>>(
  reply: FastifyReply,
  cache: PageCache<FlaggedItem, readonly boolean[]>,
  key: string,
  viewerId: string,
  opts: {
    load: () => Promise<{ item: T; shared: boolean }>;
    schema: ItemSchema;
    flags: readonly K[];
  },
): Promise<T | FastifyReply> {
  return answerFromSharedCache(reply, cache, key, viewerId, {
    load: async () => {
      const { item, shared } = await opts.load();
      return { value: item, shared };
    },
    share: (item) => {
      const base = flaggedItem(item, opts.schema, opts.flags);
      return base && { base, rel: opts.flags.map((flag) => item[flag]) };
    },
    json: (base, values) => flaggedItemJson(base, (k) => values[k]!),
  });
}
