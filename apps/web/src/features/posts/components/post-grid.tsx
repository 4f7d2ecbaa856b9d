import clsx from 'clsx';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import './post-grid.css';

/** Row unit and gap of the masonry grid, in px (post-grid.css uses the same numbers). */
const ROW_PX = 4;
const GAP_PX = 16;

/**
 * One cell of the masonry grid: spans as many 4 px rows as its card is tall, so cards of
 * different heights pack without holes while the DOM (and the reading and tab order) stays in
 * feed order. Heights come from the media's known aspect ratio, so nothing moves as images load.
 */
export function MasonryCell({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const cell = ref.current;
    const content = cell?.firstElementChild as HTMLElement | null;
    if (!cell || !content) return;
    const apply = () => {
      const height = content.getBoundingClientRect().height;
      cell.style.gridRowEnd = `span ${Math.max(1, Math.ceil((height + GAP_PX) / ROW_PX))}`;
    };
    apply();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(apply);
    observer.observe(content);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={ref} className={clsx('post-grid__cell', className)}>
      {children}
    </div>
  );
}

export interface PostGridProps {
  children: ReactNode;
  /** Skeleton cards appended while the next page loads. */
  loadingMore?: boolean;
  label: string;
  busy?: boolean;
}

/** Spec §2 grid of post cards; 3 columns at ≥ 1200 px, 2 at ≥ 768 px, 1 below (UI.md). ARIA feed pattern. */
export function PostGrid({ children, loadingMore, label, busy }: PostGridProps) {
  return (
    <div
      className="post-grid"
      role="feed"
      aria-label={label}
      aria-busy={busy || loadingMore || undefined}
    >
      {children}
      {loadingMore ? <PostCardSkeletons count={3} /> : null}
    </div>
  );
}

/** Shapes of the cards to come, with varied media heights so the grid looks like the real one. */
const SKELETON_RATIOS = [4 / 5, 16 / 9, 1, 3 / 4, 16 / 10, 0];

export function PostCardSkeletons({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => {
        const ratio = SKELETON_RATIOS[i % SKELETON_RATIOS.length]!;
        return (
          <MasonryCell key={`skeleton-${i}`} className="post-grid__cell--skeleton">
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
          </MasonryCell>
        );
      })}
    </>
  );
}
