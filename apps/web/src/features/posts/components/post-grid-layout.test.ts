import { describe, expect, it } from 'vitest';
import { makePost } from '../testing/posts-mock';
import {
  columnsForViewport,
  countToFill,
  emptyLayout,
  estimateCardHeight,
  GRID_GAP_PX,
  placeItems,
  splitColumns,
} from './post-grid-layout';

const item = (id: string, height: number) => ({ id, height });
const heightOf = (i: { height: number }) => i.height;

describe('masonry column assignment', () => {
  it('has 3 columns at 1200 px and wider, 2 from 768 px, 1 below (UI.md)', () => {
    expect([1600, 1200, 1199, 768, 767, 360].map(columnsForViewport)).toEqual([3, 3, 2, 2, 1, 1]);
  });

  it('puts each card in the shortest column so far, the leftmost on a tie', () => {
    const items = [item('a', 300), item('b', 100), item('c', 200), item('d', 50), item('e', 10)];
    const layout = placeItems(emptyLayout(3), items, heightOf);
    // a→0, b→1, c→2; then column 1 (100) is shortest: d→1; then 1 (150+2 gaps) vs 2 (200): e→1.
    expect(Object.fromEntries(layout.placed)).toEqual({ a: 0, b: 1, c: 2, d: 1, e: 1 });
    expect(layout.heights).toEqual([
      300 + GRID_GAP_PX,
      100 + 50 + 10 + 3 * GRID_GAP_PX,
      200 + GRID_GAP_PX,
    ]);
    expect(splitColumns(layout, items).map((c) => c.map((i) => i.id))).toEqual([
      ['a'],
      ['b', 'd', 'e'],
      ['c'],
    ]);
  });

  it('is deterministic: the same posts give the same columns', () => {
    const posts = Array.from({ length: 30 }, (_, i) =>
      makePost({ title: 'x'.repeat((i * 37) % 120), body: 'y'.repeat((i * 53) % 400) }),
    );
    const estimate = (p: (typeof posts)[number]) => estimateCardHeight(p, 360);
    const one = placeItems(emptyLayout(3), posts, estimate);
    const two = placeItems(emptyLayout(3), posts, estimate);
    expect([...one.placed]).toEqual([...two.placed]);
  });

  it('keeps every earlier placement when a page is appended, and estimates only the new cards', () => {
    const first = Array.from({ length: 24 }, (_, i) => item(`p${i}`, 100 + ((i * 71) % 300)));
    const second = Array.from({ length: 24 }, (_, i) => item(`q${i}`, 120 + ((i * 43) % 260)));
    const layout1 = placeItems(emptyLayout(3), first, heightOf);
    const asked: string[] = [];
    const layout2 = placeItems(layout1, [...first, ...second], (i) => {
      asked.push(i.id);
      return i.height;
    });
    for (const [id, column] of layout1.placed) expect(layout2.placed.get(id)).toBe(column);
    expect(asked).toEqual(second.map((i) => i.id));
    // The input layout is not changed, and nothing new means the same layout back.
    expect(layout1.placed.size).toBe(24);
    expect(placeItems(layout2, [...first, ...second], heightOf)).toBe(layout2);
  });

  it('keeps the others in place when a post leaves the list', () => {
    const items = Array.from({ length: 9 }, (_, i) => item(`p${i}`, 100 + i * 10));
    const layout = placeItems(emptyLayout(2), items, heightOf);
    const without = items.filter((i) => i.id !== 'p2');
    const after = placeItems(layout, without, heightOf);
    expect(after).toBe(layout);
    expect(splitColumns(after, without).flat().length).toBe(8);
  });

  it('estimates taller cards for taller media and longer text', () => {
    const wide = makePost({
      type: 1,
      body: null,
      images: [{ url: '/a.webp', largeUrl: null, width: 1600, height: 900, placeholder: null }],
    });
    const tall = makePost({
      type: 1,
      body: null,
      images: [{ url: '/b.webp', largeUrl: null, width: 900, height: 1600, placeholder: null }],
    });
    expect(estimateCardHeight(tall, 360)).toBeGreaterThan(estimateCardHeight(wide, 360));
    const short = makePost({ body: 'Hi' });
    const long = makePost({ body: 'word '.repeat(200) });
    expect(estimateCardHeight(long, 360)).toBeGreaterThan(estimateCardHeight(short, 360));
  });
});

describe('the cards of a first screen (progressive rendering)', () => {
  it('counts the posts, in order, until every column reaches the height', () => {
    // One column, 823 px: 300 + 300 + 300 (with gaps 948) passes it at the third.
    const items = Array.from({ length: 20 }, (_, i) => item(`p${i}`, 300));
    expect(countToFill(items, 1, heightOf, 823)).toBe(3);
    // Three columns of 300-px cards need a second row to pass 500 px: six.
    expect(countToFill(items, 3, heightOf, 500)).toBe(6);
  });

  it('fills the shortest column first, as the grid places them', () => {
    // a(900) goes left; b, c, d (100 each, 116 with the gap) all go right: 116, 232, 348.
    const items = [item('a', 900), item('b', 100), item('c', 100), item('d', 100), item('e', 200)];
    expect(countToFill(items, 2, heightOf, 200)).toBe(3);
    expect(countToFill(items, 2, heightOf, 300)).toBe(4);
    expect(countToFill(items, 2, heightOf, 400)).toBe(5);
  });

  it('gives at least a card per column, and all of them when they do not fill the screen', () => {
    const tall = [item('a', 5000), item('b', 5000), item('c', 5000), item('d', 5000)];
    expect(countToFill(tall, 3, heightOf, 800)).toBe(3);
    expect(countToFill(tall.slice(0, 2), 3, heightOf, 800)).toBe(2);
    expect(countToFill([], 1, heightOf, 800)).toBe(0);
  });
});
