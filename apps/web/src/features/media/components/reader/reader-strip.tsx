import type { ReaderPage } from '@otakura/shared';
import {
  useEffect,
  useEffectEvent,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  type ReactNode,
  type Ref,
} from 'react';
import { ReaderPageImage } from './reader-page-image';

export interface ReaderStripHandle {
  /** Brings page `n`'s top to the top of the strip. */
  scrollToPage: (n: number) => void;
  /** Scrolls by a share of the strip's height (keyboard paging from outside the strip). */
  scrollByScreen: (direction: 1 | -1) => void;
  element: () => HTMLElement | null;
}

export interface ReaderStripProps {
  ref?: Ref<ReaderStripHandle>;
  pages: readonly ReaderPage[];
  /** Where the strip opens (the saved page). */
  initialPage: number;
  /** The page being read changed (the one crossing the reading line, a third down the screen). */
  onPageChange: (page: number) => void;
  /** The end panel came into view, or left it. */
  onEndVisible: (visible: boolean) => void;
  onClick?: () => void;
  /** Shown after the last page. */
  end: ReactNode;
}

/**
 * Vertical (webtoon) mode: every page's box is reserved from its stored size (`aspect-ratio`), so
 * nothing moves while images arrive and positions are known before they load: opening at the
 * saved page is exact. IntersectionObserver tracks the page being read; a width change (rotation,
 * resize) keeps the same spot of the same page in view.
 */
export function ReaderStrip({
  ref,
  pages,
  initialPage,
  onPageChange,
  onEndVisible,
  onClick,
  end,
}: ReaderStripProps) {
  const root = useRef<HTMLDivElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  // Where the reader is: a page and how far into it (0…1), kept to survive width changes.
  const anchor = useRef({ page: initialPage, fraction: 0 });
  const reportPage = useEffectEvent((n: number) => onPageChange(n));
  const reportEnd = useEffectEvent((visible: boolean) => onEndVisible(visible));

  const pageElement = (n: number) =>
    root.current?.querySelector<HTMLElement>(`[data-strip-page="${n}"]`) ?? null;

  const scrollToPage = (n: number, fraction = 0) => {
    const el = pageElement(n);
    const box = root.current;
    if (!el || !box) return;
    box.scrollTop = el.offsetTop + fraction * el.offsetHeight;
    anchor.current = { page: n, fraction };
  };

  useImperativeHandle(ref, () => ({
    scrollToPage: (n) => scrollToPage(n),
    scrollByScreen: (direction) => {
      const box = root.current;
      if (box) box.scrollTop += direction * box.clientHeight * 0.9;
    },
    element: () => root.current,
  }));

  // Before the first paint: open at the saved page.
  useLayoutEffect(() => {
    if (initialPage > 1) scrollToPage(initialPage);
    // Only on opening; later moves come from the reader.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const box = root.current;
    if (!box || typeof IntersectionObserver === 'undefined') return;
    const crossing = new Set<number>();
    const pagesObserver = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const n = Number((entry.target as HTMLElement).dataset.stripPage);
          if (entry.isIntersecting) crossing.add(n);
          else crossing.delete(n);
        }
        if (crossing.size > 0) reportPage(Math.min(...crossing));
      },
      // A thin reading line a third of the way down the strip.
      { root: box, rootMargin: '-33% 0px -66% 0px', threshold: 0 },
    );
    box.querySelectorAll('[data-strip-page]').forEach((el) => pagesObserver.observe(el));
    const endObserver = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (entry) reportEnd(entry.isIntersecting);
      },
      { root: box, threshold: 0.5 },
    );
    if (endRef.current) endObserver.observe(endRef.current);
    return () => {
      pagesObserver.disconnect();
      endObserver.disconnect();
    };
  }, [pages]);

  // Remember the spot on every scroll; restore it when the width (and so every height) changes.
  useEffect(() => {
    const box = root.current;
    if (!box) return;
    const onScroll = () => {
      const top = box.scrollTop;
      for (const el of box.querySelectorAll<HTMLElement>('[data-strip-page]')) {
        if (el.offsetTop + el.offsetHeight > top) {
          const fraction = el.offsetHeight ? (top - el.offsetTop) / el.offsetHeight : 0;
          anchor.current = { page: Number(el.dataset.stripPage), fraction: Math.max(0, fraction) };
          return;
        }
      }
    };
    box.addEventListener('scroll', onScroll, { passive: true });
    let width = box.clientWidth;
    const resize =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => {
            if (box.clientWidth === width) return;
            width = box.clientWidth;
            scrollToPage(anchor.current.page, anchor.current.fraction);
          });
    resize?.observe(box);
    return () => {
      box.removeEventListener('scroll', onScroll);
      resize?.disconnect();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div ref={root} className="reader-strip" tabIndex={-1} data-reader-strip="" onClick={onClick}>
      {pages.map((page) => (
        <div
          key={page.id}
          className="reader-strip__page"
          data-strip-page={page.number}
          style={{ aspectRatio: `${page.width} / ${page.height}` }}
        >
          <ReaderPageImage page={page} lazy={Math.abs(page.number - initialPage) > 2} />
        </div>
      ))}
      <div ref={endRef} className="reader-strip__end">
        {end}
      </div>
    </div>
  );
}
