import { MEDIA_RULES } from '@otakura/shared';

/** A page the reader may fetch ahead of time. */
export interface PreloadPage {
  number: number;
  url: string;
}

export interface PreloadInput {
  /** The pages in order (numbers 1…n). */
  pages: readonly PreloadPage[];
  /** The page numbers on screen now (one, or two in a spread). */
  current: readonly number[];
  /** The next issue's first pages, when there is a next issue. */
  nextFirstPages?: readonly PreloadPage[];
}

/**
 * The URLs to fetch, most urgent first: the page(s) on screen, then `preloadAhead` pages ahead,
 * then `preloadBehind` behind; within the last `preloadNextWithinLast` pages of the issue also the
 * next issue's first `preloadNextPages` pages. No URL twice.
 */
export function preloadOrder({ pages, current, nextFirstPages = [] }: PreloadInput): string[] {
  const total = pages.length;
  if (total === 0 || current.length === 0) return [];
  const byNumber = new Map(pages.map((p) => [p.number, p]));
  const first = Math.min(...current);
  const last = Math.max(...current);

  const numbers: number[] = [...current];
  for (let n = last + 1; n <= Math.min(total, last + MEDIA_RULES.preloadAhead); n += 1) {
    numbers.push(n);
  }
  for (let n = first - 1; n >= Math.max(1, first - MEDIA_RULES.preloadBehind); n -= 1) {
    numbers.push(n);
  }

  const urls: string[] = [];
  const add = (url: string | undefined) => {
    if (url && !urls.includes(url)) urls.push(url);
  };
  for (const n of numbers) add(byNumber.get(n)?.url);
  if (last > total - MEDIA_RULES.preloadNextWithinLast) {
    for (const p of nextFirstPages.slice(0, MEDIA_RULES.preloadNextPages)) add(p.url);
  }
  return urls;
}
