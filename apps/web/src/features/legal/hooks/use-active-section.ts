import { useEffect, useState } from 'react';

/**
 * The section being read, for the table of contents: the last of `ids` whose heading
 * has scrolled above 30% of the viewport, or the last section once the page is
 * scrolled to its end (short final sections never reach that line). Undefined before
 * the first section and where there is no layout (jsdom).
 */
export function useActiveSection(ids: readonly string[]): string | undefined {
  const [active, setActive] = useState<string>();
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const root = document.documentElement;
      if (!root.scrollHeight) return;
      const line = window.innerHeight * 0.3;
      let current: string | undefined;
      for (const id of ids) {
        const heading = document.getElementById(id);
        if (!heading) continue;
        if (heading.getBoundingClientRect().top > line) break;
        current = id;
      }
      const atEnd =
        window.scrollY > 0 && window.innerHeight + window.scrollY >= root.scrollHeight - 4;
      setActive(atEnd ? ids[ids.length - 1] : current);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [ids]);
  return active;
}
