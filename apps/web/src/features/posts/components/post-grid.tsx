import type { Post } from '@otakura/shared';
import {
  memo,
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { viewportGuess } from '@/lib/viewport';
import {
  columnsForViewport,
  countToFill,
  emptyLayout,
  estimateCardHeight,
  GRID_BREAKPOINTS,
  placeItems,
  splitColumns,
  type ColumnLayout,
} from './post-grid-layout';
import './post-grid.css';

/** Column widths are rounded to this many px: a scrollbar appearing re-renders nothing. */
const WIDTH_STEP_PX = 32;

function subscribeResize(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** The breakpoints of UI.md as media queries: asking them forces no layout (lib/viewport.ts). */
const COLUMN_QUERIES = GRID_BREAKPOINTS.map((b) => ({
  query: `(min-width: ${b.minWidth}px)`,
  columns: b.columns,
}));

function columnsNow(): number {
  if (typeof window.matchMedia !== 'function') return columnsForViewport(window.innerWidth);
  return COLUMN_QUERIES.find((b) => window.matchMedia(b.query).matches)?.columns ?? 1;
}

/** 3 / 2 / 1 columns by the viewport's width (the breakpoints of UI.md). */
function useColumnCount(): number {
  return useSyncExternalStore(subscribeResize, columnsNow, () => 1);
}

/** A first guess of the column width before the grid is measured (sidebar and margins). */
function guessColumnWidth(columns: number): number {
  const { width } = viewportGuess();
  const content = columns === 1 ? width - 32 : Math.min(1200, width - 260 - 48);
  return Math.max(200, (content - (columns - 1) * 16) / columns);
}

/**
 * The grid's width from ONE ResizeObserver on the grid itself (never on the cards). Its first
 * answer comes with the browser's own layout, before the first paint: reading `clientWidth` here
 * would force that layout inside the render's task.
 */
function useColumnWidth(ref: React.RefObject<HTMLElement | null>, columns: number): number {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return;
    const apply = (total: number) => {
      if (total <= 0) return;
      const column = (total - (columns - 1) * 16) / columns;
      setWidth(Math.round(column / WIDTH_STEP_PX) * WIDTH_STEP_PX);
    };
    if (typeof ResizeObserver === 'undefined') {
      apply(node.clientWidth);
      return;
    }
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry) apply(entry.contentRect.width);
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [ref, columns]);
  return width ?? guessColumnWidth(columns);
}

/**
 * Runs `task` in a task of its own, after the browser had the chance to paint and handle input
 * (a message, not a timer: no 4 ms clamp). Returns a cancel.
 */
function nextTask(task: () => void): () => void {
  if (typeof MessageChannel === 'undefined') {
    const id = setTimeout(task, 0);
    return () => clearTimeout(id);
  }
  const channel = new MessageChannel();
  channel.port1.onmessage = () => task();
  channel.port2.postMessage(null);
  return () => {
    channel.port1.onmessage = null;
    channel.port1.close();
  };
}

export interface PostGridProps {
  label: string;
  /** The posts, in feed order. */
  posts?: readonly Post[];
  /** One card; `index` is the post's position in `posts`. */
  renderPost?: (post: Post, index: number) => ReactNode;
  /** Skeleton cards only (the first page is loading). */
  skeletons?: number;
  /** A skeleton card at the end of each column while the next page loads. */
  loadingMore?: boolean;
  busy?: boolean;
  /**
   * The cards present at the first render are rendered a screenful first, then one row (a card per
   * column) per task as the reader comes near them, instead of all in one long task. Cards
   * appended later always arrive so.
   */
  progressive?: boolean;
  /** Told after each render how many of `posts` (the first ones) have their card in the page. */
  onRenderedCountChange?: (count: number) => void;
}

/**
 * Spec §2 grid of post cards as a masonry of columns (3 at ≥ 1200 px, 2 at ≥ 768 px, 1 below;
 * UI.md), ARIA feed pattern. No card is measured: each goes to the shortest column by its
 * estimated height (post-grid-layout.ts), placed once and never moved while pages append, so
 * the layout costs one render and nothing shifts. Memoised: re-rendering the page around it (the
 * modal's address changing) does not touch the cards.
 */
