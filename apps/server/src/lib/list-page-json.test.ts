import { describe, expect, it } from 'vitest';
import {
  CommentPageSchema,
  CommentSchema,
  ShopItemPageSchema,
  ShopItemSchema,
  ShopItemSummarySchema,
  type Comment,
  type CommentPage,
  type ShopItem,
  type ShopItemPage,
} from '@otakura/shared';
import {
  flagSetsOf,
  flaggedItem,
  flaggedItemJson,
  flaggedListPage,
  flaggedListPageJson,
} from './list-page-json';

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
    const shared = flaggedListPage(page, ShopItemSummarySchema, ['likedByMe'])!;
    expect(flaggedListPageJson(shared, [new Set(['a', 'c'])])).toBe(serialized(page));

    // Another viewer, who likes only b, gets the same page with their own flags.
    const theirs = {
      ...page,
      items: page.items.map((i) => ({ ...i, likedByMe: i.id === 'b' })),
    };
    expect(flaggedListPageJson(shared, [new Set(['b'])])).toBe(serialized(theirs));
  });

  it('writes the last page (no cursor) and an empty one as the serializer does', () => {
    const last: ShopItemPage = { items: [item('a', false)], nextCursor: null };
    expect(
      flaggedListPageJson(flaggedListPage(last, ShopItemSummarySchema, ['likedByMe'])!, [
        new Set(),
      ]),
    ).toBe(serialized(last));
    const empty: ShopItemPage = { items: [], nextCursor: null };
    expect(
      flaggedListPageJson(flaggedListPage(empty, ShopItemSummarySchema, ['likedByMe'])!, [
        new Set(),
      ]),
    ).toBe(serialized(empty));
  });

  it('checks each item against the schema when the page is stored', () => {
    const bad = { items: [{ ...item('a', false), priceCents: 1.5 }], nextCursor: null };
    expect(() => flaggedListPage(bad, ShopItemSummarySchema, ['likedByMe'])).toThrow();
  });
});

const comment = (id: string, likedByMe: boolean, reportedByMe: boolean): Comment => ({
  id,
  postId: '7f0c2f0e-0000-4000-8000-000000000001',
  mediaId: null,
  author: { id: 'u1', username: 'mika', name: 'Mika "M" Ōta', avatarUrl: null },
  // What a flag's place looks like, inside a string (escaped there, so never taken for it).
  body: `Line one\nline two ${id} — ✓ \\ "likedByMe":false "reportedByMe":false`,
  likeCount: 4,
  likedByMe,
  replyTo: id === 'b' ? { id: 'a', username: 'mika' } : null,
  deleted: false,
  edited: id === 'c',
  reportedByMe,
  createdAt: '2026-12-07T10:00:00.000Z',
  pin: null,
  spoilerTag: null,
});

describe('a list page shared between viewers but for two flags (a comments page)', () => {
  const serializedComments = (page: CommentPage) => JSON.stringify(CommentPageSchema.parse(page));
  const flags = ['likedByMe', 'reportedByMe'] as const;

  it('gives every combination of the flags exactly the text the serializer gives', () => {
    const page: CommentPage = {
      items: [comment('a', true, false), comment('b', false, true), comment('c', true, true)],
      nextCursor: null,
    };
    const shared = flaggedListPage(page, CommentSchema, flags)!;
    const sets = flagSetsOf(page.items, flags);
    expect([...sets[0]!]).toEqual(['a', 'c']);
    expect([...sets[1]!]).toEqual(['b', 'c']);
    expect(flaggedListPageJson(shared, sets)).toBe(serializedComments(page));

    // Another viewer: likes b only, reported a only.
    const theirs: CommentPage = {
      ...page,
      items: page.items.map((c) => ({ ...c, likedByMe: c.id === 'b', reportedByMe: c.id === 'a' })),
    };
    expect(flaggedListPageJson(shared, [new Set(['b']), new Set(['a'])])).toBe(
      serializedComments(theirs),
    );
    // A viewer with neither.
    const none: CommentPage = {
      ...page,
      items: page.items.map((c) => ({ ...c, likedByMe: false, reportedByMe: false })),
    };
    expect(flaggedListPageJson(shared, [new Set(), new Set()])).toBe(serializedComments(none));
  });

  it('does not share a page whose flag is not one key of each item', () => {
    const any = { parse: (v: unknown) => v };
    const nested = { items: [{ id: 'a', likedByMe: true, inner: { likedByMe: false } }] };
    expect(flaggedListPage({ ...nested, nextCursor: null }, any, ['likedByMe'])).toBeUndefined();
    const dropped = { parse: ({ id }: { id: string }) => ({ id }) };
    const plain = { items: [{ id: 'a', likedByMe: true }], nextCursor: null };
    expect(flaggedListPage(plain, dropped, ['likedByMe'])).toBeUndefined();
  });
});

describe('one object shared between viewers but for one flag (a shop item page)', () => {
  const shopItem = (likedByMe: boolean): ShopItem => ({
    ...item('a', likedByMe),
    about: 'Says "likedByMe":false and "likedByMe":true in its text',
    condition: 'New',
    shippingCents: 500,
    seller: { id: 's', username: 'sora', name: 'Sora', avatarUrl: null },
    createdAt: '2026-12-07T00:00:00.000Z',
    series: null,
    volume: null,
    communities: [{ id: 'c', name: 'Shelf' }],
  });

  it("gives each value of the flag exactly the text the route's serializer gives", () => {
    const shared = flaggedItem(shopItem(true), ShopItemSchema, ['likedByMe'])!;
    expect(shared.gaps).toEqual([0]);
    for (const liked of [true, false])
      expect(flaggedItemJson(shared, () => liked)).toBe(
        JSON.stringify(ShopItemSchema.parse(shopItem(liked))),
      );
  });

  it('does not share an object whose flag the schema drops', () => {
    expect(
      flaggedItem(shopItem(true), ShopItemSchema.omit({ likedByMe: true }), ['likedByMe']),
    ).toBe(undefined);
  });
});
