import { useEffect, useState } from 'react';

/** True once the page is scrolled away from the top (the top bar's "scrolled" style). */
export function useScrolled(threshold = 0): boolean {
  // Read after the first paint, not while rendering: `scrollY` forces a layout (lib/viewport.ts).
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}
