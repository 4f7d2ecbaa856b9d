import { describe, expect, it } from 'vitest';
import { ShopItemPageSchema, ShopItemSummarySchema, type ShopItemPage } from '@otakura/shared';
import { flaggedListPage, flaggedListPageJson } from './list-page-json';

const item = (id: string, likedByMe: boolean) => ({
  id,
  name: `Item "${id}" — ünïcode`,
  imageUrl: id === 'b' ? null : `/files/shop/${id}.webp`,
  priceCents: 1999,
  currency: 'usd',
  likeCount: 3,
  likedByMe,
  quantity: id === 'c' ? 0 : 2,
  soldOut: id === 'c',
});

/** What the route's serializer sends for the page: its schema's check, then JSON.stringify. */
const serialized = (page: ShopItemPage) => JSON.stringify(ShopItemPageSchema.parse(page));

describe('a list page shared between viewers but for one flag', () => {
  it("gives each viewer exactly the text the route's serializer gives", () => {
    const page: ShopItemPage = {
      items: [item('a', true), item('b', false), item('c', true)],
      nextCursor: 'eyJhdCI6IngifQ',
    };
    const shared = flaggedListPage(page, ShopItemSummarySchema, 'likedByMe');
    expect(flaggedListPageJson(shared, new Set(['a', 'c']))).toBe(serialized(page));

    // Another viewer, who likes only b, gets the same page with their own flags.
    const theirs = {
      ...page,
      items: page.items.map((i) => ({ ...i, likedByMe: i.id === 'b' })),
    };
    expect(flaggedListPageJson(shared, new Set(['b']))).toBe(serialized(theirs));
  });

  it('writes the last page (no cursor) and an empty one as the serializer does', () => {
    const last: ShopItemPage = { items: [item('a', false)], nextCursor: null };
    expect(
      flaggedListPageJson(flaggedListPage(last, ShopItemSummarySchema, 'likedByMe'), new Set()),
    ).toBe(serialized(last));
    const empty: ShopItemPage = { items: [], nextCursor: null };
    expect(
      flaggedListPageJson(flaggedListPage(empty, ShopItemSummarySchema, 'likedByMe'), new Set()),
    ).toBe(serialized(empty));
  });

  it('checks each item against the schema when the page is stored', () => {
    const bad = { items: [{ ...item('a', false), priceCents: 1.5 }], nextCursor: null };
    expect(() => flaggedListPage(bad, ShopItemSummarySchema, 'likedByMe')).toThrow();
  });
});
