import { useEffect, useState } from 'react';

/** True once the page is scrolled away from the top (the top bar's "scrolled" style). */
export function useScrolled(threshold = 0): boolean {
  const [scrolled, setScrolled] = useState(() => window.scrollY > threshold);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}
