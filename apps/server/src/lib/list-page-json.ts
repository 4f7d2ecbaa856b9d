/**
 * A list page as a page cache keeps it (lib/page-cache.ts) when its items differ between viewers
 * in one boolean only (the shop list's `likedByMe`): one page for every viewer, each item's JSON
 * written twice, with the flag true and false, so a viewer's answer is put together from the
 * ids the flag is true for, without checking or serializing anything again. The text is what a
 * route's schema check and `JSON.stringify` make of the same page (list-page-json.test.ts holds
 * them equal): items in order, then `nextCursor`, as `pageOf` (packages/shared) declares them.
 */
export interface FlaggedListPage {
  items: { id: string; on: string; off: string }[];
  /** `nextCursor` as JSON (a string or null). */
  nextCursor: string;
}

/** A schema of one item (zod's `parse`): the check an item passes once, when stored. */
interface ItemSchema {
  parse(value: unknown): unknown;
}

/** The shared form of `page`: each item checked against `item` and written with `flag` both ways. */
export function flaggedListPage<T extends { id: string }, K extends string>(
  page: { items: (T & Record<K, boolean>)[]; nextCursor: string | null },
  item: ItemSchema,
  flag: K,
): FlaggedListPage {
  return {
    items: page.items.map((i) => ({
      id: i.id,
      on: JSON.stringify(item.parse({ ...i, [flag]: true })),
      off: JSON.stringify(item.parse({ ...i, [flag]: false })),
    })),
    nextCursor: JSON.stringify(page.nextCursor),
  };
}

/** One viewer's answer: the shared page with the flag true for the items in `on`. */
export function flaggedListPageJson(page: FlaggedListPage, on: ReadonlySet<string>): string {
  const items = page.items.map((i) => (on.has(i.id) ? i.on : i.off));
  return `{"items":[${items.join(',')}],"nextCursor":${page.nextCursor}}`;
}
