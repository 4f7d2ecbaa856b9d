import { describe, expect, it } from 'vitest';
import { buildSpreads, spreadDisplayOrder, spreadIndexOf, type SpreadPage } from './reader-spreads';

/** Portrait pages 1…n, with the given numbers landscape. */
function pages(n: number, landscape: number[] = []): SpreadPage[] {
  return Array.from({ length: n }, (_, i) => {
    const number = i + 1;
    return landscape.includes(number)
      ? { number, width: 1600, height: 1100 }
      : { number, width: 800, height: 1200 };
  });
}

describe('double-page spreads', () => {
  it('pairs pages from the first when the cover does not stand alone', () => {
    expect(buildSpreads(pages(6), { coverAlone: false, shift: false })).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
  });

  it('lets the cover stand alone, the last page alone when left over', () => {
    expect(buildSpreads(pages(6), { coverAlone: true, shift: false })).toEqual([
      [1],
      [2, 3],
      [4, 5],
      [6],
    ]);
  });

  it('moves the pairing by one page when shifted, both ways', () => {
    expect(buildSpreads(pages(5), { coverAlone: false, shift: true })).toEqual([
      [1],
      [2, 3],
      [4, 5],
    ]);
    // Shifting a lone cover pairs it again.
    expect(buildSpreads(pages(5), { coverAlone: true, shift: true })).toEqual([
      [1, 2],
      [3, 4],
      [5],
    ]);
  });

  it('shows a landscape page alone and starts the pairing afresh after it', () => {
    // Page 4 is a double-page spread: 3 stays alone rather than pairing across it.
    expect(buildSpreads(pages(8, [4]), { coverAlone: true, shift: false })).toEqual([
      [1],
      [2, 3],
      [4],
      [5, 6],
      [7, 8],
    ]);
    expect(buildSpreads(pages(7, [3]), { coverAlone: false, shift: false })).toEqual([
      [1, 2],
      [3],
      [4, 5],
      [6, 7],
    ]);
  });

  it('shifts each run between landscape pages', () => {
    expect(buildSpreads(pages(7, [3]), { coverAlone: false, shift: true })).toEqual([
      [1],
      [2],
      [3],
      [4],
      [5, 6],
      [7],
    ]);
  });

  it('treats a landscape first page as the cover', () => {
    expect(buildSpreads(pages(5, [1]), { coverAlone: true, shift: false })).toEqual([
      [1],
      [2, 3],
      [4, 5],
    ]);
  });

  it('shows a pair right to left in rtl and left to right in ltr', () => {
    expect(spreadDisplayOrder([4, 5], 'rtl')).toEqual([5, 4]);
    expect(spreadDisplayOrder([4, 5], 'ltr')).toEqual([4, 5]);
    expect(spreadDisplayOrder([1], 'rtl')).toEqual([1]);
  });

  it('finds the spread of a page', () => {
    const spreads = buildSpreads(pages(6), { coverAlone: true, shift: false });
    expect(spreadIndexOf(spreads, 1)).toBe(0);
    expect(spreadIndexOf(spreads, 3)).toBe(1);
    expect(spreadIndexOf(spreads, 6)).toBe(3);
    expect(spreadIndexOf(spreads, 99)).toBe(3);
  });
});
