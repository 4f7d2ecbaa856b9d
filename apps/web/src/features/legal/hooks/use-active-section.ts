import { useEffect, useState } from 'react';

/**
 * The section being read: the first of `ids` whose `<section data-section>` crosses
 * the band under the sticky top bar. Undefined until the browser reports (and always
 * where IntersectionObserver is missing, as in jsdom).
 */
export function useActiveSection(ids: readonly string[]): string | undefined {
  const [active, setActive] = useState<string>();
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const visible = new Set<string>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const id = (entry.target as HTMLElement).dataset.section;
          if (!id) continue;
          if (entry.isIntersecting) visible.add(id);
          else visible.delete(id);
        }
        const first = ids.find((id) => visible.has(id));
        if (first) setActive(first);
      },
      // From just under the top bar to 40% of the viewport height.
      { rootMargin: '-72px 0px -60% 0px' },
    );
    for (const id of ids) {
      const el = document.getElementById(id)?.closest('[data-section]');
      if (el) observer.observe(el);
    }
    return () => observer.disconnect();
  }, [ids]);
  return active;
}
