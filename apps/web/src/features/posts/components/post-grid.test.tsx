import { render, screen, waitFor } from '@testing-library/react';
import type { Post } from '@otakura/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makePost } from '../testing/posts-mock';
import { PostGrid } from './post-grid';

vi.setConfig({ testTimeout: 20_000 });

const posts = (n: number) =>
  Array.from({ length: n }, (_, i) => makePost({ title: `Post ${i}`, body: 'y'.repeat(300) }));
const card = (post: Post) => <article>{post.title}</article>;
const cards = () => screen.queryAllByRole('article');

describe('PostGrid progressive rendering', () => {
  it('renders a first screen of cards, then the rest a row per task, keeping the height meanwhile', async () => {
    const list = posts(30);
    const seen: number[] = [];
    render(
      <PostGrid
        label="Feed"
        posts={list}
        renderPost={card}
        progressive
        onRenderedCountChange={(n) => seen.push(n)}
      />,
    );
    const grid = screen.getByRole('feed', { name: 'Feed' });
    const first = cards().length;
    expect(first).toBeGreaterThanOrEqual(1);
    expect(first).toBeLessThan(30);
    // The first cards are the first posts (the top of each column).
    expect(cards().map((a) => a.textContent)).toEqual(
      expect.arrayContaining(list.slice(0, first).map((p) => p.title)),
    );
    expect(grid).toHaveAttribute('aria-busy', 'true');
    expect(parseFloat(grid.style.minHeight)).toBeGreaterThan(0);

    await waitFor(() => expect(cards()).toHaveLength(30));
    expect(grid).not.toHaveAttribute('aria-busy');
    expect(grid.style.minHeight).toBe('');
    // It came in several steps, each told, ending with all of them.
    expect(seen[0]).toBe(first);
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.at(-1)).toBe(30);
  });

  it('renders every card at once when not progressive, and an appended page progressively', async () => {
    const list = posts(40);
    const { rerender } = render(
      <PostGrid label="Feed" posts={list.slice(0, 20)} renderPost={card} />,
    );
    expect(cards()).toHaveLength(20);
    expect(screen.getByRole('feed')).not.toHaveAttribute('aria-busy');

    rerender(<PostGrid label="Feed" posts={list} renderPost={card} />);
    expect(cards().length).toBeLessThan(40);
    expect(cards().length).toBeGreaterThanOrEqual(20);
    await waitFor(() => expect(cards()).toHaveLength(40));
  });

  it('keeps every shown card when a post comes in at the top', async () => {
    const list = posts(20);
    const { rerender } = render(<PostGrid label="Feed" posts={list} renderPost={card} />);
    const [newest] = posts(1);
    rerender(<PostGrid label="Feed" posts={[newest!, ...list]} renderPost={card} />);
    // At once: the new card and all twenty before it, the last one included.
    expect(cards()).toHaveLength(21);
    expect(screen.getByText('Post 19')).toBeInTheDocument();
    expect(screen.getByRole('feed')).not.toHaveAttribute('aria-busy');
  });
});

