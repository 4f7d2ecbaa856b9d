import { useEffect, useRef } from 'react';

/** Decoded pages kept beyond the wanted ones, so turning back and forth costs nothing. */
const KEEP_EXTRA = 12;

/**
 * Fetches and decodes `urls` in their order with `new Image()` + `decode()`, so a turn to a
 * preloaded page paints in the next frame. The images are held (a collected image may drop its
 * decoded copy); the least recently wanted are let go beyond a small margin.
 */
export function useReaderPreload(urls: readonly string[]): void {
  const held = useRef(new Map<string, HTMLImageElement>());
  const key = urls.join('\n');

  useEffect(() => {
    const images = held.current;
    const wanted = key ? key.split('\n') : [];
    for (const url of wanted) {
      const known = images.get(url);
      if (known) {
        // Most recently wanted last (Map keeps insertion order).
        images.delete(url);
        images.set(url, known);
        continue;
      }
      const image = new Image();
      image.decoding = 'async';
      image.src = url;
      images.set(url, image);
      // A failure shows on the page itself (its retry tile); here it only means no head start.
      image.decode?.().catch(() => undefined);
    }
    const wantedSet = new Set(wanted);
    let extra = images.size - wanted.length;
    for (const url of images.keys()) {
      if (extra <= KEEP_EXTRA) break;
      if (wantedSet.has(url)) continue;
      images.delete(url);
      extra -= 1;
    }
  }, [key]);

  useEffect(() => {
    const images = held.current;
    return () => images.clear();
  }, []);
}
