import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFeedElapsed } from '@/lib/elapsed';
import { formatDate } from '@/lib/i18n';
import { useNow } from '@/lib/use-now';

const EXACT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * "5 Minutes Ago" (spec §4 feed labels), with the exact date on hover and for machines.
 *
 * The hover title is formatted when the pointer first comes over the time, not while the card
 * renders: a page's first `Intl.DateTimeFormat` with a date and time style loads the browser's
 * date patterns, 18–95 ms on the main thread in Chromium here (docs/web-performance.md), which
 * the feed's first screen of cards would otherwise pay in its render. A title only shows after
 * the pointer rests on the element, so it is there by then.
 */
export function ElapsedTime({ createdAt, className }: { createdAt: string; className?: string }) {
  useTranslation(); // re-render when the language changes
  const now = useNow();
  const [hovered, setHovered] = useState(false);
  return (
    <time
      className={className}
      dateTime={createdAt}
      title={hovered ? formatDate(createdAt, EXACT) : undefined}
      onPointerEnter={hovered ? undefined : () => setHovered(true)}
    >
      {formatFeedElapsed(createdAt, now)}
    </time>
  );
}
