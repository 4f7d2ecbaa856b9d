/**
 * A list page as a page cache keeps it (lib/page-cache.ts) when its items differ between viewers
 * only in a few booleans (the shop list's `likedByMe`; a comments page's `likedByMe` and
 * `reportedByMe`): one page for every viewer, each item's JSON written once per combination of
 * the flags, so a viewer's answer is put together from the ids each flag is true for, without
 * checking or serializing anything again. The text is what a route's schema check and
 * `JSON.stringify` make of the same page (list-page-json.test.ts holds them equal): items in
 * order, then `nextCursor`, as `pageOf` (packages/shared) declares them.
 */
import type { FastifyReply } from 'fastify';
import { sendJsonText } from './json-text';
import type { PageCache } from './page-cache';

export interface FlaggedListPage {
  /** `texts[m]`: the item with flag `k` true where bit `k` of `m` is set. */
  items: { id: string; texts: string[] }[];
  /** `nextCursor` as JSON (a string or null). */
  nextCursor: string;
}

/** Per flag (in the order the page was written with), the ids of the items it is true for. */
export type FlagSets = readonly ReadonlySet<string>[];

/** A schema of one item (zod's `parse`): the check an item passes once, when stored. */
interface ItemSchema {
  parse(value: unknown): unknown;
}

/** At most this many flags: each item is written 2^flags times. */
const MAX_FLAGS = 3;

/** The shared form of `page`: each item checked against `item` and written with every combination of `flags`. */
export function flaggedListPage<T extends { id: string }, K extends string>(
  page: { items: (T & Record<K, boolean>)[]; nextCursor: string | null },
  item: ItemSchema,
  flags: readonly K[],
): FlaggedListPage {
  if (flags.length > MAX_FLAGS) throw new Error(`at most ${MAX_FLAGS} flags`);
  const combinations = 1 << flags.length;
  return {
    items: page.items.map((i) => {
      const texts: string[] = [];
      for (let m = 0; m < combinations; m++) {
        const flagged: Record<string, unknown> = { ...i };
        flags.forEach((flag, k) => (flagged[flag] = (m & (1 << k)) !== 0));
        texts.push(JSON.stringify(item.parse(flagged)));
      }
      return { id: i.id, texts };
    }),
    nextCursor: JSON.stringify(page.nextCursor),
  };
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
    let m = 0;
    for (let k = 0; k < sets.length; k++) if (sets[k]!.has(i.id)) m |= 1 << k;
    return i.texts[m];
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
  const sets = flagSetsOf(items, opts.flags);
  cache.set(key, viewerId, base, sets, epoch);
  return sendJsonText(reply, flaggedListPageJson(base, sets));
}
