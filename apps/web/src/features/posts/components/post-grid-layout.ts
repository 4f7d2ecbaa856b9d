import { POST_TYPES, type Post } from '@otakura/shared';
import { cardRatio, LINK_PREVIEW_RATIO } from '../utils/aspect';

/*
 * The masonry feed without measuring cards. A card's height is estimated from what the post
 * already says: the media's stored width/height (aspect ratio) times the column width, plus the
 * card's fixed chrome (header, footer) and the text's likely line count. Each card then goes to
 * the column that is shortest so far. Columns are plain flex stacks, so an estimate that is a
 * little off changes the balance only, never overlaps anything, and nothing is measured or moved
 * once shown: appending a page places only the new cards.
 */

/** Column count per viewport width (UI.md): 3 at ≥ 1200 px, 2 at ≥ 768 px, 1 below. */
export const GRID_BREAKPOINTS = [
  { minWidth: 1200, columns: 3 },
  { minWidth: 768, columns: 2 },
] as const;

export function columnsForViewport(width: number): number {
  for (const b of GRID_BREAKPOINTS) if (width >= b.minWidth) return b.columns;
  return 1;
}

/** Gap between columns and between cards, px (post-grid.css uses the same number). */
export const GRID_GAP_PX = 16;

/* Card chrome in px, from post-card.css (tokens: space-3 12, space-4 16, font-size-lg 17). */
const BORDER = 2;
const HEADER = 12 + 32 + 8;
const TITLE_LINE = 17 * 1.3;
const TITLE_PAD = 12;
const FLAGS = 22 + 8;
const FOOTER = 8 + 32 + 8;
const BODY_LINE = 15 * 1.5;
const SIDE_PAD = 16;

function lines(text: string, width: number, charPx: number, max: number): number {
  const perLine = Math.max(8, Math.floor(width / charPx));
  let total = 0;
  for (const paragraph of text.split('\n'))
    total += Math.max(1, Math.ceil(paragraph.length / perLine));
  return Math.min(max, total);
}

/** A card's likely height in px at a column width; deterministic and cheap (no DOM). */
export function estimateCardHeight(post: Post, columnWidth: number): number {
  const inner = Math.max(80, columnWidth - 2 * SIDE_PAD);
  let height = BORDER + HEADER + FOOTER + TITLE_PAD;
  height += lines(post.title, inner, 17 * 0.55, 3) * TITLE_LINE;
  if (post.spoiler || post.nsfw) height += FLAGS;

  if ((post.type === POST_TYPES.image || post.type === POST_TYPES.gif) && post.images[0]) {
    const image = post.images[0];
    height += columnWidth / cardRatio(image.width, image.height);
  } else if (post.type === POST_TYPES.video && post.video) {
    height += columnWidth / cardRatio(post.video.width, post.video.height);
  } else if (post.type === POST_TYPES.url && post.link) {
    if (post.link.imageUrl) height += columnWidth / LINK_PREVIEW_RATIO;
    height += 24 + 18 + (post.link.title ? 2 * 20 : 20);
    if (post.body) height += lines(post.body, inner, 13 * 0.55, 3) * 19.5;
  } else if (post.body) {
    height += 24 + lines(post.body, inner - 2 * SIDE_PAD, 15 * 0.55, 7) * BODY_LINE + 4;
  }
  return Math.round(height);
}

export interface ColumnLayout {
  columns: number;
  /** Column of each placed item, by id. */
  placed: Map<string, number>;
  /** Estimated height of each column so far (px, gaps included). */
  heights: number[];
}

export function emptyLayout(columns: number): ColumnLayout {
  return { columns, placed: new Map(), heights: Array.from({ length: columns }, () => 0) };
}

/**
 * Places the items not placed yet (their height asked only then), in order, each in the shortest column (the leftmost on a tie).
 * Items already placed keep their column, so appending pages never reshuffles what is on screen.
 * Returns a new layout; the given one is left as it was. An item that left the list keeps its
 * column's height: the balance stays as it was rather than moving cards below it.
 */
export function placeItems<T extends { id: string }>(
  layout: ColumnLayout,
  items: readonly T[],
  heightOf: (item: T) => number,
): ColumnLayout {
  let next: ColumnLayout | null = null;
  for (const item of items) {
    if ((next ?? layout).placed.has(item.id)) continue;
    next ??= {
      columns: layout.columns,
      placed: new Map(layout.placed),
      heights: [...layout.heights],
    };
    let column = 0;
    for (let c = 1; c < next.columns; c++) if (next.heights[c]! < next.heights[column]!) column = c;
    next.placed.set(item.id, column);
    next.heights[column]! += heightOf(item) + GRID_GAP_PX;
  }
  return next ?? layout;
}

/** Splits items into columns by a layout, keeping their order within each column. */
export function splitColumns<T extends { id: string }>(
  layout: ColumnLayout,
  items: readonly T[],
): T[][] {
  const columns: T[][] = Array.from({ length: layout.columns }, () => []);
  for (const item of items) columns[layout.placed.get(item.id) ?? 0]!.push(item);
  return columns;
}

/**
 * How many of `items`, taken in order and each put in the shortest column, it takes until every
 * column's estimated height reaches `height` px (the viewport): the cards a first screen shows.
 * At least one per column; all of them when they do not fill it.
 */
export function countToFill<T>(
  items: readonly T[],
  columns: number,
  heightOf: (item: T) => number,
  height: number,
): number {
  const heights = Array.from({ length: columns }, () => 0);
  let count = 0;
  for (const item of items) {
    if (count >= columns && Math.min(...heights) >= height) break;
    let column = 0;
    for (let c = 1; c < columns; c++) if (heights[c]! < heights[column]!) column = c;
    heights[column]! += heightOf(item) + GRID_GAP_PX;
    count++;
  }
  return count;
}
