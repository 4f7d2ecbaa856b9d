import type { ReadingDirection } from '@otakura/shared';

/** What pairing needs of a page: its number (1-based) and its stored size. */
export interface SpreadPage {
  number: number;
  width: number;
  height: number;
}

export interface SpreadOptions {
  /** The first page of the issue stands alone (a cover). */
  coverAlone: boolean;
  /**
   * Moves the pairing by one page: in each run of portrait pages (between landscape pages) the
   * page that would have opened a pair stands alone (or, after a lone cover, the cover pairs).
   */
  shift: boolean;
}

/** One screen of double-page mode: one or two page numbers in reading order. */
export type Spread = readonly number[];

/** A landscape page (wider than tall) is already a spread: it always stands alone. */
export function isLandscape(page: Pick<SpreadPage, 'width' | 'height'>): boolean {
  return page.width > page.height;
}

/**
 * The screens of double-page mode, in reading order. Portrait pages pair up; a landscape page
 * stands alone and the pairing starts afresh after it; with `coverAlone` the first page stands
 * alone; `shift` moves every run's pairing by one page.
 */
export function buildSpreads(pages: readonly SpreadPage[], options: SpreadOptions): Spread[] {
  const spreads: Spread[] = [];
  // Pages of the current run of portrait pages, paired once the run ends.
  let run: number[] = [];
  let firstRun = true;

  const closeRun = () => {
    if (run.length === 0) return;
    // Whether this run's first page stands alone.
    const leadAlone = (firstRun && options.coverAlone) !== options.shift;
    let i = 0;
    if (leadAlone) {
      spreads.push([run[0]!]);
      i = 1;
    }
    for (; i < run.length; i += 2) {
      spreads.push(i + 1 < run.length ? [run[i]!, run[i + 1]!] : [run[i]!]);
    }
    run = [];
    firstRun = false;
  };

  for (const page of pages) {
    if (isLandscape(page)) {
      closeRun();
      // A landscape first page is the cover: the cover rule is spent on it.
      firstRun = false;
      spreads.push([page.number]);
    } else {
      run.push(page.number);
    }
  }
  closeRun();
  return spreads;
}

/** The index of the spread that shows `page` (the nearest one for a page out of range). */
export function spreadIndexOf(spreads: readonly Spread[], page: number): number {
  if (spreads.length === 0) return 0;
  const index = spreads.findIndex((s) => s.includes(page));
  if (index >= 0) return index;
  return page < spreads[0]![0]! ? 0 : spreads.length - 1;
}

/** The pages of a spread left to right on screen: right-to-left reading shows the pair reversed. */
export function spreadDisplayOrder(spread: Spread, direction: ReadingDirection): number[] {
  return direction === 'rtl' ? [...spread].reverse() : [...spread];
}
