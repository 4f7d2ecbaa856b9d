/*
 * The viewport's size for decisions taken while rendering, without forcing a layout.
 *
 * On phones (and in Lighthouse's mobile emulation) `window.innerWidth`, `innerHeight` and
 * `scrollY` make the browser lay out the page there and then, because the layout viewport can
 * depend on the content: read during a render, they pull the page's first style and layout
 * (tens of ms on a phone) into the render's task. The window's outer size and media queries are
 * known without a layout. They are estimates: what is measured later (a ResizeObserver) wins.
 */

/** The window's size in CSS px, the browser's frame included on a desktop (a little larger). */
export function viewportGuess(): { width: number; height: number } {
  if (typeof window === 'undefined') return { width: 360, height: 640 };
  return {
    width: window.outerWidth || window.screen?.width || window.innerWidth,
    height: window.outerHeight || window.screen?.height || window.innerHeight,
  };
}
