import { MEDIA_RULES } from '@otakura/shared';
import { describe, expect, it } from 'vitest';
import { preloadOrder, type PreloadPage } from './reader-preload';

const issue = (n: number): PreloadPage[] =>
  Array.from({ length: n }, (_, i) => ({ number: i + 1, url: `/p/${i + 1}.webp` }));
const next: PreloadPage[] = [
  { number: 1, url: '/next/1.webp' },
  { number: 2, url: '/next/2.webp' },
  { number: 3, url: '/next/3.webp' },
];

describe('reader preload order', () => {
  it('is the current page, then 4 ahead, then 1 behind', () => {
    expect(MEDIA_RULES.preloadAhead).toBe(4);
    expect(MEDIA_RULES.preloadBehind).toBe(1);
    expect(preloadOrder({ pages: issue(20), current: [5], nextFirstPages: next })).toEqual([
      '/p/5.webp',
      '/p/6.webp',
      '/p/7.webp',
      '/p/8.webp',
      '/p/9.webp',
      '/p/4.webp',
    ]);
  });

  it('counts ahead from the last page of a spread and behind from its first', () => {
    expect(preloadOrder({ pages: issue(20), current: [4, 5] })).toEqual([
      '/p/4.webp',
      '/p/5.webp',
      '/p/6.webp',
      '/p/7.webp',
      '/p/8.webp',
      '/p/9.webp',
      '/p/3.webp',
    ]);
  });

  it('stays inside the issue at its start', () => {
    expect(preloadOrder({ pages: issue(3), current: [1] })).toEqual([
      '/p/1.webp',
      '/p/2.webp',
      '/p/3.webp',
    ]);
  });

  it("adds the next issue's first 2 pages only within the last 3 pages", () => {
    // 12 pages: page 9 is not within the last 3.
    expect(preloadOrder({ pages: issue(12), current: [9], nextFirstPages: next })).toEqual([
      '/p/9.webp',
      '/p/10.webp',
      '/p/11.webp',
      '/p/12.webp',
      '/p/8.webp',
    ]);
    expect(preloadOrder({ pages: issue(12), current: [10], nextFirstPages: next })).toEqual([
      '/p/10.webp',
      '/p/11.webp',
      '/p/12.webp',
      '/p/9.webp',
      '/next/1.webp',
      '/next/2.webp',
    ]);
    expect(preloadOrder({ pages: issue(12), current: [12], nextFirstPages: next })).toEqual([
      '/p/12.webp',
      '/p/11.webp',
      '/next/1.webp',
      '/next/2.webp',
    ]);
  });

  it('preloads nothing of a next issue that does not exist', () => {
    expect(preloadOrder({ pages: issue(2), current: [2] })).toEqual(['/p/2.webp', '/p/1.webp']);
  });
});