export const PostGrid = memo(function PostGrid({
  label,
  posts = EMPTY,
  renderPost,
  skeletons = 0,
  loadingMore,
  busy,
  progressive = false,
  onRenderedCountChange,
}: PostGridProps) {
  const ref = useRef<HTMLDivElement>(null);
  const columns = useColumnCount();
  const columnWidth = useColumnWidth(ref, columns);

  // Placement is state derived during render: only posts not placed yet are estimated and
  // placed; a change of column count starts over.
  const [layout, setLayout] = useState<ColumnLayout>(() => emptyLayout(columns));
  const base = layout.columns === columns ? layout : emptyLayout(columns);
  const placed = placeItems(base, posts, (post) => estimateCardHeight(post, columnWidth));
  if (placed !== layout) setLayout(placed);

  // Progressive rendering: the first `count` posts have their card; the rest follow a row per
  // task (a phone renders a card in ~15 ms, ×4 on the slow phones Lighthouse models, so twenty at
  // once block input for most of a second). The grid keeps the estimated height of all of them,
  // so the page's length, the scroll bar and the infinite-scroll sentinel do not move meanwhile.
  // The rendered ones are those up to the last rendered post, found by id, so that a post added
  // at the top (a refetch after posting) does not hold back a card that is already shown.
  const [rendered, setRendered] = useState<{ count: number; lastId?: string }>(() =>
    progressive ? { count: 0 } : { count: posts.length, lastId: posts.at(-1)?.id },
  );
  const lastIndex = rendered.lastId ? posts.findIndex((p) => p.id === rendered.lastId) : -1;
  const firstScreen = progressive
    ? countToFill(
        posts,
        columns,
        (post) => estimateCardHeight(post, columnWidth),
        viewportGuess().height,
      )
    : 0;
  const count = Math.min(
    posts.length,
    Math.max(lastIndex >= 0 ? lastIndex + 1 : rendered.count, firstScreen),
  );
  const complete = count >= posts.length;
  const reportCount = useEffectEvent((n: number) => onRenderedCountChange?.(n));
  const nextRow = useEffectEvent(() => {
    const next = Math.min(posts.length, count + columns);
    setRendered({ count: next, lastId: posts[next - 1]?.id });
  });
  // The next row comes once a column's end is within half a screen below the viewport, or above
  // it (a jump to the end of the page): the cards further down cost the load nothing until the
  // reader scrolls towards them. A new observer per step reports at once, so the rows keep coming
  // until the columns reach past the viewport. Without IntersectionObserver, a row per task.
  const columnEnds = useRef<(HTMLDivElement | null)[]>([]);
  useEffect(() => {
    reportCount(count);
    if (count >= posts.length) return;
    if (typeof IntersectionObserver === 'undefined') return nextTask(() => nextRow());
    let cancel: (() => void) | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        const due = entries.some((e) =>
          e.rootBounds ? e.boundingClientRect.top < e.rootBounds.bottom : e.isIntersecting,
        );
        if (due && !cancel) cancel = nextTask(() => nextRow());
      },
      { rootMargin: RENDER_AHEAD },
    );
    for (const node of columnEnds.current) if (node) observer.observe(node);
    return () => {
      observer.disconnect();
      cancel?.();
    };
  }, [count, posts.length, columns]);

  const indexOf = new Map(posts.map((post, index) => [post.id, index]));
  const postColumns = splitColumns(placed, complete ? posts : posts.slice(0, count));
  const skeletonColumns: number[][] = Array.from({ length: columns }, () => []);
  for (let i = 0; i < skeletons; i++) skeletonColumns[i % columns]!.push(i);

  return (
    <div
      ref={ref}
      className="post-grid"
      role="feed"
      aria-label={label}
      aria-busy={busy || loadingMore || !complete || undefined}
      style={{
        gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
        minHeight: complete ? undefined : Math.max(...placed.heights),
      }}
    >
      {postColumns.map((column, c) => (
        <div className="post-grid__column" key={c} data-column={c}>
          {renderPost
            ? column.map((post) => (
                <div className="post-grid__cell" key={post.id}>
                  {renderPost(post, indexOf.get(post.id)!)}
                </div>
              ))
            : null}
          {skeletonColumns[c]!.map((i) => (
            <PostCardSkeleton key={`skeleton-${i}`} index={i} />
          ))}
          {loadingMore && complete ? <PostCardSkeleton index={c + 1} /> : null}
          {complete ? null : (
            <div
              className="post-grid__column-end"
              ref={(node) => {
                columnEnds.current[c] = node;
              }}
            />
          )}
        </div>
      ))}
    </div>
  );
});

const EMPTY: readonly Post[] = [];

/** Cards still to render are rendered this far ahead of the reader: half a screen below it. */
const RENDER_AHEAD = '0px 0px 50% 0px';

/** Shapes of the cards to come, with varied media heights so the grid looks like the real one. */
const SKELETON_RATIOS = [4 / 5, 16 / 9, 1, 3 / 4, 16 / 10, 0];

function PostCardSkeleton({ index }: { index: number }) {
  const ratio = SKELETON_RATIOS[index % SKELETON_RATIOS.length]!;
  return (
    <div className="post-grid__cell post-grid__cell--skeleton">
      <div className="post-card post-card--skeleton" aria-hidden="true">
        <div className="post-card__header">
          <Skeleton shape="circle" width={32} height={32} />
          <div className="post-card__meta" style={{ flex: 1, gap: 6 }}>
            <Skeleton shape="text" width="45%" />
            <Skeleton shape="text" width="30%" height={10} />
          </div>
        </div>
        <div className="post-card__skeleton-lines">
          <Skeleton shape="text" width="85%" height={18} />
        </div>
        {ratio ? (
          <Skeleton shape="rect" style={{ aspectRatio: String(ratio), borderRadius: 0 }} />
        ) : (
          <div className="post-card__skeleton-lines">
            <Skeleton shape="text" />
            <Skeleton shape="text" />
            <Skeleton shape="text" width="60%" />
          </div>
        )}
        <div className="post-card__footer">
          <Skeleton shape="text" width={56} height={20} />
          <Skeleton shape="text" width={48} height={20} />
        </div>
      </div>
    </div>
  );
}