describe('PostGrid rendering ahead of the reader', () => {
  /**
   * An IntersectionObserver over a modelled page: each card is 300 px tall, so a column's end is
   * at 300 px per card above it; the viewport (with the grid's render-ahead margin) ends at
   * `bottom`. Like the browser's, it reports each observed element once, soon after `observe`.
   */
  function modelPage() {
    const page = { bottom: 3000, last: { cards: 0, due: false } };
    const live = new Set<{ callback: IntersectionObserverCallback; targets: Element[] }>();
    const entry = (target: Element): IntersectionObserverEntry => {
      const cardsAbove = target.parentElement!.querySelectorAll('article').length;
      const top = cardsAbove * 300;
      return {
        target,
        isIntersecting: top < page.bottom,
        intersectionRatio: top < page.bottom ? 1 : 0,
        boundingClientRect: { top, bottom: top } as DOMRectReadOnly,
        rootBounds: { top: 0, bottom: page.bottom } as DOMRectReadOnly,
      } as IntersectionObserverEntry;
    };
    const report = (o: { callback: IntersectionObserverCallback; targets: Element[] }) => {
      if (!live.has(o) || o.targets.length === 0) return;
      const entries = o.targets.map(entry);
      page.last = { cards: cards().length, due: entries.some((e) => e.isIntersecting) };
      o.callback(entries, {} as IntersectionObserver);
    };
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        private readonly o: { callback: IntersectionObserverCallback; targets: Element[] };
        constructor(callback: IntersectionObserverCallback) {
          this.o = { callback, targets: [] };
          live.add(this.o);
        }
        observe(el: Element) {
          this.o.targets.push(el);
          if (this.o.targets.length === 1) setTimeout(() => report(this.o));
        }
        unobserve() {}
        disconnect() {
          live.delete(this.o);
        }
        takeRecords() {
          return [];
        }
      },
    );
    /** The reader jumps: the viewport now ends at `bottom`; the live observers report. */
    const scrollTo = (bottom: number) => {
      page.bottom = bottom;
      for (const o of [...live]) report(o);
    };
    return { page, scrollTo };
  }

  afterEach(() => vi.unstubAllGlobals());

  it('renders the cards below the viewport only as the reader comes near them, and at once on a jump to the end', async () => {
    const { page, scrollTo } = modelPage();
    const seen: number[] = [];
    render(
      <PostGrid
        label="Feed"
        posts={posts(30)}
        renderPost={card}
        progressive
        onRenderedCountChange={(n) => seen.push(n)}
      />,
    );
    // A first screen (by jsdom's window), then rows until the columns' ends pass 3,000 px: ten
    // cards a column.
    const columns = document.querySelectorAll('.post-grid__column').length;
    await waitFor(() => expect(cards()).toHaveLength(10 * columns));
    // It stays there: the observer of those cards reported the next ones out of reach.
    await waitFor(() => expect(page.last).toEqual({ cards: 10 * columns, due: false }));
    await new Promise((r) => setTimeout(r, 0));
    expect(cards()).toHaveLength(10 * columns);
    expect(screen.getByRole('feed')).toHaveAttribute('aria-busy', 'true');
    expect(seen.at(-1)).toBe(10 * columns);

    // Scrolling 600 px further brings two more rows.
    scrollTo(3600);
    await waitFor(() => expect(cards()).toHaveLength(12 * columns));
    // A jump to the end: every column end is above the viewport's bottom; the rest follow.
    scrollTo(1e6);
    await waitFor(() => expect(cards()).toHaveLength(30));
    expect(screen.getByRole('feed')).not.toHaveAttribute('aria-busy');
    expect(seen.at(-1)).toBe(30);
    expect(document.querySelector('.post-grid__column-end')).toBeNull();
  });
});

describe('PostGrid and the page layout', () => {
  it('renders without asking what forces a layout (innerWidth, innerHeight, clientWidth)', async () => {
    // A phone's browser lays the page out there and then when these are read during a render.
    const reads: string[] = [];
    const spies = [
      vi
        .spyOn(window, 'innerWidth', 'get')
        .mockImplementation(() => (reads.push('innerWidth'), 412)),
      vi
        .spyOn(window, 'innerHeight', 'get')
        .mockImplementation(() => (reads.push('innerHeight'), 823)),
      vi
        .spyOn(HTMLElement.prototype, 'clientWidth', 'get')
        .mockImplementation(() => (reads.push('clientWidth'), 380)),
    ];
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(min-width: 768px)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    try {
      render(<PostGrid label="Feed" posts={posts(12)} renderPost={card} progressive />);
      // Two columns, from the media queries.
      expect(document.querySelectorAll('.post-grid__column')).toHaveLength(2);
      await waitFor(() => expect(cards()).toHaveLength(12));
      expect(reads).toEqual([]);
    } finally {
      for (const spy of spies) spy.mockRestore();
      vi.unstubAllGlobals();
    }
  });
});
